import { afterEach, describe, expect, it } from 'vitest';
import { installMonacoEnvironment, monacoWorkerUrl } from './monaco_environment';

type Holder = { MonacoEnvironment?: { getWorkerUrl(id: string, label: string): string } };

describe('Monaco worker URLs', () => {
  afterEach(() => {
    delete (globalThis as Holder).MonacoEnvironment;
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
});
