/**
 * The accessible-editor way out: Tab indents inside the editor, as in any code editor, and
 * Escape then Tab (or Shift+Tab) moves the focus on to the next (previous) control instead. Works
 * the same in every host (OSD's shared Monaco may lack the Ctrl+M toggle), and `strings.ts`
 * announces it with the editor's description. Any other key in between cancels it.
 */
import type * as monaco from 'monaco-editor/esm/vs/editor/editor.api';
import type { Disposable } from './shared_registration';

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta']);

export function letTabLeaveAfterEscape(
  editor: monaco.editor.IStandaloneCodeEditor,
  container: HTMLElement
): Disposable {
  let armed = false;
  // Capture phase on the container: runs before Monaco's own key handling inside it, so the Tab
  // can be kept from Monaco (which would indent) while the browser still moves the focus.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      armed = true;
      return;
    }
    if (MODIFIERS.has(event.key)) return;
    const leaving =
      armed && event.key === 'Tab' && !event.ctrlKey && !event.altKey && !event.metaKey;
    armed = false;
    if (leaving) event.stopPropagation();
  };
  container.addEventListener('keydown', onKeyDown, true);
  const blur = editor.onDidBlurEditorText(() => {
    armed = false;
  });
  return {
    dispose() {
      container.removeEventListener('keydown', onKeyDown, true);
      blur.dispose();
    },
  };
}
