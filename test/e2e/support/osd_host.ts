/**
 * A page that hosts the plugin's OSD bundle the way OpenSearch Dashboards 3.x does, for browser
 * tests of `target/public/federation.plugin.js` as unpacked from the plugin zip, without an OSD
 * install:
 *
 * - `window.__osdBundles__`: OSD's bundle loader, as `osd_bundles_loader_source.js` (OSD's
 *   src/legacy/ui/ui_render/bootstrap) defines it: `define(key, bundleRequire, moduleKey)` stores,
 *   `get(key)` calls `bundleRequire(moduleKey)`; defining a key twice throws.
 * - `window.__osdSharedDeps__`: the globals `@osd/ui-shared-deps` exposes (its entry.js), built
 *   here from our node_modules: React 18, ReactDom, ReactDomServer, ElasticEui (OUI), Moment,
 *   Lodash, LodashFp and MonacoBarePluginApi (`@osd/monaco`'s bare editor API), plus OUI's light
 *   theme CSS, which OSD links on every page. rxjs is not installed here, so Rxjs and
 *   RxjsOperators are absent; the plugin imports neither.
 * - the plugin bundle, then `osd_host_page.ts`, which plays OSD's core (setup, start, mount).
 *
 * Shared deps are production builds, as in an OSD distribution.
 */
import { build, type BuildOptions } from 'esbuild';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'fs/promises';
import { tmpdir } from 'os';
import path from 'path';
import type { Page } from 'playwright-core';
import { APP_PATH } from '../../../common/constants';
import { buildPlugin } from '../../../scripts/build_plugin';
import { OSD_BUNDLE_FILE } from '../../../scripts/build_ui';
import { unzip } from '../../plugin_zip/unzip';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const OUI_DIR = path.dirname(require.resolve('@elastic/eui/package.json', { paths: [ROOT] }));
const MONACO_ESM = path.join(ROOT, 'node_modules', 'monaco-editor', 'esm');

/** Where OSD's plugin-helpers layout puts the browser bundle inside the zip. */
const ZIP_PUBLIC_DIR = 'opensearch-dashboards/federation/target/public';

/** Where the page's files are served, on the standalone host's origin (so /svc is same-origin). */
export const OSD_HOST_PREFIX = '/osd-host';

const SHARED_DEPS_ENTRY = `
import '@elastic/eui/dist/eui_theme_light.css';
import React from 'react';
import ReactDom from 'react-dom';
import ReactDomServer from 'react-dom/server';
import * as ElasticEui from '@elastic/eui';
import Moment from 'moment';
import Lodash from 'lodash';
import LodashFp from 'lodash/fp';
import * as MonacoBarePluginApi from 'monaco-editor/esm/vs/editor/editor.api';
window.__osdSharedDeps__ = {
  React: React,
  ReactDom: ReactDom,
  ReactDomServer: ReactDomServer,
  ElasticEui: ElasticEui,
  Moment: Moment,
  Lodash: Lodash,
  LodashFp: LodashFp,
  MonacoBarePluginApi: MonacoBarePluginApi,
};
`;

const LOADER = `
window.__osdBundles__ = (function osdBundlesLoader() {
  var modules = {};
  function has(prop) { return Object.prototype.hasOwnProperty.call(modules, prop); }
  function define(key, bundleRequire, bundleModuleKey) {
    if (has(key)) throw new Error('__osdBundles__ already has a module defined for "' + key + '"');
    modules[key] = { bundleRequire: bundleRequire, bundleModuleKey: bundleModuleKey };
  }
  function get(key) {
    if (!has(key)) throw new Error('__osdBundles__ does not have a module defined for "' + key + '"');
    return modules[key].bundleRequire(modules[key].bundleModuleKey);
  }
  return { has: has, define: define, get: get };
})();
`;

const COMMON: BuildOptions = {
  absWorkingDir: ROOT,
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  platform: 'browser',
  // OSD's webpack build of the shared deps provides Node's `global`, which some of them read.
  define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  alias: {
    '@opensearch/datemath': path.join(OUI_DIR, 'packages', 'opensearch-datemath'),
    'monaco-editor/esm': MONACO_ESM,
  },
  loader: { '.ttf': 'file', '.woff': 'file', '.woff2': 'file', '.svg': 'file', '.png': 'file' },
  logLevel: 'warning',
};

export interface OsdHostPage {
  dir: string;
  /** Files of the plugin bundle's output folder (what `target/public/` would hold). */
  pluginFiles: string[];
  /** Serves the page at `<origin>/app/federation/...` and its files under OSD_HOST_PREFIX. */
  route(page: Page, origin: string): Promise<void>;
  close(): Promise<void>;
}

export async function buildOsdHostPage(): Promise<OsdHostPage> {
  const dir = await mkdtemp(path.join(tmpdir(), 'federation-osd-host-'));
  // The bundle users install: built into the plugin zip, then unpacked from it.
  const { zipPath } = await buildPlugin({ outDir: path.join(dir, 'zip') });
  const unpacked = path.join(dir, 'unpacked');
  await unzip(zipPath, unpacked, (name) => name.startsWith(`${ZIP_PUBLIC_DIR}/`));
  const pluginDir = path.join(unpacked, ZIP_PUBLIC_DIR);
  await build({
    ...COMMON,
    stdin: { contents: SHARED_DEPS_ENTRY, resolveDir: ROOT, sourcefile: 'shared_deps.js' },
    outfile: path.join(dir, 'shared', 'osd_shared_deps.js'),
  });
  await build({
    ...COMMON,
    entryPoints: [path.join(__dirname, 'osd_host_page.ts')],
    outfile: path.join(dir, 'host', 'osd_host_page.js'),
  });
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>OSD host</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${OSD_HOST_PREFIX}/shared/osd_shared_deps.css" />
  </head>
  <body>
    <div id="app"></div>
    <script src="${OSD_HOST_PREFIX}/loader.js"></script>
    <script src="${OSD_HOST_PREFIX}/shared/osd_shared_deps.js"></script>
    <script src="${OSD_HOST_PREFIX}/unpacked/${ZIP_PUBLIC_DIR}/${OSD_BUNDLE_FILE}"></script>
    <script src="${OSD_HOST_PREFIX}/host/osd_host_page.js"></script>
  </body>
</html>
`;
  await writeFile(path.join(dir, 'index.html'), html);
  await writeFile(path.join(dir, 'loader.js'), LOADER);
  const pluginFiles = await readdir(pluginDir);

  return {
    dir,
    pluginFiles,
    async route(page, origin) {
      await page.route(
        (url) => url.origin === origin && url.pathname.startsWith(APP_PATH),
        (route) => route.fulfill({ contentType: 'text/html', body: html })
      );
      await page.route(
        (url) => url.origin === origin && url.pathname.startsWith(`${OSD_HOST_PREFIX}/`),
        async (route) => {
          const relative = new URL(route.request().url()).pathname.slice(OSD_HOST_PREFIX.length);
          const file = path.join(dir, path.normalize(relative));
          if (!file.startsWith(dir)) return route.fulfill({ status: 403 });
          try {
            const body = await readFile(file);
            const contentType = file.endsWith('.js')
              ? 'text/javascript'
              : file.endsWith('.css')
                ? 'text/css'
                : file.endsWith('.ttf')
                  ? 'font/ttf'
                  : 'application/octet-stream';
            return route.fulfill({ body, contentType });
          } catch {
            return route.fulfill({ status: 404, body: 'not found' });
          }
        }
      );
    },
    async close() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}
