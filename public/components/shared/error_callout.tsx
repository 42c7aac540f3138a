import { EuiCallOut } from '@elastic/eui';
import { errorDetails } from '../../services/error_reason';

/**
 * A failed call, in the server's words: the deepest cause OpenSearch gives first (what to fix),
 * then what the call as a whole failed with, then the cause's type and the status.
 */
export function ErrorCallout({
  title,
  error,
  dataTestSubj,
}: {
  title: string;
  error: unknown;
  dataTestSubj?: string;
}) {
  const { reason, type, status, context } = errorDetails(error);
  return (
    <EuiCallOut
      title={title}
      color="danger"
      iconType="alert"
      role="alert"
      data-test-subj={dataTestSubj}
    >
      <p>{reason}</p>
      {context.length > 0 ? (
        <p data-test-subj="federationErrorContext">
          <small>{context.join(' › ')}</small>
        </p>
      ) : null}
      {type || status ? (
        <p>
          <small>{[type, status].filter(Boolean).join(' · ')}</small>
        </p>
      ) : null}
    </EuiCallOut>
  );
}
