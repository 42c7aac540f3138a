/**
 * Errors of `query_string` text, in OpenSearch's form: a 400 `query_shard_exception` "Failed to
 * parse query [...]" whose cause names what is wrong and where (line and column, as Lucene's
 * parser reports them).
 */
import { FederationError } from '../../errors';

/** A syntax error, at an offset of the text when it has one. */
export class QuerySyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number | null
  ) {
    super(message);
  }
}

export function parseFailure(
  query: string,
  message: string,
  offset: number | null
): FederationError {
  const where = offset === null ? '' : ` at ${position(query, offset)}`;
  const cause = `Cannot parse '${query}': ${message}${where}`;
  return new FederationError(
    400,
    'query_shard_exception',
    `Failed to parse query [${query}]: ${cause}`,
    {
      caused_by: { type: 'parse_exception', reason: cause },
    }
  );
}

/** `line L, column C`, both from 1, as Lucene reports positions. */
export function position(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return `line ${line}, column ${column}`;
}
