import { EuiButton, EuiCallOut, EuiFlexGroup, EuiFlexItem } from '@elastic/eui';
import { strings } from './strings';

/** What "Save and test" saved before a test: enough to say what is now stored. */
export interface SavedForTest {
  /** A password typed in the form was stored (and replaced any earlier one). */
  passwordTyped: boolean;
}

export interface SavedAnywayCalloutProps {
  id: string;
  saved: SavedForTest;
  /** Puts the cursor in the password field; absent for databases without a login. */
  onChangePassword?: () => void;
  /** Removes the stored password and tests again; absent when none is stored. */
  onRemovePassword?: () => void;
}

/**
 * Under a failed test that saved the settings first (the server tests stored settings only, and
 * `_validate` takes no body, docs/api/interface.md §4.2): says plainly that they were stored anyway, and offers
 * the one-click fixes for the usual cause, a wrong password.
 */
export function SavedAnywayCallout({
  id,
  saved,
  onChangePassword,
  onRemovePassword,
}: SavedAnywayCalloutProps) {
  return (
    <EuiCallOut
      title={strings.savedAnywayTitle(id)}
      color="warning"
      iconType="alert"
      size="s"
      data-test-subj="federationDatasourcesSavedAnyway"
    >
      <p>{saved.passwordTyped ? strings.savedAnywayPassword(id) : strings.savedAnyway(id)}</p>
      {onChangePassword || onRemovePassword ? (
        <EuiFlexGroup gutterSize="s" responsive={false} wrap>
          {onChangePassword ? (
            <EuiFlexItem grow={false}>
              <EuiButton
                size="s"
                onClick={onChangePassword}
                data-test-subj="federationDatasourcesChangePassword"
              >
                {strings.changePassword()}
              </EuiButton>
            </EuiFlexItem>
          ) : null}
          {onRemovePassword ? (
            <EuiFlexItem grow={false}>
              <EuiButton
                size="s"
                color="warning"
                onClick={onRemovePassword}
                data-test-subj="federationDatasourcesRemovePasswordAndTest"
              >
                {strings.removePasswordAndTest()}
              </EuiButton>
            </EuiFlexItem>
          ) : null}
        </EuiFlexGroup>
      ) : null}
    </EuiCallOut>
  );
}
