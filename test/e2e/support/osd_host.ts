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
 *   Lodash, LodashFp and MonacoBarePluginApi (`@osd/monaco`'s bare editor API, with the editor
 *   contributions @osd/monaco loads: suggest, hover, parameter hints), plus OUI's light
 *   theme CSS, which OSD links on every page. rxjs is not installed here, so Rxjs and
 *   RxjsOperators are absent; the plugin imports neither.
 * - the plugin bundle, then `osd_host_page.ts`, which plays OSD's core (setup, start, mount).
 * - OSD 3.6's strict CSP (`csp.enable: true`): the page is served with the directives of OSD's
 *   `STRICT_CSP_RULES_DEFAULT_VALUE` (src/core/server/constants.ts), a fresh nonce per response
 *   in `style-src-elem` (`csp.nonceDirectives` defaults to it; `CspConfig.buildHeaderWithNonce`,
 *   src/core/server/csp/csp_config.ts) and in `<meta name="csp-nonce">`, which OSD's
 *   `getNonce()` (src/core/public/utils/csp.ts) reads. The first script, as OSD's
 *   bootstrap.js.hbs (src/legacy/ui/ui_render/bootstrap) does and no more, copies that nonce to
 *   `window.__webpack_nonce__` and stamps it on every `<style>` made by `document.createElement`
 *   (how OSD keeps Monaco's and other libraries' style elements allowed). Before that it records
 *   every `securitypolicyviolation` in `window.__cspViolations__`, for the test to read, and a
 *   script between the shared deps and the plugin bundle marks where the plugin's part begins.
 *
 * Shared deps are production builds, as in an OSD distribution.
 */
import { randomBytes } from 'crypto';
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
// What @osd/monaco (packages/osd-monaco/src/monaco.ts) loads beside the bare API.
import 'monaco-editor/esm/vs/editor/browser/coreCommands.js';
import 'monaco-editor/esm/vs/editor/browser/widget/codeEditor/codeEditorWidget.js';
import 'monaco-editor/esm/vs/editor/contrib/wordOperations/browser/wordOperations.js';
import 'monaco-editor/esm/vs/editor/contrib/suggest/browser/suggestController.js';
import 'monaco-editor/esm/vs/editor/contrib/hover/browser/hoverContribution.js';
import 'monaco-editor/esm/vs/editor/contrib/parameterHints/browser/parameterHints.js';
import 'monaco-editor/esm/vs/base/browser/ui/codicons/codicon/codicon.css';
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

/** OSD's trusted endpoints (CSP_TRUSTED_ENDPOINTS), added to connect-src and img-src. */
const OSD_CSP_TRUSTED_ENDPOINTS = [
  'https://opensearch.org',
  'https://docs.opensearch.org',
  'https://maps.opensearch.org',
  'https://vectors.maps.opensearch.org',
  'https://tiles.maps.opensearch.org',
].join(' ');

/** OSD 3.6's STRICT_CSP_RULES_DEFAULT_VALUE (src/core/server/constants.ts), in its order. */
export const OSD_STRICT_CSP_RULES: readonly string[] = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "style-src-elem 'self'",
  "style-src-attr 'self' 'unsafe-inline'",
  "child-src 'none'",
  "worker-src 'self'",
  "frame-src 'none'",
  "object-src 'none'",
  "manifest-src 'self'",
  "media-src 'none'",
  "font-src 'self'",
  `connect-src 'self' ${OSD_CSP_TRUSTED_ENDPOINTS}`,
  `img-src 'self' data: ${OSD_CSP_TRUSTED_ENDPOINTS}`,
  "form-action 'self'",
  "frame-ancestors 'self'",
];

/** CspConfig.buildHeaderWithNonce: `'nonce-…'` appended to each nonce directive (style-src-elem). */
export function osdStrictCspHeader(nonce: string): string {
  return OSD_STRICT_CSP_RULES.map((rule) =>
    rule.split(' ')[0] === 'style-src-elem' ? `${rule} 'nonce-${nonce}'` : rule
  ).join('; ');
}

export interface CspViolation {
  directive: string;
  blockedUri: string;
  source: string;
  sample: string;
}

/**
 * Run between the shared deps and the plugin bundle: what was refused until then came from the
 * host's own libraries as they loaded (OUI's bundled ace editor adds `<style>` elements through
 * `document.createElementNS`, which the stamp of OSD's bootstrap.js.hbs does not cover), not from
 * the plugin. Test instrumentation only; OSD has no such step.
 */
const MARK_PLUGIN_START = `
window.__cspViolationsBeforePlugin__ = window.__cspViolations__.length;
`;

/** The test's recorder, then what OSD's bootstrap.js.hbs does with the nonce, then its loader. */
const LOADER = `
window.__cspViolations__ = [];
document.addEventListener('securitypolicyviolation', function (event) {
  window.__cspViolations__.push({
    directive: event.effectiveDirective,
    blockedUri: event.blockedURI,
    source: event.sourceFile + ':' + event.lineNumber + ':' + event.columnNumber,
    sample: event.sample,
  });
});

window.__webpack_nonce__ = (function () {
  var meta = document.querySelector('meta[name="csp-nonce"]');
  return meta ? meta.getAttribute('content') : '';
})();
(function () {
  if (!window.__webpack_nonce__) return;
  var originalCreateElement = document.createElement.bind(document);
  document.createElement = function (tagName, options) {
    var element = originalCreateElement(tagName, options);
    if (tagName.toLowerCase() === 'style') {
      element.setAttribute('nonce', window.__webpack_nonce__);
    }
    return element;
  };
})();

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

/** The nonce's place in the page; each response gets a fresh one, as OSD renders it. */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

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
  /**
   * Serves the page at `<origin>/app/federation/...` (under OSD's strict CSP, a fresh nonce each
   * time) and its files under OSD_HOST_PREFIX.
   */
  route(page: Page, origin: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The CSP violations the page has recorded so far (its loader's listener): those of the host's
 * libraries as they loaded, before the plugin bundle ran, and every one since.
 */
export async function cspViolations(
  page: Page
): Promise<{ beforePlugin: CspViolation[]; sincePlugin: CspViolation[] }> {
  const { all, mark } = await page.evaluate(() => {
    const recorded = window as unknown as {
      __cspViolations__: CspViolation[];
      __cspViolationsBeforePlugin__: number;
    };
    return { all: recorded.__cspViolations__, mark: recorded.__cspViolationsBeforePlugin__ };
  });
  return { beforePlugin: all.slice(0, mark), sincePlugin: all.slice(mark) };
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
    <meta name="csp-nonce" content="${NONCE_PLACEHOLDER}" />
    <title>OSD host</title>
    <script src="${OSD_HOST_PREFIX}/loader.js"></script>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${OSD_HOST_PREFIX}/shared/osd_shared_deps.css" />
  </head>
  <body>
    <div id="app"></div>
    <script src="${OSD_HOST_PREFIX}/shared/osd_shared_deps.js"></script>
    <script src="${OSD_HOST_PREFIX}/mark_plugin_start.js"></script>
    <script src="${OSD_HOST_PREFIX}/unpacked/${ZIP_PUBLIC_DIR}/${OSD_BUNDLE_FILE}"></script>
    <script src="${OSD_HOST_PREFIX}/host/osd_host_page.js"></script>
  </body>
</html>
`;
  await writeFile(path.join(dir, 'index.html'), html);
  await writeFile(path.join(dir, 'loader.js'), LOADER);
  await writeFile(path.join(dir, 'mark_plugin_start.js'), MARK_PLUGIN_START);
  const pluginFiles = await readdir(pluginDir);

  return {
    dir,
    pluginFiles,
    async route(page, origin) {
      await page.route(
        (url) => url.origin === origin && url.pathname.startsWith(APP_PATH),
        (route) => {
          const nonce = randomBytes(16).toString('base64');
          return route.fulfill({
            contentType: 'text/html',
            headers: { 'content-security-policy': osdStrictCspHeader(nonce) },
            body: html.replace(NONCE_PLACEHOLDER, nonce),
          });
        }
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
