import { build } from 'esbuild';
import * as React from 'react';
import { jsx as reactJsx } from 'react/jsx-runtime';
import { runInNewContext } from 'vm';
import { describe, expect, it } from 'vitest';
import { osdSharedDepsPlugin } from './osd_shared_deps';

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
    await expect(bundle("import get from 'lodash/get'; export { get };")).rejects.toThrow(
      /"lodash\/get" is not shared by OpenSearch Dashboards/
    );
  });
});
