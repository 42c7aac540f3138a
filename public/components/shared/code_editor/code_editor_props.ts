/**
 * The contract of the app's one code editor (Monaco, loaded lazily). Screens depend on these
 * props only; `code_editor.tsx` and the modules beside it own Monaco: theme, language
 * registration and disposal.
 */

/** What GQL completion knows about the open model: labels, relations and each label's fields. */
export interface GqlEditorSchema {
  /** Graph names offered after FROM (inserted as `"name"`). */
  graphs: string[];
  /** Labels offered after `(v:`; after `v.` the properties of `v`'s label (dotted paths allowed). */
  entities: { label: string; properties: string[] }[];
  /** Labels offered after `-[e:`, with `from → to` as their detail. */
  relations: { label: string; from: string; to: string }[];
}

/** The editor's height when `height` is not given, in pixels. */
export const DEFAULT_EDITOR_HEIGHT = 200;

/** `height` as CSS: a number is pixels. */
export function editorHeight(height: number | string | undefined): string {
  const value = height ?? DEFAULT_EDITOR_HEIGHT;
  return typeof value === 'number' ? `${value}px` : value;
}

export interface CodeEditorProps {
  languageId: 'gql' | 'json';
  /** The text. The editor calls `onChange` as the user types; a new value from the parent replaces the text (cursor kept). */
  value: string;
  onChange: (value: string) => void;
  /** Accessible name of the editor (screen readers announce it). */
  ariaLabel: string;
  /** CSS height, e.g. 240 (pixels) or '40vh'; 200 pixels when not given. */
  height?: number | string;
  readOnly?: boolean;
  /** GQL only: the model's labels, relations and properties, for completion. Read at each completion, so it may change. */
  gqlSchema?: GqlEditorSchema;
  /**
   * JSON only: validates and completes the document against this JSON schema (`uri` names it;
   * editors giving the same `uri` should give the same schema). Inside OSD, where Monaco has no
   * JSON language, the editor checks syntax and the schema itself and offers no completion.
   */
  jsonSchema?: { uri: string; schema: object };
  /** Ctrl/Cmd+Enter. */
  onSubmit?: () => void;
  dataTestSubj?: string;
}
