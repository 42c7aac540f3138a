import { EuiBadge, EuiCheckbox, EuiFieldPassword, EuiFormRow } from '@elastic/eui';
import { useId, type RefObject } from 'react';
import { strings } from './strings';

export interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Editing a stored datasource: an empty field keeps the stored password. */
  editing: boolean;
  /** The server holds a password for this datasource (`password_set`). */
  passwordSet: boolean;
  /** The stored password is to be removed on save. */
  remove: boolean;
  onRemoveChange: (remove: boolean) => void;
  error?: string;
  inputRef?: RefObject<HTMLInputElement>;
}

/**
 * Write-only: the field starts empty even when a password is stored, which a badge says, and an
 * empty field keeps the stored one. An empty field cannot also mean "no password", so removing
 * the stored one is a control of its own (a login without a password, or a wrong one saved).
 */
export function PasswordField({
  value,
  onChange,
  editing,
  passwordSet,
  remove,
  onRemoveChange,
  error,
  inputRef,
}: PasswordFieldProps) {
  const removeId = useId();
  const help = remove
    ? strings.passwordHelpRemoved()
    : !editing
      ? strings.passwordHelpNew()
      : passwordSet
        ? strings.passwordHelpStored()
        : strings.passwordHelpNone();
  return (
    <>
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
          inputRef={inputRef}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={
            remove
              ? strings.passwordRemovedPlaceholder()
              : passwordSet
                ? strings.passwordKeepPlaceholder()
                : undefined
          }
          disabled={remove}
          autoComplete="new-password"
          isInvalid={error !== undefined}
          aria-invalid={error !== undefined}
          dualToggleProps={{ 'aria-label': strings.showPassword() }}
          fullWidth
          data-test-subj="federationDatasourcesPasswordField"
        />
      </EuiFormRow>
      {passwordSet ? (
        <EuiFormRow fullWidth>
          <EuiCheckbox
            id={removeId}
            label={strings.removePassword()}
            checked={remove}
            onChange={(event) => onRemoveChange(event.target.checked)}
            data-test-subj="federationDatasourcesRemovePassword"
          />
        </EuiFormRow>
      ) : null}
    </>
  );
}
