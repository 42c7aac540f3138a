import { EuiLoadingSpinner } from '@elastic/eui';
import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './code_editor_props';

export type { CodeEditorProps, GqlEditorSchema } from './code_editor_props';

// Monaco is large: it loads with the first editor shown, not with the app.
const MonacoEditor = lazy(() => import('./monaco_editor'));

/** The app's one code editor (GQL or JSON); see `monaco_editor.tsx` for what it owns. */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<EuiLoadingSpinner size="l" aria-label={props.ariaLabel} />}>
      <MonacoEditor {...props} />
    </Suspense>
  );
}
