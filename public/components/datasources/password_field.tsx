import { EuiBadge, EuiFieldPassword, EuiFormRow } from '@elastic/eui';
import { strings } from './strings';

export interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Editing a stored datasource: an empty field keeps the stored password. */
  editing: boolean;
  /** The server holds a password for this datasource (`password_set`). */
  passwordSet: boolean;
  error?: string;
}

/**
 * Write-only: the field starts empty even when a password is stored, which a badge says, and an
 * empty field keeps the stored one.
 */
export function PasswordField({
  value,
  onChange,
  editing,
  passwordSet,
  error,
}: PasswordFieldProps) {
  const help = !editing
    ? strings.passwordHelpNew()
    : passwordSet
      ? strings.passwordHelpStored()
      : strings.passwordHelpNone();
  return (
    <EuiFormRow
      label={strings.passwordLabel()}
      labelAppend={
        passwordSet ? (
          <EuiBadge color="hollow" data-test-subj="federationDatasourcesPasswordSetBadge">
            {strings.passwordSetBadge()}
          </EuiBadge>
        ) : undefined
      }
      helpText={help}
      isInvalid={error !== undefined}
      error={error}
      fullWidth
    >
      <EuiFieldPassword
        type="dual"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={passwordSet ? strings.passwordKeepPlaceholder() : undefined}
        autoComplete="new-password"
        isInvalid={error !== undefined}
        aria-invalid={error !== undefined}
        dualToggleProps={{ 'aria-label': strings.showPassword() }}
        fullWidth
        data-test-subj="federationDatasourcesPasswordField"
      />
    </EuiFormRow>
  );
}
