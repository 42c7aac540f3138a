import { build } from 'esbuild';
import * as React from 'react';
import { jsx as reactJsx } from 'react/jsx-runtime';
import { runInNewContext } from 'vm';
import { describe, expect, it } from 'vitest';
import { assertNoSharedDepsBundled, osdSharedDepsPlugin } from './osd_shared_deps';

/** Bundles `source` with the plugin and returns the bundle's text. */
async function bundle(source: string): Promise<string> {
  const result = await build({
    stdin: { contents: source, resolveDir: __dirname, loader: 'js' },
    bundle: true,
    write: false,
    format: 'cjs',
    logLevel: 'silent',
    plugins: [osdSharedDepsPlugin()],
  });
  return result.outputFiles[0].text;
}

/** Runs a CommonJS bundle with `window.__osdSharedDeps__` set and returns its exports. */
function run(code: string, sharedDeps: Record<string, unknown>): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  const window = { __osdSharedDeps__: sharedDeps };
  runInNewContext(code, { module, exports: module.exports, window });
  return module.exports;
}

describe('osdSharedDepsPlugin', () => {
  it('resolves shared packages to the __osdSharedDeps__ globals', async () => {
    const code = await bundle(
      "import React from 'react'; import * as Eui from '@elastic/eui'; export { React, Eui };"
    );
    const exports = run(code, { React, ElasticEui: { EuiTab: 'tab' } });
    expect(exports.React).toBe(React);
    expect((exports.Eui as Record<string, unknown>).EuiTab).toBe('tab');
  });

  it('builds react/jsx-runtime over the shared React, matching React’s own jsx()', async () => {
    const code = await bundle("export { jsx, jsxs, Fragment } from 'react/jsx-runtime';");
    const { jsx, Fragment } = run(code, { React }) as {
      jsx: typeof reactJsx;
      Fragment: unknown;
    };
    const ours = jsx('div', { id: 'a', children: ['x', 'y'] }, 'k');
    const theirs = reactJsx('div', { id: 'a', children: ['x', 'y'] }, 'k');
    expect(ours.key).toBe(theirs.key);
    expect(ours.props).toEqual(theirs.props);
    expect(Fragment).toBe(React.Fragment);
  });

  it('falls back to the legacy render API on a host without createRoot', async () => {
    const code = await bundle("export { createRoot } from 'react-dom/client';");
    const calls: string[] = [];
    const legacyReactDom = {
      render: () => calls.push('render'),
      unmountComponentAtNode: () => calls.push('unmount'),
    };
    const { createRoot } = run(code, { ReactDom: legacyReactDom }) as {
      createRoot: (el: unknown) => { render(node: unknown): void; unmount(): void };
    };
    const root = createRoot({});
    root.render(null);
    root.unmount();
    expect(calls).toEqual(['render', 'unmount']);
  });

  it('refuses entry points OSD does not share, which would bundle a second copy', async () => {
    await expect(bundle("import b from 'lodash/_baseGet'; export { b };")).rejects.toThrow(
      /"lodash\/_baseGet" is not shared by OpenSearch Dashboards/
    );
    await expect(
      bundle("import * as m from 'monaco-editor/esm/vs/editor/editor.main'; export { m };")
    ).rejects.toThrow(/"monaco-editor\/esm\/vs\/editor\/editor.main" is not shared/);
  });

  it('takes Monaco from the shared bare API', async () => {
    const code = await bundle(
      "import * as monaco from 'monaco-editor/esm/vs/editor/editor.api'; export { monaco };"
    );
    const api = { editor: { create: () => 'editor' } };
    const { monaco } = run(code, { MonacoBarePluginApi: api }) as { monaco: typeof api };
    expect(monaco.editor.create()).toBe('editor');
  });

  it("resolves lodash's per-method modules (chevrotain's imports) to the shared lodash", async () => {
    const code = await bundle(
      "import flatten from 'lodash/flatten'; import uniq from 'lodash/uniq'; export { flatten, uniq };"
    );
    const shared = { flatten: () => 'flatten', uniq: () => 'uniq' };
    const exports = run(code, { Lodash: shared }) as typeof shared;
    expect(exports.flatten).toBe(shared.flatten);
    expect(exports.uniq).toBe(shared.uniq);
  });
});

describe('assertNoSharedDepsBundled', () => {
  const metafile = (...inputs: string[]) => ({
    inputs: Object.fromEntries(inputs.map((input) => [input, { bytes: 1, imports: [] }])),
    outputs: {},
  });

  it('accepts a bundle of the app and libraries OSD does not share', () => {
    expect(() =>
      assertNoSharedDepsBundled(
        metafile(
          'public/index.ts',
          'node_modules/chevrotain/lib/src/api.js',
          'osd-shared-deps:react'
        )
      )
    ).not.toThrow();
  });

  it('fails when a shared package got in by any path, naming its files', () => {
    for (const input of [
      'node_modules/monaco-editor/esm/vs/editor/editor.api.js',
      'node_modules/react-dom/cjs/react-dom.production.min.js',
      'node_modules/@elastic/eui/lib/components/icon/icon.js',
      'node_modules/some-lib/node_modules/moment/moment.js',
    ]) {
      expect(() => assertNoSharedDepsBundled(metafile('public/index.ts', input))).toThrow(
        new RegExp(`bundles 1 of their files \\(${input.replace(/[.]/g, '\\.')}\\)`)
      );
    }
  });
});
