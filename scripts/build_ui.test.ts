import { mkdtemp, readFile, rm } from 'fs/promises';
import { tmpdir } from 'os';
import path from 'path';
import { runInNewContext } from 'vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOsdBundle, buildUi, OSD_BUNDLE_FILE } from './build_ui';

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

  it('takes React, ReactDOM, OUI and Monaco from __osdSharedDeps__ instead of bundling them', () => {
    for (const name of ['React', 'ReactDom', 'ElasticEui', 'MonacoBarePluginApi']) {
      expect(bundle).toContain(`window.__osdSharedDeps__.${name}`);
    }
    // Strings only React's, OUI's and Monaco's own sources contain.
    expect(bundle).not.toContain('react.element');
    expect(bundle).not.toContain('reactjs.org/docs/error-decoder');
    expect(bundle).not.toContain('euiEmptyPrompt');
    expect(bundle).not.toContain('monaco-editor-background');
    // The app's own code and libraries (zod, cytoscape, chevrotain, react-query); OUI alone
    // would add about 2 MB and Monaco 3 MB. `assertNoSharedDepsBundled` is the exact check.
    expect(bundle.length).toBeLessThan(2_000_000);
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

describe('buildUi', () => {
  let outDir: string;
  let result: Awaited<ReturnType<typeof buildUi>>;

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'federation-ui-'));
    result = await buildUi({ outDir, force: true });
  }, 180_000);

  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it('loads the app as an ES module, so its chunks can be loaded on demand', async () => {
    const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    expect(html).toContain('<script type="module" src="/ui/federation.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/ui/federation.css" />');
  });

  it('keeps Monaco out of the main chunk: it comes with the first code editor', async () => {
    const main = await readFile(path.join(outDir, 'federation.js'), 'utf8');
    const monacoChunks = result.monacoFiles ?? [];
    expect(monacoChunks.length).toBeGreaterThan(0);
    let monaco = '';
    for (const chunk of monacoChunks) {
      expect(chunk).toMatch(/^chunks\/.+\.js$/);
      // Reached only through import(): the entry has no static import of it.
      const name = path.basename(chunk).replace(/[.]/g, '\\.');
      expect(main).not.toMatch(new RegExp(`from\\s*"[^"]*${name}"|import\\s*"[^"]*${name}"`));
      monaco += await readFile(path.join(outDir, chunk), 'utf8');
    }
    expect(main).not.toContain('monaco-editor-background');
    expect(monaco).toContain('monaco-editor-background');
  });

  it("builds Monaco's editor and JSON workers as files of their own", async () => {
    for (const worker of ['editor.worker.js', 'json.worker.js']) {
      expect(result.sizes[worker]).toBeGreaterThan(100_000);
      const code = await readFile(path.join(outDir, worker), 'utf8');
      // Self-contained: a worker cannot load the page's chunks.
      expect(code).not.toMatch(/from\s*["']\.\/chunks\//);
    }
  });

  it("ships Monaco's CSS in federation.css and its codicon font as an asset", async () => {
    const css = await readFile(path.join(outDir, 'federation.css'), 'utf8');
    expect(css).toContain('.monaco-editor');
    const font = /url\("?(\/ui\/assets\/codicon-[A-Z0-9]+\.ttf)"?\)/.exec(css)?.[1];
    expect(font).toBeDefined();
    expect(result.sizes[font!.slice('/ui/'.length)]).toBeGreaterThan(10_000);
    // No stray per-chunk CSS copies nobody loads.
    expect(Object.keys(result.sizes).filter((file) => /^chunks\/.*\.css/.test(file))).toEqual([]);
  });
});
