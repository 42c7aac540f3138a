/**
 * Keeps an editor model's markers in step with its text: computed at once, then again a moment
 * after the user stops typing (checking on every keystroke would make the squiggles flicker),
 * and cleared when the editor goes.
 */
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api';
import type { EditorMarker } from './editor_range';

export const MARKER_DELAY_MS = 250;

export interface ModelMarkers {
  /** Recomputes now (e.g. the schema the markers depend on changed). */
  refresh(): void;
  dispose(): void;
}

export function attachModelMarkers(
  model: monaco.editor.ITextModel,
  owner: string,
  compute: (text: string) => EditorMarker[]
): ModelMarkers {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refresh = () => {
    clearTimeout(timer);
    timer = undefined;
    if (model.isDisposed()) return;
    monaco.editor.setModelMarkers(model, owner, compute(model.getValue()).map(toMarkerData));
  };
  const listener = model.onDidChangeContent(() => {
    clearTimeout(timer);
    timer = setTimeout(refresh, MARKER_DELAY_MS);
  });
  refresh();
  return {
    refresh,
    dispose() {
      clearTimeout(timer);
      listener.dispose();
      if (!model.isDisposed()) monaco.editor.setModelMarkers(model, owner, []);
    },
  };
}

function toMarkerData({ severity, ...marker }: EditorMarker): monaco.editor.IMarkerData {
  return {
    ...marker,
    severity: severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
  };
}
