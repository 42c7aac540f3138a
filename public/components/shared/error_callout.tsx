import { EuiCallOut } from '@elastic/eui';
import { errorDetails } from '../../services/error_reason';

/** A failed call, in the server's words (`error.reason`), with its type and status when known. */
export function ErrorCallout({
  title,
  error,
  dataTestSubj,
}: {
  title: string;
  error: unknown;
  dataTestSubj?: string;
}) {
  const { reason, type, status } = errorDetails(error);
  return (
    <EuiCallOut
      title={title}
      color="danger"
      iconType="alert"
      role="alert"
      data-test-subj={dataTestSubj}
    >
      <p>{reason}</p>
      {type || status ? (
        <p>
          <small>{[type, status].filter(Boolean).join(' · ')}</small>
        </p>
      ) : null}
    </EuiCallOut>
  );
}
