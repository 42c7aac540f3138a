/**
 * The app's Monaco editor (default export, loaded lazily by `code_editor.tsx`): one editor per
 * mount, kept in step with the props (see `editor_session.ts` for what it creates and disposes).
 */
import { useEffect, useRef, type CSSProperties } from 'react';
import { editorHeight, type CodeEditorProps } from './code_editor_props';
import { createEditorSession, type EditorSession } from './editor_session';

/** OUI's form-control border, so the editor sits among fields like one of them. */
const FRAME: CSSProperties = {
  width: '100%',
  border: '1px solid #D3DAE6',
  borderRadius: 4,
  overflow: 'hidden',
  boxSizing: 'border-box',
};

export default function MonacoEditor(props: CodeEditorProps) {
  const { languageId, value, ariaLabel, readOnly = false, onSubmit, jsonSchema } = props;
  const container = useRef<HTMLDivElement>(null);
  const session = useRef<EditorSession | undefined>(undefined);
  // Providers and listeners read the latest props through this, never the first render's.
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    if (!container.current) return undefined;
    const created = createEditorSession(container.current, latest);
    session.current = created;
    return () => {
      created.dispose();
      session.current = undefined;
    };
  }, [languageId]);

  useEffect(() => session.current?.setValue(value), [value]);
  useEffect(() => session.current?.setOptions({ readOnly, ariaLabel }), [readOnly, ariaLabel]);
  useEffect(() => session.current?.setCanSubmit(onSubmit !== undefined), [onSubmit]);
  // By content: a schema object rebuilt on every render must not re-validate on every render.
  const schemaKey = jsonSchema ? `${jsonSchema.uri} ${JSON.stringify(jsonSchema.schema)}` : '';
  useEffect(() => session.current?.schemaChanged(), [schemaKey]);

  return (
    <div
      ref={container}
      className="federationCodeEditor"
      data-test-subj={props.dataTestSubj}
      style={{ ...FRAME, height: editorHeight(props.height) }}
    />
  );
}
