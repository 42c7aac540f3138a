import type { GqlSyntaxError } from './ast';

/** `line 1, column 10: expected ['FROM'] but found [MATCH]`, as the server reports a bad query. */
export function formatGqlError(error: GqlSyntaxError): string {
  return `line ${error.range.line}, column ${error.range.column}: ${error.message}`;
}
