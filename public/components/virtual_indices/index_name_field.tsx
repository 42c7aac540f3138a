import { EuiFieldText, EuiFormRow } from '@elastic/eui';
import { strings } from './strings';

export interface IndexNameFieldProps {
  value: string;
  onChange: (id: string) => void;
  disabled: boolean;
  /** The rule the name breaks, checked as the user types, or the server's reason. */
  error?: string;
}

export function IndexNameField({ value, onChange, disabled, error }: IndexNameFieldProps) {
  return (
    <EuiFormRow
      label={strings.idLabel()}
      helpText={strings.idHelp()}
      isInvalid={error !== undefined}
      error={error}
      fullWidth
    >
      <EuiFieldText
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        isInvalid={error !== undefined}
        aria-invalid={error !== undefined}
        autoComplete="off"
        spellCheck={false}
        fullWidth
        data-test-subj="federationVirtualIndicesIdField"
      />
    </EuiFormRow>
  );
}
