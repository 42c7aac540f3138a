import { afterEach, describe, expect, it, vi } from 'vitest';
import { installMonacoEnvironment, monacoWorkerUrl } from './monaco_environment';

type Holder = {
  MonacoEnvironment?: {
    getWorker(id: string, label: string): unknown;
    getWorkerUrl(id: string, label: string): string;
  };
};

describe('Monaco worker URLs', () => {
  afterEach(() => {
    delete (globalThis as Holder).MonacoEnvironment;
    vi.unstubAllGlobals();
  });

  it('gives the JSON language its worker and everything else the editor worker', () => {
    expect(monacoWorkerUrl('/ui/', 'json')).toBe('/ui/json.worker.js');
    expect(monacoWorkerUrl('/ui/', 'editorWorkerService')).toBe('/ui/editor.worker.js');
  });

  it('installs MonacoEnvironment.getWorkerUrl for Monaco to find', () => {
    installMonacoEnvironment('/ui/');
    expect((globalThis as Holder).MonacoEnvironment?.getWorkerUrl('workerMain.js', 'json')).toBe(
      '/ui/json.worker.js'
    );
  });

  it('starts each worker itself, as a module worker from its own file (no blob: bootstrap)', () => {
    const started: unknown[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        constructor(...args: unknown[]) {
          started.push(args);
        }
      }
    );
    installMonacoEnvironment('/ui/');
    (globalThis as Holder).MonacoEnvironment?.getWorker('workerMain.js', 'json');
    (globalThis as Holder).MonacoEnvironment?.getWorker('workerMain.js', 'editorWorkerService');
    expect(started).toEqual([
      ['/ui/json.worker.js', { type: 'module', name: 'json' }],
      ['/ui/editor.worker.js', { type: 'module', name: 'editorWorkerService' }],
    ]);
  });
});
