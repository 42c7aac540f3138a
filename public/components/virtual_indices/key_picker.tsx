import { EuiCallOut, EuiFormRow, EuiSelect, EuiSpacer } from '@elastic/eui';
import type { RemoteColumnView } from '../../services/api/datasources_api';
import { strings } from './strings';
import { splitColumns } from './virtual_index_form';

export interface KeyPickerProps {
  columns: RemoteColumnView[];
  value: string;
  onChange: (key: string) => void;
  error?: string;
}

/** The unique column that gives documents their `_id`, or none (aggregations only). */
export function KeyPicker({ columns, value, onChange, error }: KeyPickerProps) {
  // A skipped column cannot be the key: the server refuses it.
  const { mapped } = splitColumns(columns);
  const chosen = mapped.find((c) => c.name === value);
  return (
    <>
      <EuiFormRow
        label={strings.keyLabel()}
        helpText={strings.keyHelp()}
        isInvalid={error !== undefined}
        error={error}
        fullWidth
      >
        <EuiSelect
          options={[
            { value: '', text: strings.keyNone() },
            ...mapped.map((c) => ({ value: c.name, text: strings.keyOption(c.name, c.type) })),
          ]}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          isInvalid={error !== undefined}
          aria-invalid={error !== undefined}
          fullWidth
          data-test-subj="federationVirtualIndicesKeyField"
        />
      </EuiFormRow>
      {chosen?.nullable ? (
        <>
          <EuiSpacer size="s" />
          <EuiCallOut
            size="s"
            color="warning"
            iconType="alert"
            title={strings.keyNullable(chosen.name)}
            data-test-subj="federationVirtualIndicesKeyNullable"
          />
        </>
      ) : null}
    </>
  );
}
