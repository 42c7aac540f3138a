/**
 * What the host adds to Monaco's bare editor API. The editor code imports only the bare API
 * (`monaco-editor/esm/vs/editor/editor.api`), which inside OSD is OSD's shared copy (with the
 * contributions OSD loads: suggest, hover, ...). The standalone host loads the rest itself (editor
 * contributions, CSS, the JSON language and its worker) and provides it here before the first
 * editor is created; inside OSD nothing is provided and the editor uses its own JSON checks.
 */
import type { LanguageServiceDefaults } from 'monaco-editor/esm/vs/languages/features/json/register';

export interface MonacoFeatures {
  /** Monaco's JSON language service (validation and completion against a JSON schema). */
  jsonDefaults?: LanguageServiceDefaults;
}

let load: (() => Promise<MonacoFeatures>) | undefined;
let loading: Promise<MonacoFeatures> | undefined;
let loaded: MonacoFeatures | undefined;

/** Called once by a host, before any editor is shown; the loader runs with the first editor. */
export function provideMonacoFeatures(loader: () => Promise<MonacoFeatures>): void {
  load = loader;
  loading = undefined;
  loaded = undefined;
}

/** Loads what the host provides (once); resolves to nothing extra when the host provides nothing. */
export function loadMonacoFeatures(): Promise<MonacoFeatures> {
  loading ??= (load ? load() : Promise.resolve({})).then((features) => (loaded = features));
  return loading;
}

/** The loaded features; `code_editor.tsx` awaits `loadMonacoFeatures` before any editor mounts. */
export function monacoFeatures(): MonacoFeatures {
  return loaded ?? {};
}
