import { EuiFlexGroup, EuiFlexItem, EuiLoadingSpinner } from '@elastic/eui';
import { lazy, Suspense, type ComponentType } from 'react';
import { editorHeight, type CodeEditorProps } from './code_editor_props';
import { loadMonacoFeatures } from './monaco_features';
import { PlainTextEditor } from './plain_text_editor';
import { codeEditorStrings } from './strings';

export type { CodeEditorProps, GqlEditorSchema } from './code_editor_props';

/**
 * Monaco is large: it loads with the first editor shown, not with the app, together with what
 * the host adds to it (`monaco_features.ts`). If that fails, a plain text area says so and keeps
 * the text editable. The path names the folder so the jsdom tests' alias (vitest.config.mts) can
 * swap in the textarea stand-in.
 */
const MonacoEditor = lazy(async (): Promise<{ default: ComponentType<CodeEditorProps> }> => {
  try {
    const [editorModule] = await Promise.all([
      import('../code_editor/monaco_editor'),
      loadMonacoFeatures(),
    ]);
    return editorModule;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { default: (props) => <PlainTextEditor {...props} reason={reason} /> };
  }
});

/** The app's one code editor (GQL or JSON); see `monaco_editor.tsx` for what it owns. */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense
      fallback={
        // The editor's own height, so the page does not jump when it arrives.
        <EuiFlexGroup
          alignItems="center"
          justifyContent="center"
          style={{ height: editorHeight(props.height) }}
        >
          <EuiFlexItem grow={false}>
            {/* OUI's spinner is a bare span: a role lets its name reach screen readers. */}
            <EuiLoadingSpinner
              size="l"
              role="progressbar"
              aria-label={codeEditorStrings.loading(props.ariaLabel)}
            />
          </EuiFlexItem>
        </EuiFlexGroup>
      }
    >
      <MonacoEditor {...props} />
    </Suspense>
  );
}
