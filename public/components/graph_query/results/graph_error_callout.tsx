import { EuiText } from '@elastic/eui';
import { errorDetails } from '../../../services/error_reason';
import { ErrorCallout } from '../../shared/error_callout';
import { strings } from '../strings';

/** Where a `parsing_exception` points: the server adds `line` and `col` to the error. */
export function errorPosition(error: unknown): { line: number; column: number } | null {
  const body = (error as { body?: unknown } | null)?.body;
  const inner = (body as { error?: { line?: unknown; col?: unknown } } | undefined)?.error;
  return typeof inner?.line === 'number' && typeof inner?.col === 'number'
    ? { line: inner.line, column: inner.col }
    : null;
}

/**
 * A failed run in the server's words. The place in the query, when the server gives it apart
 * (`line`, `col`), is added unless the reason already says it.
 */
export function GraphErrorCallout({ error }: { error: unknown }) {
  const found = errorPosition(error);
  const position =
    found && !errorDetails(error).reason.includes(`line ${found.line}, column ${found.column}`)
      ? found
      : null;
  return (
    <div>
      <ErrorCallout
        title={strings.errorTitle()}
        error={error}
        dataTestSubj="federationGraphError"
      />
      {position ? (
        <EuiText size="xs" color="subdued" data-test-subj="federationGraphErrorPosition">
          <p>{strings.errorPosition(position.line, position.column)}</p>
        </EuiText>
      ) : null}
    </div>
  );
}
