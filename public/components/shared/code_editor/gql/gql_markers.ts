/**
 * Error markers for a GQL text: every error `parseGql` reports (lexical, syntactic, semantic), at
 * the range the parser gives and with its message, so the editor says exactly what the server
 * would answer when the query runs.
 */
import { gqlTokens } from '../../../../../common/gql/highlight';
import { parseGql } from '../../../../../common/gql/parse';
import { toEditorRange, type EditorMarker } from '../editor_range';

export function gqlMarkers(text: string): EditorMarker[] {
  // An empty editor (or one holding only comments) is not yet a mistake: say nothing until the
  // user has written something to check.
  if (gqlTokens(text).every((token) => token.kind === 'comment')) return [];
  return parseGql(text).errors.map((error) => ({
    ...toEditorRange(error.range),
    message: error.message,
    severity: 'error',
  }));
}
