/**
 * The app's Monaco editor (default export, loaded lazily by `code_editor.tsx`): one editor per
 * mount, kept in step with the props (see `editor_session.ts` for what it creates and disposes).
 */
import { EuiScreenReaderOnly } from '@elastic/eui';
import { useEffect, useId, useRef, type CSSProperties } from 'react';
import { editorHeight, type CodeEditorProps } from './code_editor_props';
import { createEditorSession, type EditorSession } from './editor_session';
import { codeEditorStrings } from './strings';

/** OUI's form-control border, so the editor sits among fields like one of them. */
const FRAME: CSSProperties = {
  width: '100%',
  border: '1px solid #D3DAE6',
  borderRadius: 4,
  overflow: 'hidden',
  boxSizing: 'border-box',
};

export default function MonacoEditor(props: CodeEditorProps) {
  const { languageId, value, ariaLabel, readOnly = false, onSubmit, jsonSchema, gqlSchema } = props;
  const keyboardHelpId = useId();
  const container = useRef<HTMLDivElement>(null);
  const session = useRef<EditorSession | undefined>(undefined);
  // Providers and listeners read the latest props through this, never the first render's.
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    if (!container.current) return undefined;
    const created = createEditorSession(container.current, latest, keyboardHelpId);
    session.current = created;
    return () => {
      created.dispose();
      session.current = undefined;
    };
  }, [languageId, keyboardHelpId]);

  useEffect(() => session.current?.setValue(value), [value]);
  useEffect(() => session.current?.setOptions({ readOnly, ariaLabel }), [readOnly, ariaLabel]);
  useEffect(() => session.current?.setCanSubmit(onSubmit !== undefined), [onSubmit]);
  // By content: a schema object rebuilt on every render must not re-validate on every render.
  // The GQL schema grows as the model's mappings arrive: its properties' markers follow.
  const schemaKey = jsonSchema
    ? `${jsonSchema.uri} ${JSON.stringify(jsonSchema.schema)}`
    : JSON.stringify(gqlSchema ?? null);
  useEffect(() => session.current?.schemaChanged(), [schemaKey]);

  return (
    <>
      <div
        ref={container}
        className="federationCodeEditor"
        data-test-subj={props.dataTestSubj}
        style={{ ...FRAME, height: editorHeight(props.height) }}
      />
      {/* Read with the editor's name (its text input's aria-describedby), not shown. */}
      <EuiScreenReaderOnly>
        <span id={keyboardHelpId}>{codeEditorStrings.keyboardHelp(readOnly)}</span>
      </EuiScreenReaderOnly>
    </>
  );
}
