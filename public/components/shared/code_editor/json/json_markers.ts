/**
 * The markers of the editor's own JSON checks (used where Monaco's JSON language service is
 * missing, i.e. inside OSD): the first syntax error, or else every schema problem.
 */
import { SourceText } from '../../../../../common/gql/source_text';
import type { EditorMarker } from '../editor_range';
import { parseJsonDocument, type JsonSpan } from './json_document';
import { checkJsonSchema } from './json_schema_check';

export function jsonMarkers(text: string, schema: object | undefined): EditorMarker[] {
  // An empty editor is a document not yet written, not an error to shout about.
  if (text.trim() === '') return [];
  const source = new SourceText(text);
  const marker = (message: string, span: JsonSpan, severity: EditorMarker['severity']) => {
    const range = source.range(span.start, span.end);
    return {
      message,
      severity,
      startLineNumber: range.line,
      startColumn: range.column,
      endLineNumber: range.endLine,
      endColumn: range.endColumn,
    };
  };
  const parsed = parseJsonDocument(text);
  if (!parsed.ok) return [marker(parsed.error.message, parsed.error.span, 'error')];
  if (!schema) return [];
  // Schema problems are warnings, as Monaco's JSON service reports them: the server decides.
  return checkJsonSchema(parsed.root, schema).map((problem) =>
    marker(problem.message, problem.span, 'warning')
  );
}
