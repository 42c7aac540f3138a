import { EuiCallOut } from '@elastic/eui';
import type { ValidateResult } from '../../services/api/datasources_api';
import { ErrorCallout } from '../shared/error_callout';
import { strings } from './strings';

export type ConnectionTestOutcome =
  { ok: true; result: ValidateResult } | { ok: false; error: unknown };

/**
 * The answer of `_validate`, where the test was asked for: the server's version on success, or
 * its reason on failure (for a wrong password, the database driver's own message).
 */
export function ConnectionTestResult({ outcome }: { outcome: ConnectionTestOutcome }) {
  if (!outcome.ok) {
    return (
      <ErrorCallout
        title={strings.testFailed()}
        error={outcome.error}
        dataTestSubj="federationDatasourcesTestFailure"
      />
    );
  }
  return (
    <EuiCallOut
      title={strings.testSucceeded()}
      color="success"
      iconType="check"
      role="status"
      data-test-subj="federationDatasourcesTestSuccess"
    >
      <p>{strings.testServer(outcome.result.server, outcome.result.took_in_millis)}</p>
    </EuiCallOut>
  );
}
