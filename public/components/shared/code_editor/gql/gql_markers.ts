/**
 * Markers for a GQL text: every error `parseGql` reports (lexical, syntactic, semantic), at the
 * range the parser gives and with its message, so the editor says exactly what the server would
 * answer when the query runs; and, with the editor's schema, a warning on each property its entity
 * does not have (the server runs such a query and answers null).
 */
import { gqlTokens } from '../../../../../common/gql/highlight';
import { parseGql } from '../../../../../common/gql/parse';
import type { GqlEditorSchema } from '../code_editor_props';
import { toEditorRange, type EditorMarker } from '../editor_range';
import { unknownPropertyMarkers } from './unknown_properties';

export function gqlMarkers(text: string, schema?: GqlEditorSchema): EditorMarker[] {
  // An empty editor (or one holding only comments) is not yet a mistake: say nothing until the
  // user has written something to check.
  if (gqlTokens(text).every((token) => token.kind === 'comment')) return [];
  const { statement, errors } = parseGql(text);
  const markers: EditorMarker[] = [
    ...errors.map((error) => ({
      ...toEditorRange(error.range),
      message: error.message,
      severity: 'error' as const,
    })),
    ...unknownPropertyMarkers(statement, schema),
  ];
  return markers.sort(
    (a, b) => a.startLineNumber - b.startLineNumber || a.startColumn - b.startColumn
  );
}
