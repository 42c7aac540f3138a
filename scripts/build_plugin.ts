/**
 * Builds the installable OpenSearch Dashboards plugin: `build/federation-<osdVersion>.zip`, for
 * `bin/opensearch-dashboards-plugin install file:///…/federation-<osdVersion>.zip`.
 *
 * `@osd/plugin-helpers` is not on npm, so this follows its three steps itself:
 * 1. write the server files: `opensearch_dashboards.json` and `package.json` stamped with the
 *    target OSD version (OSD refuses a plugin whose `opensearchDashboardsVersion` is not its own),
 *    `server/` and `common/` compiled file by file to CommonJS (no tests, no `.d.ts`), and the
 *    browser bundle `target/public/federation.plugin.js` (scripts/build_ui.ts);
 * 2. install the production dependencies (`npm ci --omit=dev --ignore-scripts`), compile
 *    better-sqlite3's native addon for the Node the target OSD runs (scripts/target_node.ts: that
 *    Node comes from the npm registry), and check that no dev dependency got in and that every
 *    module the shipped server code requires resolves inside the plugin;
 * 3. zip `opensearch-dashboards/federation/` with yazl.
 *
 * Run `npm run build` (the standalone UI, then this), `npm run build -- --osd-version=3.7.0`, or
 * `npm run build:plugin -- --osd-version=3.7.0` (env OSD_VERSION does the same). An option this
 * script does not know stops it, naming the option.
 */
import { execFile } from 'child_process';
import { createWriteStream, existsSync, readFileSync } from 'fs';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'fs/promises';
import { builtinModules } from 'module';
import os from 'os';
import path from 'path';
import { promisify } from 'util';
import { transform } from 'esbuild';
import { ZipFile } from 'yazl';
import { PLUGIN_ID } from '../common/constants';
import { buildOsdBundle } from './build_ui';
import { buildSqliteFor, ensureTargetNode, osdNodeVersion } from './target_node';

const ROOT = path.resolve(__dirname, '..');
const run = promisify(execFile);

export interface PluginBuildOptions {
  /** The OSD version the zip is for; default `opensearchDashboardsVersion` of the manifest. */
  osdVersion?: string;
  /** Where the zip is written; default `build/`. */
  outDir?: string;
}

export interface PluginBuildResult {
  zipPath: string;
  osdVersion: string;
  /** The Node version the target OSD runs the plugin with. */
  targetNode: string;
  /**
   * better-sqlite3's addon: compiled for `targetNode`, or why not (the target's Node could not
   * be had from the npm registry); then SQLite answers 503 on that OSD until rebuilt there.
   */
  sqlite: { builtFor: string } | { notBuilt: string };
  bytes: number;
}

interface PackageJson {
  name: string;
  version: string;
  description?: string;
  license?: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

/** A mistake on the command line: printed as its message alone, without a stack. */
export class UsageError extends Error {}

export const BUILD_PLUGIN_USAGE =
  'usage: npm run build:plugin -- [--osd-version=x.y.z]   (or npm run build -- --osd-version=x.y.z)';

/**
 * The target OSD version: `--osd-version=x.y.z` (or `--osd-version x.y.z`), else OSD_VERSION,
 * else `npm_config_osd_version` (npm puts an option given before `--`, as in
 * `npm run build:plugin --osd-version=3.7.0`, there instead of passing it on), else undefined
 * (the manifest's version). Any other argument is refused: a mistyped option must not build the
 * default version.
 */
export function osdVersionOption(
  argv: readonly string[],
  env: NodeJS.ProcessEnv
): string | undefined {
  let fromArgs: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--osd-version=')) fromArgs = arg.slice('--osd-version='.length);
    else if (arg === '--osd-version') {
      if (i + 1 >= argv.length)
        throw new UsageError(`--osd-version needs a value\n${BUILD_PLUGIN_USAGE}`);
      fromArgs = argv[++i];
    } else throw new UsageError(`unknown option "${arg}"\n${BUILD_PLUGIN_USAGE}`);
  }
  return fromArgs ?? env.OSD_VERSION ?? env.npm_config_osd_version;
}

async function filesUnder(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await filesUnder(full)));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}

/** Source files that are not shipped: tests, their helpers (`test_support`) and declarations. */
function isShipped(file: string): boolean {
  if (/(^|[/\\])test_support([/\\.]|$)/.test(file)) return false;
  return (
    !/\.(test|integration\.test|e2e\.test)\.[cm]?[jt]sx?$/.test(file) && !file.endsWith('.d.ts')
  );
}

/** Step 1b: `server/` and `common/` as CommonJS, one output file per source file. */
async function writeServerCode(staging: string): Promise<string[]> {
  const written: string[] = [];
  for (const dir of ['server', 'common']) {
    for (const source of await filesUnder(path.join(ROOT, dir))) {
      if (!/\.(ts|js)$/.test(source) || !isShipped(source)) continue;
      const relative = path.relative(ROOT, source).replace(/\.ts$/, '.js');
      const result = await transform(await readFile(source, 'utf8'), {
        loader: source.endsWith('.ts') ? 'ts' : 'js',
        format: 'cjs',
        platform: 'node',
        target: 'node20',
        sourcefile: path.relative(ROOT, source),
      });
      const target = path.join(staging, relative);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, result.code);
      written.push(target);
    }
  }
  return written;
}

/** Step 2: production dependencies from the project's lockfile, without their install scripts. */
async function installProductionDependencies(staging: string, pkg: PackageJson): Promise<void> {
  // npm ci needs the package.json the lockfile was made from (devDependencies included).
  await writeFile(path.join(staging, 'package.json'), JSON.stringify(pkg, null, 2));
  await copyFile(path.join(ROOT, 'package-lock.json'), path.join(staging, 'package-lock.json'));
  // better-sqlite3 is the only production dependency with an install script (its native build,
  // which would target this Node): it is built for the target's Node afterwards.
  await run(
    'npm',
    ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
    {
      cwd: staging,
      maxBuffer: 16 * 1024 * 1024,
    }
  );
  await rm(path.join(staging, 'package-lock.json'));
}

/** Step 2b: better-sqlite3 for the target's Node; a Node that cannot be had leaves it unbuilt. */
async function buildSqlite(
  staging: string,
  targetNode: string
): Promise<PluginBuildResult['sqlite']> {
  let node;
  try {
    node = await ensureTargetNode(targetNode);
  } catch (error) {
    return {
      notBuilt: `Node ${targetNode} could not be installed from the npm registry: ${String(error)}`,
    };
  }
  // A target Node that is there but cannot build or load the addon is a broken build: fail.
  await buildSqliteFor(staging, node);
  return { builtFor: targetNode };
}

/** Fails the build when a dev dependency was installed (only a production one may need it). */
async function assertNoDevDependencies(staging: string, pkg: PackageJson): Promise<void> {
  const lock = await readJson<{ packages: Record<string, { dev?: boolean }> }>(
    path.join(ROOT, 'package-lock.json')
  );
  const leaked = Object.keys(pkg.devDependencies).filter(
    (name) =>
      existsSync(path.join(staging, 'node_modules', name)) &&
      lock.packages[`node_modules/${name}`]?.dev === true
  );
  if (leaked.length > 0) throw new Error(`dev dependencies in the plugin: ${leaked.join(', ')}`);
}

const BUILTINS = new Set(builtinModules);

/** Modules OSD itself provides to plugins at runtime; required lazily, only inside OSD. */
const PROVIDED_BY_OSD = /^@osd\//;

/**
 * Fails the build when shipped server code requires a module a production-only install does not
 * provide (a dev dependency imported at runtime), or one that resolves outside the plugin.
 */
export function assertRuntimeRequiresResolve(staging: string, files: readonly string[]): void {
  const missing: string[] = [];
  for (const file of files) {
    // The compiled CommonJS and the hand-written worker: every import became a require call.
    const code = readFileSync(file, 'utf8');
    for (const [, specifier] of code.matchAll(/\brequire\(["']([^"']+)["']\)/g)) {
      if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
      if (BUILTINS.has(specifier) || PROVIDED_BY_OSD.test(specifier)) continue;
      let resolved: string | null = null;
      try {
        resolved = require.resolve(specifier, { paths: [path.dirname(file)] });
      } catch {
        resolved = null;
      }
      if (resolved === null || !resolved.startsWith(staging + path.sep)) {
        missing.push(`${specifier} (required by ${path.relative(staging, file)})`);
      }
    }
  }
  if (missing.length > 0) {
    throw new Error(`modules not in the production install: ${[...new Set(missing)].join(', ')}`);
  }
}

/** Step 3: the zip, with every file under `opensearch-dashboards/`. */
async function writeZip(workDir: string, zipPath: string): Promise<void> {
  const zip = new ZipFile();
  const base = path.join(workDir, 'opensearch-dashboards');
  for (const file of await filesUnder(base)) {
    const { mode } = await stat(file);
    const name = path.relative(workDir, file).split(path.sep).join('/');
    zip.addFile(file, name, { mode });
  }
  await mkdir(path.dirname(zipPath), { recursive: true });
  await new Promise<void>((resolve, reject) => {
    const out = createWriteStream(zipPath);
    out.on('close', resolve).on('error', reject);
    zip.outputStream.on('error', reject).pipe(out);
    zip.end();
  });
}

export async function buildPlugin(options: PluginBuildOptions = {}): Promise<PluginBuildResult> {
  const manifest = await readJson<Record<string, unknown>>(
    path.join(ROOT, 'opensearch_dashboards.json')
  );
  const osdVersion = options.osdVersion ?? String(manifest.opensearchDashboardsVersion);
  if (!/^\d+\.\d+\.\d+$/.test(osdVersion)) {
    throw new Error(`the OSD version must be x.y.z, not "${osdVersion}"`);
  }
  const targetNode = osdNodeVersion(osdVersion);
  let sqlite: PluginBuildResult['sqlite'] = { notBuilt: 'not reached' };
  const pkg = await readJson<PackageJson>(path.join(ROOT, 'package.json'));
  const zipPath = path.join(
    path.resolve(options.outDir ?? path.join(ROOT, 'build')),
    `${PLUGIN_ID}-${osdVersion}.zip`
  );

  // Outside the project, so nothing resolves through the project's own node_modules.
  const workDir = await mkdtemp(path.join(os.tmpdir(), `${PLUGIN_ID}-plugin-`));
  try {
    const staging = path.join(workDir, 'opensearch-dashboards', PLUGIN_ID);
    await mkdir(staging, { recursive: true });
    // OSD compares opensearchDashboardsVersion with its own; the plugin's version follows it.
    await writeFile(
      path.join(staging, 'opensearch_dashboards.json'),
      `${JSON.stringify({ ...manifest, version: osdVersion, opensearchDashboardsVersion: osdVersion }, null, 2)}\n`
    );
    const serverFiles = await writeServerCode(staging);
    await buildOsdBundle({ outDir: path.join(staging, 'target', 'public') });
    await installProductionDependencies(staging, pkg);
    sqlite = await buildSqlite(staging, targetNode);
    await assertNoDevDependencies(staging, pkg);
    assertRuntimeRequiresResolve(staging, serverFiles);
    const shippedPackage = {
      name: pkg.name,
      version: osdVersion,
      description: pkg.description,
      license: pkg.license,
      private: true,
      opensearchDashboards: { version: osdVersion },
      dependencies: pkg.dependencies,
    };
    await writeFile(
      path.join(staging, 'package.json'),
      `${JSON.stringify(shippedPackage, null, 2)}\n`
    );
    await writeZip(workDir, zipPath);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  return { zipPath, osdVersion, targetNode, sqlite, bytes: (await stat(zipPath)).size };
}

async function main(): Promise<void> {
  const started = Date.now();
  const result = await buildPlugin({
    osdVersion: osdVersionOption(process.argv.slice(2), process.env),
  });
  console.log(
    `plugin zip: ${path.relative(ROOT, result.zipPath)} ` +
      `(${(result.bytes / 1024 / 1024).toFixed(1)} MiB, ${Date.now() - started} ms); ` +
      `OpenSearch Dashboards ${result.osdVersion} runs Node ${result.targetNode}`
  );
  if ('notBuilt' in result.sqlite) {
    console.warn(
      `better-sqlite3 was not compiled (${result.sqlite.notBuilt}), so SQLite datasources stay ` +
        `disabled until \`npm rebuild better-sqlite3\` is run in the installed plugin's folder ` +
        `with Node ${result.targetNode}.`
    );
  } else {
    console.log(`better-sqlite3 compiled for Node ${result.sqlite.builtFor} and loaded by it`);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof UsageError ? error.message : error);
    process.exitCode = 1;
  });
}
