import { mkdtemp, readFile, rm } from 'fs/promises';
import { tmpdir } from 'os';
import path from 'path';
import { runInNewContext } from 'vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOsdBundle, OSD_BUNDLE_FILE } from './build_ui';

describe('buildOsdBundle', () => {
  let outDir: string;
  let bundle: string;

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'federation-osd-bundle-'));
    const result = await buildOsdBundle({ outDir, force: true });
    expect(result.skipped).toBe(false);
    bundle = await readFile(path.join(outDir, OSD_BUNDLE_FILE), 'utf8');
  });

  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it('registers the public plugin with OSD under plugin/federation/public', () => {
    expect(bundle).toContain('__osdBundles__.define(');
    expect(bundle).toContain('"plugin/federation/public"');
  });

  it('takes React, ReactDOM and OUI from __osdSharedDeps__ instead of bundling them', () => {
    for (const name of ['React', 'ReactDom', 'ElasticEui']) {
      expect(bundle).toContain(`window.__osdSharedDeps__.${name}`);
    }
    // Strings only React's and OUI's own sources contain.
    expect(bundle).not.toContain('react.element');
    expect(bundle).not.toContain('reactjs.org/docs/error-decoder');
    expect(bundle).not.toContain('euiEmptyPrompt');
    // Small: our code and react-query, not a UI library.
    expect(bundle.length).toBeLessThan(200_000);
  });

  it('defines a module whose plugin() registers the app, as OSD reads it', () => {
    const modules = new Map<string, () => unknown>();
    const sandbox = {
      __osdBundles__: {
        define: (key: string, bundleRequire: (k: string) => unknown, moduleKey: string) =>
          modules.set(key, () => bundleRequire(moduleKey)),
      },
      // Only read when the app mounts, which this test does not do.
      __osdSharedDeps__: {},
    };
    runInNewContext(bundle, { ...sandbox, window: sandbox });

    const publicModule = modules.get('plugin/federation/public')?.() as {
      plugin: (context: unknown) => { setup(core: unknown): void };
    };
    expect(typeof publicModule.plugin).toBe('function');

    const registered: Array<Record<string, unknown>> = [];
    publicModule.plugin({}).setup({
      application: { register: (app: Record<string, unknown>) => registered.push(app) },
      getStartServices: () => new Promise(() => {}),
    });
    expect(registered).toHaveLength(1);
    expect(registered[0]).toMatchObject({
      id: 'federation',
      title: 'Federation',
      category: { id: 'opensearch', label: 'OpenSearch Plugins', order: 2000 },
    });
    expect(typeof registered[0].mount).toBe('function');
  });

  it('skips the build when the output is newer than every input', async () => {
    const again = await buildOsdBundle({ outDir });
    expect(again.skipped).toBe(true);
  });
});
