/**
 * Builds the browser side, twice from the same sources:
 *
 * - `buildUi`: the standalone UI (`build/public/standalone/`): `index.html`, `federation.js` with
 *   React, OUI and everything else bundled in, and `federation.css` (OUI's light theme). The
 *   standalone host serves `/ui/<file>` from that directory and `index.html` for `/app/federation`.
 * - `buildOsdBundle`: the OSD plugin bundle (`target/public/federation.plugin.js` in the plugin
 *   layout), which registers `plugin/federation/public` with OSD's bundle loader and takes React,
 *   OUI, moment, lodash and rxjs from OSD's shared deps instead of bundling them.
 *
 * Run `npm run build:ui` (add `--force` to ignore the up-to-date check).
 */
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { mkdir, readdir, rm, stat, writeFile } from 'fs/promises';
import path from 'path';
import { PLUGIN_ID, PLUGIN_NAME } from '../common/constants';
import { osdSharedDepsPlugin } from './osd_shared_deps';

const ROOT = path.resolve(__dirname, '..');
const OUI_DIR = path.dirname(require.resolve('@elastic/eui/package.json', { paths: [ROOT] }));

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

function indexHtml(): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${PLUGIN_NAME}</title>
    <!-- No favicon: stops the browser requesting /favicon.ico, which would 404. -->
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${UI_URL_PREFIX}/federation.css" />
  </head>
  <body>
    <div id="root"></div>
    <script src="${UI_URL_PREFIX}/federation.js" defer></script>
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
    // One classic script: OUI's icons are loaded with `import()`, which esbuild inlines here, so
    // the page needs no chunk loading and the host serves a fixed set of files.
    format: 'iife',
    publicPath: `${UI_URL_PREFIX}/`,
    assetNames: 'assets/[name]-[hash]',
    // Files OUI's CSS (or ours) may reference; copied beside the bundle under hashed names.
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
  await writeFile(stamp, indexHtml());
  return { outDir, skipped: false, sizes: outputSizes(result.metafile, outDir) };
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
  return { outDir, skipped: false, sizes: outputSizes(result.metafile, outDir) };
}

function report(name: string, result: BuildResult, started: number): void {
  if (result.skipped) {
    console.log(`${name}: up to date (${path.relative(ROOT, result.outDir)})`);
    return;
  }
  console.log(
    `${name}: built in ${Date.now() - started} ms -> ${path.relative(ROOT, result.outDir)}`
  );
  for (const [file, bytes] of Object.entries(result.sizes)) {
    console.log(`  ${file.padEnd(32)} ${(bytes / 1024).toFixed(1).padStart(9)} KiB`);
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
