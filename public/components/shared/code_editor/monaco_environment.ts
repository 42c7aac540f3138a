/**
 * Where Monaco's web workers come from in the standalone build. `scripts/build_ui.ts` builds each
 * entry below as its own file beside the bundle; Monaco asks `MonacoEnvironment.getWorker` for a
 * worker by label (`json` for the JSON language service, anything else for the editor worker
 * that computes diffs and word ranges). The worker is started here, as a module worker straight
 * from its file on this origin: with only `getWorkerUrl`, Monaco would start it through a small
 * `blob:` script, which the host's strict CSP (`worker-src 'self'`) refuses.
 */

/** Output name (without `.js`) -> the module it is built from. */
export const MONACO_WORKER_ENTRY_POINTS = {
  'editor.worker': 'monaco-editor/esm/vs/editor/editor.worker.js',
  'json.worker': 'monaco-editor/esm/vs/language/json/json.worker.js',
} as const;

export function monacoWorkerUrl(baseUrl: string, label: string): string {
  const name: keyof typeof MONACO_WORKER_ENTRY_POINTS =
    label === 'json' ? 'json.worker' : 'editor.worker';
  return `${baseUrl}${name}.js`;
}

interface MonacoEnvironmentHolder {
  MonacoEnvironment?: {
    getWorker(workerId: string, label: string): Worker;
    getWorkerUrl(workerId: string, label: string): string;
  };
}

/** Points Monaco at the workers served under `baseUrl` (e.g. `/ui/`). */
export function installMonacoEnvironment(baseUrl: string): void {
  (globalThis as MonacoEnvironmentHolder).MonacoEnvironment = {
    getWorker: (_workerId, label) =>
      new Worker(monacoWorkerUrl(baseUrl, label), { type: 'module', name: label }),
    getWorkerUrl: (_workerId, label) => monacoWorkerUrl(baseUrl, label),
  };
}
