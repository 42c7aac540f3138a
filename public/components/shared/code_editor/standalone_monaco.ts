/**
 * The standalone host's Monaco: the bare editor API plus the contributions, CSS and JSON language
 * that OSD would otherwise provide (see `monaco_features.ts`). Loaded with the first editor, in
 * the same lazy chunk family as Monaco itself, so the app's start-up never pays for it.
 *
 * Contributions the editor relies on are named below: editing and navigation, find, bracket
 * matching, folding, hover (marker messages), suggest with snippets (JSON schema snippets), go to
 * next problem (F8), and tab-focus mode (Ctrl+M, so keyboard users can Tab out of the editor).
 *
 * Monaco registers its services once, when the first editor is created, from the contributions
 * loaded by then; one loaded later fails ("depends on UNKNOWN service"). The JSON language loads
 * its mode lazily, on the first JSON model, and that mode imports every editor contribution
 * (through Monaco's worker helpers), so it is imported here, before any editor exists.
 */
import 'monaco-editor/esm/vs/base/browser/ui/codicons/codicon/codicon.css';
import 'monaco-editor/esm/vs/base/browser/ui/codicons/codicon/codicon-modifiers.css';
import 'monaco-editor/esm/vs/editor/browser/coreCommands.js';
import 'monaco-editor/esm/vs/editor/browser/widget/codeEditor/codeEditorWidget.js';
import 'monaco-editor/esm/vs/editor/common/standaloneStrings.js';
import 'monaco-editor/esm/vs/editor/contrib/bracketMatching/browser/bracketMatching.js';
import 'monaco-editor/esm/vs/editor/contrib/caretOperations/browser/caretOperations.js';
import 'monaco-editor/esm/vs/editor/contrib/clipboard/browser/clipboard.js';
import 'monaco-editor/esm/vs/editor/contrib/comment/browser/comment.js';
import 'monaco-editor/esm/vs/editor/contrib/contextmenu/browser/contextmenu.js';
import 'monaco-editor/esm/vs/editor/contrib/cursorUndo/browser/cursorUndo.js';
import 'monaco-editor/esm/vs/editor/contrib/folding/browser/folding.js';
import 'monaco-editor/esm/vs/editor/contrib/format/browser/formatActions.js';
import 'monaco-editor/esm/vs/editor/contrib/gotoError/browser/gotoError.js';
import 'monaco-editor/esm/vs/editor/contrib/hover/browser/hoverContribution.js';
import 'monaco-editor/esm/vs/editor/contrib/indentation/browser/indentation.js';
import 'monaco-editor/esm/vs/editor/contrib/linesOperations/browser/linesOperations.js';
import 'monaco-editor/esm/vs/editor/contrib/multicursor/browser/multicursor.js';
import 'monaco-editor/esm/vs/editor/contrib/readOnlyMessage/browser/contribution.js';
import 'monaco-editor/esm/vs/editor/contrib/smartSelect/browser/smartSelect.js';
import 'monaco-editor/esm/vs/editor/contrib/snippet/browser/snippetController2.js';
import 'monaco-editor/esm/vs/editor/contrib/suggest/browser/suggestController.js';
import 'monaco-editor/esm/vs/editor/contrib/toggleTabFocusMode/browser/toggleTabFocusMode.js';
import 'monaco-editor/esm/vs/editor/contrib/wordHighlighter/browser/wordHighlighter.js';
import 'monaco-editor/esm/vs/editor/contrib/wordOperations/browser/wordOperations.js';
import 'monaco-editor/esm/vs/features/find/register.js';
import 'monaco-editor/esm/vs/languages/features/json/jsonMode.js';
import { jsonDefaults } from 'monaco-editor/esm/vs/languages/features/json/register';
import { installMonacoEnvironment } from './monaco_environment';
import type { MonacoFeatures } from './monaco_features';

/** Sets up the workers served under `workerBaseUrl` and returns what the editor may use. */
export function standaloneMonacoFeatures(workerBaseUrl: string): MonacoFeatures {
  installMonacoEnvironment(workerBaseUrl);
  return { jsonDefaults };
}
