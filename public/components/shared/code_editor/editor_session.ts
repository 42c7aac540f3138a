/**
 * One Monaco editor and everything it registered, created for a mounted `MonacoEditor` and
 * disposed with it: the editor, its model, its listeners and markers, its JSON schema, and its use
 * of the page-wide language registrations (registered once per page, disposed with the last
 * editor that uses them). Kept apart from React so the component stays a thin shell.
 */
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api';
import type { CodeEditorProps, GqlEditorSchema } from './code_editor_props';
import { ensureEditorStyles } from './editor_styles';
import { EDITOR_THEME, EDITOR_THEME_NAME } from './editor_theme';
import { GQL_LANGUAGE_ID, registerGqlLanguage } from './gql/gql_language';
import { gqlMarkers } from './gql/gql_markers';
import {
  JSON_FALLBACK_LANGUAGE_ID,
  registerJsonFallbackLanguage,
} from './json/json_fallback_language';
import { setEditorJsonSchema } from './json/json_language_service';
import { jsonMarkers } from './json/json_markers';
import { attachModelMarkers, type ModelMarkers } from './model_markers';
import { monacoFeatures } from './monaco_features';
import { PendingEchoes } from './pending_echoes';
import { SharedRegistrations, type Disposable } from './shared_registration';
import { codeEditorStrings } from './strings';
import { letTabLeaveAfterEscape } from './tab_exit';

export interface EditorSession {
  readonly editor: monaco.editor.IStandaloneCodeEditor;
  /** Applies a `value` prop that differs from the text, keeping the cursor and undo history. */
  setValue(value: string): void;
  setOptions(options: { readOnly: boolean; ariaLabel: string }): void;
  /** Whether Ctrl/Cmd+Enter runs `onSubmit` (otherwise it keeps Monaco's own meaning). */
  setCanSubmit(canSubmit: boolean): void;
  /** The `jsonSchema` or `gqlSchema` prop changed: check the text against the new one. */
  schemaChanged(): void;
  dispose(): void;
}

const registrations = new SharedRegistrations();
/** Model URI -> the latest `gqlSchema` of the editor that owns the model. */
const gqlSchemas = new Map<string, () => GqlEditorSchema | undefined>();
let editorCount = 0;
let themeDefined = false;

const SUBMIT_CONTEXT_KEY = 'federationCanSubmit';

const LANGUAGE_NAMES: Record<CodeEditorProps['languageId'], string> = { gql: 'GQL', json: 'JSON' };

/** Monaco's text input: a `div` with an EditContext where the browser has one, else a textarea. */
const TEXT_INPUT = '.native-edit-context, textarea.inputarea';

/**
 * `describedBy`: the id of the element that tells how to use the editor from the keyboard (how
 * to leave it with Tab), announced with the editor's name.
 */
export function createEditorSession(
  element: HTMLElement,
  props: { readonly current: CodeEditorProps },
  describedBy: string
): EditorSession {
  if (!themeDefined) {
    monaco.editor.defineTheme(EDITOR_THEME_NAME, EDITOR_THEME);
    themeDefined = true;
  }
  ensureEditorStyles(element.ownerDocument);
  const { jsonDefaults } = monacoFeatures();
  const { languageId } = props.current;
  // Unique per editor: JSON schemas and GQL schemas are matched to editors by model URI. Its
  // last segment is what the problem panel (F8) shows as the file name: the language, not an
  // internal name like "editor-1.gql".
  const uri = monaco.Uri.parse(
    `inmemory://federation/editor-${++editorCount}/${LANGUAGE_NAMES[languageId]}`
  );
  const modelUri = uri.toString();
  const disposables: Disposable[] = [];
  let monacoLanguage: string;
  let markers: ModelMarkers | undefined;

  if (languageId === 'gql') {
    monacoLanguage = GQL_LANGUAGE_ID;
    gqlSchemas.set(modelUri, () => props.current.gqlSchema);
    disposables.push({ dispose: () => gqlSchemas.delete(modelUri) });
    disposables.push(
      registrations.acquire(GQL_LANGUAGE_ID, () =>
        registerGqlLanguage((owner) => gqlSchemas.get(owner)?.())
      )
    );
  } else if (jsonDefaults) {
    monacoLanguage = 'json';
  } else {
    monacoLanguage = JSON_FALLBACK_LANGUAGE_ID;
    disposables.push(
      registrations.acquire(JSON_FALLBACK_LANGUAGE_ID, registerJsonFallbackLanguage)
    );
  }

  const model = monaco.editor.createModel(props.current.value, monacoLanguage, uri);
  const editor = monaco.editor.create(element, {
    model,
    theme: EDITOR_THEME_NAME,
    ariaLabel: props.current.ariaLabel,
    readOnly: props.current.readOnly ?? false,
    automaticLayout: true,
    minimap: { enabled: false },
    // Sticky scroll pins outer lines over the text; in editors this short it hides what you edit.
    stickyScroll: { enabled: false },
    scrollBeyondLastLine: false,
    // Let the page scroll when the editor has nothing more to scroll.
    scrollbar: { alwaysConsumeMouseWheel: false },
    fontFamily: "'Roboto Mono', Consolas, Menlo, Courier, monospace",
    fontSize: 13,
    tabSize: 2,
    wordWrap: 'on',
    lineNumbersMinChars: 3,
    folding: languageId === 'json',
    renderLineHighlight: 'line',
    // Offer only what the language knows, not every word of the text.
    wordBasedSuggestions: 'off',
    quickSuggestions: { other: true, strings: true, comments: false },
    // Suggestions and hovers may leave the editor's box (flyouts, short editors).
    fixedOverflowWidgets: true,
  });

  editor.getDomNode()?.querySelector(TEXT_INPUT)?.setAttribute('aria-describedby', describedBy);
  disposables.push(letTabLeaveAfterEscape(editor, element));

  if (languageId === 'gql') {
    markers = attachModelMarkers(model, 'gql', (text) => gqlMarkers(text, props.current.gqlSchema));
  } else if (jsonDefaults) {
    setEditorJsonSchema(jsonDefaults, modelUri, props.current.jsonSchema);
    disposables.push({ dispose: () => setEditorJsonSchema(jsonDefaults, modelUri, undefined) });
  } else {
    markers = attachModelMarkers(model, 'json', (text) =>
      jsonMarkers(text, props.current.jsonSchema?.schema)
    );
  }

  // Edits made to apply the `value` prop are not the user's: they are not echoed to onChange.
  let applyingValue = false;
  const echoes = new PendingEchoes();
  const changes = model.onDidChangeContent(() => {
    if (applyingValue) return;
    const text = model.getValue();
    echoes.sent(text);
    props.current.onChange(text);
  });
  const canSubmit = editor.createContextKey(
    SUBMIT_CONTEXT_KEY,
    props.current.onSubmit !== undefined
  );
  const submit = editor.addAction({
    id: 'federation.submit',
    label: codeEditorStrings.submitAction,
    keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
    precondition: SUBMIT_CONTEXT_KEY,
    run: () => props.current.onSubmit?.(),
  });

  return {
    editor,
    setValue(value) {
      // The parent rendering a text the editor reported is it catching up, maybe keys behind
      // the user: writing it back would drop what was typed since and move the caret.
      if (echoes.isEcho(value) || model.getValue() === value) return;
      const selections = editor.getSelections();
      applyingValue = true;
      try {
        // An edit rather than setValue keeps undo (Ctrl+Z goes back to the user's text).
        model.pushEditOperations(
          selections ?? [],
          [{ range: model.getFullModelRange(), text: value }],
          () => selections
        );
      } finally {
        applyingValue = false;
      }
      // Where the user was, as far as the new text reaches (Monaco clamps positions).
      if (selections) editor.setSelections(selections);
    },
    setOptions(options) {
      editor.updateOptions(options);
    },
    setCanSubmit(value) {
      canSubmit.set(value);
    },
    schemaChanged() {
      if (jsonDefaults && languageId === 'json') {
        setEditorJsonSchema(jsonDefaults, modelUri, props.current.jsonSchema);
      }
      markers?.refresh();
    },
    dispose() {
      markers?.dispose();
      submit.dispose();
      changes.dispose();
      editor.dispose();
      model.dispose();
      for (const disposable of disposables.reverse()) disposable.dispose();
    },
  };
}
