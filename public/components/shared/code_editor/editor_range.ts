/** Ranges in Monaco's terms, built from the shared `SourceRange` (both 1-based, end exclusive). */
import type { SourceRange } from '../../../../common/gql/ast';

/** Monaco's `IRange` shape, without importing Monaco (these modules run in plain unit tests). */
export interface EditorRange {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

export function toEditorRange(range: SourceRange): EditorRange {
  return {
    startLineNumber: range.line,
    startColumn: range.column,
    endLineNumber: range.endLine,
    endColumn: range.endColumn,
  };
}

/** An error or warning to draw in the editor: Monaco's `IMarkerData` without its enum. */
export interface EditorMarker extends EditorRange {
  message: string;
  severity: 'error' | 'warning';
}
