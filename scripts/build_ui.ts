/**
 * Builds the browser side, twice from the same sources:
 *
 * - `buildUi`: the standalone UI (`build/public/standalone/`): `index.html`, `federation.js` (an
 *   ES module with React, OUI and the app), lazily loaded chunks under `chunks/` (Monaco loads
 *   only when a code editor is shown; OUI's icons one by one as they are drawn), Monaco's web
 *   workers (`editor.worker.js`, `json.worker.js`), `federation.css` (OUI's light theme and
 *   Monaco's styles) and hashed assets under `assets/` (fonts, images). The standalone host
 *   serves `/ui/<file>` from that directory and `index.html` for `/app/federation`.
 * - `buildOsdBundle`: the OSD plugin bundle (`target/public/federation.plugin.js` in the plugin
 *   layout), which registers `plugin/federation/public` with OSD's bundle loader and takes React,
 *   OUI, moment, lodash, rxjs and Monaco from OSD's shared deps instead of bundling them (the build
 *   fails if any of them ends up inside).
 *
 * Run `npm run build:ui` (add `--force` to ignore the up-to-date check).
 */
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { mkdir, readdir, rm, stat, writeFile } from 'fs/promises';
import path from 'path';
import { PLUGIN_ID, PLUGIN_NAME } from '../common/constants';
import { MONACO_WORKER_ENTRY_POINTS } from '../public/components/shared/code_editor/monaco_environment';
import { CSP_NONCE_PLACEHOLDER } from '../server/standalone/static_ui';
import { assertNoSharedDepsBundled, osdSharedDepsPlugin } from './osd_shared_deps';

const ROOT = path.resolve(__dirname, '..');
const OUI_DIR = path.dirname(require.resolve('@elastic/eui/package.json', { paths: [ROOT] }));
const MONACO_DIR = packageDir('monaco-editor');

/** An installed package's folder (Monaco's `exports` hide its package.json from require.resolve). */
function packageDir(name: string): string {
  const nodeModules = path.join('node_modules', ...name.split('/'));
  const main = require.resolve(name, { paths: [ROOT] });
  return main.slice(0, main.lastIndexOf(nodeModules) + nodeModules.length);
}

export const DEFAULT_UI_DIR = path.join(ROOT, 'build', 'public', 'standalone');
export const DEFAULT_OSD_PUBLIC_DIR = path.join(
  ROOT,
  'build',
  'opensearch-dashboards',
  PLUGIN_ID,
  'target',
  'public'
);

/** Where the standalone host serves the UI's files from; index.html links them under it. */
export const UI_URL_PREFIX = '/ui';

export interface BuildOptionsIn {
  outDir?: string;
  /** Build even if the output is newer than every input. */
  force?: boolean;
}

export interface BuildResult {
  outDir: string;
  /** True when the output was already up to date and nothing was built. */
  skipped: boolean;
  /** Output file name -> size in bytes (empty when skipped). */
  sizes: Record<string, number>;
  /** The output chunks built from Monaco (all loaded with the first editor), relative to `outDir`. */
  monacoFiles?: string[];
}

/** Everything the bundles are made from: a change to any of these makes the output stale. */
const INPUT_DIRS = [path.join(ROOT, 'public'), path.join(ROOT, 'common')];
const INPUT_FILES = [
  __filename,
  path.join(__dirname, 'osd_shared_deps.ts'),
  path.join(ROOT, 'package-lock.json'),
  path.join(ROOT, 'tsconfig.json'),
];

async function mtimeOrZero(file: string): Promise<number> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return 0;
  }
}

async function newestInputMtime(): Promise<number> {
  let newest = 0;
  const visit = async (dir: string): Promise<void> => {
    // A directory's mtime changes when a file in it is added, removed or renamed.
    newest = Math.max(newest, await mtimeOrZero(dir));
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await visit(full);
      // Tests are not bundled, so editing one does not make the output stale.
      else if (!/\.test\.tsx?$/.test(entry.name))
        newest = Math.max(newest, await mtimeOrZero(full));
    }
  };
  for (const dir of INPUT_DIRS) await visit(dir);
  for (const file of INPUT_FILES) newest = Math.max(newest, await mtimeOrZero(file));
  return newest;
}

/** A cheap mtime check: `stamp` is the last file a build writes, so it exists only if one finished. */
async function isUpToDate(stamp: string): Promise<boolean> {
  const built = await mtimeOrZero(stamp);
  return built > 0 && built >= (await newestInputMtime());
}

function outputSizes(metafile: Metafile, outDir: string): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const [file, { bytes }] of Object.entries(metafile.outputs)) {
    sizes[path.relative(outDir, path.resolve(ROOT, file))] = bytes;
  }
  return sizes;
}

/** The JavaScript outputs mostly built from Monaco, relative to `outDir`. */
function monacoOutputs(metafile: Metafile, outDir: string): string[] {
  return Object.entries(metafile.outputs)
    .filter(([file, { inputs, bytes }]) => {
      if (!file.endsWith('.js')) return false;
      const fromMonaco = Object.entries(inputs)
        .filter(([input]) => input.includes('node_modules/monaco-editor/'))
        .reduce((sum, [, { bytesInOutput }]) => sum + bytesInOutput, 0);
      return fromMonaco > bytes / 2;
    })
    .map(([file]) => path.relative(outDir, path.resolve(ROOT, file)));
}

const COMMON_OPTIONS: BuildOptions = {
  absWorkingDir: ROOT,
  bundle: true,
  minify: true,
  sourcemap: 'linked',
  target: 'es2020',
  platform: 'browser',
  jsx: 'automatic',
  // React and react-query pick their production code paths from this.
  define: { 'process.env.NODE_ENV': '"production"' },
  // OUI imports `@opensearch/datemath` but ships it inside its own package (`packages/`) and
  // only links it as a dev dependency, so npm never installs it; point the import at OUI's copy.
  alias: { '@opensearch/datemath': path.join(OUI_DIR, 'packages', 'opensearch-datemath') },
  logLevel: 'warning',
};

/**
 * Monaco's package maps every subpath to `esm/vs/<path>.js` (`exports`), so the classic
 * `monaco-editor/esm/vs/...` paths, which OSD's shared-deps contract names, do not resolve
 * through it; point them at the files.
 */
const MONACO_ALIAS = { 'monaco-editor/esm': path.join(MONACO_DIR, 'esm') };

/**
 * esbuild puts the CSS of every lazily loaded chunk (Monaco's) into the entry's `federation.css`,
 * which the page links, and also writes a copy beside each such chunk that nothing loads: remove
 * the copies so the output holds only files the page uses.
 */
async function dropChunkStyles(metafile: Metafile): Promise<void> {
  for (const file of Object.keys(metafile.outputs)) {
    if (!/\/chunks\/[^/]+\.css(\.map)?$/.test(file)) continue;
    await rm(path.resolve(ROOT, file), { force: true });
    delete metafile.outputs[file];
  }
}

/** Monaco's web workers, each one self-contained file beside the bundle (see `monaco_environment.ts`). */
async function buildMonacoWorkers(outDir: string): Promise<Metafile> {
  const result = await build({
    ...COMMON_OPTIONS,
    metafile: true,
    entryPoints: Object.fromEntries(
      Object.entries(MONACO_WORKER_ENTRY_POINTS).map(([name, module]) => [
        name,
        path.join(MONACO_DIR, 'esm', 'vs', module.slice('monaco-editor/esm/vs/'.length)),
      ])
    ),
    outdir: outDir,
    // Monaco starts them as module workers (`await import(url)` in a small bootstrap).
    format: 'esm',
  });
  return result.metafile;
}

function indexHtml(): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <!-- The host puts each response's CSP nonce here (server/standalone/static_ui.ts). -->
    <meta name="csp-nonce" content="${CSP_NONCE_PLACEHOLDER}" />
    <title>${PLUGIN_NAME}</title>
    <!-- No favicon: stops the browser requesting /favicon.ico, which would 404. -->
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${UI_URL_PREFIX}/federation.css" />
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="${UI_URL_PREFIX}/federation.js"></script>
  </body>
</html>
`;
}

/** The standalone UI; see the file comment. */
export async function buildUi(options: BuildOptionsIn = {}): Promise<BuildResult> {
  const outDir = path.resolve(options.outDir ?? DEFAULT_UI_DIR);
  const stamp = path.join(outDir, 'index.html');
  if (!options.force && (await isUpToDate(stamp))) return { outDir, skipped: true, sizes: {} };

  // Start clean so no stale file (an old asset, a half-written build) is ever served.
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const result = await build({
    ...COMMON_OPTIONS,
    // Given here, not in COMMON_OPTIONS, so esbuild's types know `result.metafile` is set.
    metafile: true,
    entryPoints: { federation: path.join(ROOT, 'public', 'standalone.tsx') },
    outdir: outDir,
    // An ES module with code splitting: every `import()` (the code editor, each OUI icon) becomes
    // a chunk the browser fetches when it is first needed. Chunk names carry a content hash, so
    // the host lets browsers cache them for good.
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    publicPath: `${UI_URL_PREFIX}/`,
    assetNames: 'assets/[name]-[hash]',
    define: {
      ...COMMON_OPTIONS.define,
      'process.env.FEDERATION_UI_PREFIX': JSON.stringify(UI_URL_PREFIX),
    },
    alias: { ...COMMON_OPTIONS.alias, ...MONACO_ALIAS },
    // Files OUI's and Monaco's CSS reference (Monaco's codicon font); copied under hashed names.
    loader: {
      '.woff': 'file',
      '.woff2': 'file',
      '.ttf': 'file',
      '.eot': 'file',
      '.otf': 'file',
      '.svg': 'file',
      '.png': 'file',
      '.jpg': 'file',
      '.gif': 'file',
      '.webp': 'file',
    },
  });
  await dropChunkStyles(result.metafile);
  const workers = await buildMonacoWorkers(outDir);
  await writeFile(stamp, indexHtml());
  return {
    outDir,
    skipped: false,
    sizes: { ...outputSizes(result.metafile, outDir), ...outputSizes(workers, outDir) },
    monacoFiles: monacoOutputs(result.metafile, outDir),
  };
}

/**
 * The entry of the OSD bundle. OSD's loader calls `define(key, bundleRequire, moduleKey)` and
 * later `bundleRequire(moduleKey)` to get the module whose `plugin` export it initialises (see
 * `osd_bundles_loader_source.js` and `plugin_reader.ts` in OSD). Our bundle holds one module, so
 * `bundleRequire` just returns it.
 */
const OSD_ENTRY = `
import * as publicModule from './public/index';
var key = 'plugin/${PLUGIN_ID}/public';
__osdBundles__.define(key, function () { return publicModule; }, key);
`;

export const OSD_BUNDLE_FILE = `${PLUGIN_ID}.plugin.js`;

/** The OSD plugin bundle; see the file comment. */
export async function buildOsdBundle(options: BuildOptionsIn = {}): Promise<BuildResult> {
  const outDir = path.resolve(options.outDir ?? DEFAULT_OSD_PUBLIC_DIR);
  const outFile = path.join(outDir, OSD_BUNDLE_FILE);
  if (!options.force && (await isUpToDate(outFile))) return { outDir, skipped: true, sizes: {} };

  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const result = await build({
    ...COMMON_OPTIONS,
    metafile: true,
    stdin: { contents: OSD_ENTRY, resolveDir: ROOT, sourcefile: 'osd_entry.ts', loader: 'ts' },
    outfile: outFile,
    // Without code splitting the app's lazy `import('./application')` is inlined: OSD still only
    // runs it on first mount, but it downloads with the plugin bundle.
    format: 'iife',
    plugins: [osdSharedDepsPlugin()],
  });
  // The plugin above refuses the imports it knows; this catches any other way in (a relative
  // import into a package, a copy nested in another package) before a broken bundle ships.
  assertNoSharedDepsBundled(result.metafile);
  return { outDir, skipped: false, sizes: outputSizes(result.metafile, outDir) };
}

/** Files smaller than this are summed up in one line (OUI's icons are hundreds of small chunks). */
const REPORTED_ALONE_BYTES = 20 * 1024;

function report(name: string, result: BuildResult, started: number): void {
  if (result.skipped) {
    console.log(`${name}: up to date (${path.relative(ROOT, result.outDir)})`);
    return;
  }
  console.log(
    `${name}: built in ${Date.now() - started} ms -> ${path.relative(ROOT, result.outDir)}`
  );
  const line = (label: string, bytes: number) =>
    console.log(`  ${label.padEnd(48)} ${(bytes / 1024).toFixed(1).padStart(9)} KiB`);
  const files = Object.entries(result.sizes).filter(([file]) => !file.endsWith('.map'));
  const small = files.filter(([, bytes]) => bytes < REPORTED_ALONE_BYTES);
  for (const [file, bytes] of files) {
    if (bytes < REPORTED_ALONE_BYTES) continue;
    line(result.monacoFiles?.includes(file) ? `${file} (Monaco)` : file, bytes);
  }
  if (small.length > 0) {
    line(
      `${small.length} smaller files`,
      small.reduce((sum, [, bytes]) => sum + bytes, 0)
    );
  }
}

async function main(): Promise<void> {
  const force = process.argv.includes('--force');
  let started = Date.now();
  report('standalone UI', await buildUi({ force }), started);
  started = Date.now();
  report('OSD bundle', await buildOsdBundle({ force }), started);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
