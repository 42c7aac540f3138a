/**
 * The contract of the app's one code editor (Monaco, loaded lazily). Screens depend on these
 * props only; `code_editor.tsx` owns Monaco: theme, language registration and disposal.
 */

/** What GQL completion knows about the open model: labels, relations and each label's fields. */
export interface GqlEditorSchema {
  graphs: string[];
  entities: { label: string; properties: string[] }[];
  relations: { label: string; from: string; to: string }[];
}

export interface CodeEditorProps {
  languageId: 'gql' | 'json';
  value: string;
  onChange: (value: string) => void;
  /** Accessible name of the editor (screen readers announce it). */
  ariaLabel: string;
  /** CSS height, e.g. 240 or '40vh'. */
  height?: number | string;
  readOnly?: boolean;
  /** GQL only: the model's labels, relations and properties, for completion. */
  gqlSchema?: GqlEditorSchema;
  /** JSON only: validates and completes the document against this JSON schema. */
  jsonSchema?: { uri: string; schema: object };
  /** Ctrl/Cmd+Enter. */
  onSubmit?: () => void;
  dataTestSubj?: string;
}
