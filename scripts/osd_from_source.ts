/**
 * Runs the plugin inside an OpenSearch Dashboards built from source, for whoever has a checkout of
 * opensearch-project/OpenSearch-Dashboards at a release tag (OSD is in no package registry, so
 * nothing here runs in CI; docs/operations/installing_into_osd.md, "From an OSD source tree").
 *
 *   OSD_SRC=/path/to/OpenSearch-Dashboards npx tsx scripts/osd_from_source.ts [options]
 *
 * The steps, in order (each printed before it runs; the first that fails stops the script):
 * 1. check the tree: `OSD_SRC` set, an OSD checkout (package.json named `opensearch-dashboards`
 *    with a x.y.z version, `scripts/opensearch_dashboards.js` and
 *    `scripts/opensearch_dashboards_plugin.js`), a 3.x version, the Node running this script of the
 *    major OSD's `.node-version` names, and the same major as the Node the zip's SQLite addon is
 *    compiled for (scripts/target_node.ts);
 * 2. `yarn osd bootstrap` in OSD_SRC (OSD's DEVELOPER_GUIDE), unless `--skip-bootstrap`;
 * 3. `npm run build -- --osd-version=<OSD's version>` here: build/federation-<version>.zip;
 * 4. `node scripts/opensearch_dashboards_plugin remove federation` when `plugins/federation` is
 *    there already (OSD's installer refuses to overwrite), then
 *    `node scripts/opensearch_dashboards_plugin install file://…/federation-<version>.zip`: the
 *    source tree's spelling of a distribution's `bin/opensearch-dashboards-plugin install`;
 * 5. checks that OpenSearch answers at `--opensearch=<url>` (default http://127.0.0.1:9200);
 * 6. `yarn start --no-base-path --opensearch=<url>` in OSD_SRC (`yarn start` is
 *    `node scripts/opensearch_dashboards --dev`; `--opensearch` sets `opensearch.hosts`), until
 *    stopped with Ctrl-C. OSD then serves http://localhost:5601/app/federation.
 */
import { spawn } from 'child_process';
import { existsSync, readFileSync, statSync } from 'fs';
import path from 'path';
import { pathToFileURL } from 'url';
import { quoteCommand } from './opensearch/run_command';
import { osdNodeVersion } from './target_node';

const ROOT = path.resolve(__dirname, '..');
const PLUGIN_ID = 'federation';

export const OSD_FROM_SOURCE_USAGE =
  'usage: OSD_SRC=/path/to/OpenSearch-Dashboards npx tsx scripts/osd_from_source.ts ' +
  '[--skip-bootstrap] [--opensearch=http://127.0.0.1:9200] [--osd-version=x.y.z]';

/** A mistake in the command line or the tree: printed as its message alone. */
export class OsdSourceError extends Error {}

export interface OsdSourceOptions {
  skipBootstrap: boolean;
  opensearchUrl: string;
  /** A version the caller expects OSD_SRC to be (`--osd-version` or OSD_VERSION); checked. */
  expectedVersion: string | undefined;
}

export function parseOsdSourceArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv
): OsdSourceOptions {
  const options: OsdSourceOptions = {
    skipBootstrap: false,
    opensearchUrl: 'http://127.0.0.1:9200',
    expectedVersion: env.OSD_VERSION,
  };
  for (const arg of argv) {
    if (arg === '--skip-bootstrap') options.skipBootstrap = true;
    else if (arg.startsWith('--opensearch=')) {
      const url = arg.slice('--opensearch='.length);
      if (!/^https?:\/\/[^/\s]+\/?$/.test(url))
        throw new OsdSourceError(
          `--opensearch must be an http(s) URL of a node, such as http://127.0.0.1:9200, not "${url}"`
        );
      options.opensearchUrl = url.replace(/\/$/, '');
    } else if (arg.startsWith('--osd-version=')) {
      options.expectedVersion = arg.slice('--osd-version='.length);
    } else throw new OsdSourceError(`unknown option "${arg}"\n${OSD_FROM_SOURCE_USAGE}`);
  }
  return options;
}

export interface OsdSource {
  root: string;
  /** `version` of OSD's package.json: what the zip is stamped with. */
  version: string;
  /** OSD's `.node-version` (or `.nvmrc`), when the tree has one. */
  nodeVersion: string | null;
}

/** Step 1: the tree at OSD_SRC, or an error saying what is wrong with it. */
export function readOsdSource(osdSrc: string | undefined, runningNode: string): OsdSource {
  if (osdSrc === undefined || osdSrc.trim() === '') {
    throw new OsdSourceError(
      `OSD_SRC is not set: point it at a checkout of opensearch-project/OpenSearch-Dashboards at a release tag\n${OSD_FROM_SOURCE_USAGE}`
    );
  }
  const root = path.resolve(osdSrc);
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw new OsdSourceError(`OSD_SRC (${root}) is not a directory`);
  const manifest = path.join(root, 'package.json');
  if (!existsSync(manifest))
    throw new OsdSourceError(
      `OSD_SRC (${root}) is not an OpenSearch Dashboards tree: it has no package.json`
    );
  let pkg: { name?: unknown; version?: unknown };
  try {
    pkg = JSON.parse(readFileSync(manifest, 'utf8')) as typeof pkg;
  } catch (error) {
    throw new OsdSourceError(`${manifest} is not valid JSON: ${(error as Error).message}`);
  }
  if (pkg.name !== 'opensearch-dashboards')
    throw new OsdSourceError(
      `OSD_SRC (${root}) is not an OpenSearch Dashboards tree: its package.json is named ${JSON.stringify(pkg.name)}, not "opensearch-dashboards"`
    );
  for (const script of ['opensearch_dashboards.js', 'opensearch_dashboards_plugin.js']) {
    if (!existsSync(path.join(root, 'scripts', script)))
      throw new OsdSourceError(
        `OSD_SRC (${root}) is not an OpenSearch Dashboards source tree: scripts/${script} is missing`
      );
  }
  const version = typeof pkg.version === 'string' ? pkg.version : '';
  if (!/^\d+\.\d+\.\d+$/.test(version))
    throw new OsdSourceError(
      `OSD_SRC's package.json has version ${JSON.stringify(pkg.version)}, not x.y.z: check out a release tag`
    );
  const nodeVersion = nodeVersionOf(root);
  checkNode(version, nodeVersion, runningNode);
  return { root, version, nodeVersion };
}

function nodeVersionOf(root: string): string | null {
  for (const file of ['.node-version', '.nvmrc']) {
    const full = path.join(root, file);
    if (existsSync(full)) return readFileSync(full, 'utf8').trim().replace(/^v/, '');
  }
  return null;
}

const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

/**
 * The Node checks: OSD must be 3.x (the zip's build knows only 3.x's Nodes), the zip's SQLite
 * addon is compiled for one Node ABI, which is one per major (NODE_MODULE_VERSION), so its major
 * must be OSD's; and OSD's bootstrap and dev server need the Node OSD names.
 */
function checkNode(version: string, osdNode: string | null, runningNode: string): void {
  let zipNode: string;
  try {
    zipNode = osdNodeVersion(version);
  } catch (error) {
    throw new OsdSourceError(
      `OSD_SRC is OpenSearch Dashboards ${version}: ${(error as Error).message}`
    );
  }
  if (osdNode === null) return;
  if (major(zipNode) !== major(osdNode))
    throw new OsdSourceError(
      `the versions do not match: OSD_SRC (${version}) runs Node ${osdNode} (its .node-version), but the zip for ${version} compiles SQLite for Node ${zipNode} (scripts/target_node.ts); update osdNodeVersion there`
    );
  if (major(runningNode) !== major(osdNode))
    throw new OsdSourceError(
      `the versions do not match: OSD_SRC (${version}) needs Node ${osdNode} (its .node-version), this is Node ${runningNode.replace(/^v/, '')}; switch Node (e.g. \`nvm use\` in OSD_SRC) and run again`
    );
}

/** The expected version, when one was given, must be the tree's. */
export function checkExpectedVersion(source: OsdSource, expected: string | undefined): void {
  if (expected !== undefined && expected !== source.version)
    throw new OsdSourceError(
      `the versions do not match: OSD_SRC is OpenSearch Dashboards ${source.version}, but ${expected} was asked for (--osd-version or OSD_VERSION); check out the tag v${expected} or drop the option`
    );
}

export interface Step {
  title: string;
  argv: string[];
  cwd: string;
}

/** Steps 2-4 and 6 as commands (step 5 is a request, made between them). */
export function osdSourceSteps(
  source: OsdSource,
  options: OsdSourceOptions,
  repoRoot = ROOT
): { build: Step[]; start: Step } {
  const zip = path.join(repoRoot, 'build', `${PLUGIN_ID}-${source.version}.zip`);
  const pluginCli = ['node', path.join('scripts', 'opensearch_dashboards_plugin')];
  const build: Step[] = [];
  if (!options.skipBootstrap)
    build.push({ title: 'bootstrap OSD', argv: ['yarn', 'osd', 'bootstrap'], cwd: source.root });
  build.push({
    title: `build the zip for OSD ${source.version}`,
    argv: ['npm', 'run', 'build', '--', `--osd-version=${source.version}`],
    cwd: repoRoot,
  });
  if (existsSync(path.join(source.root, 'plugins', PLUGIN_ID)))
    build.push({
      title: 'remove the installed plugin',
      argv: [...pluginCli, 'remove', PLUGIN_ID],
      cwd: source.root,
    });
  build.push({
    title: 'install the zip',
    argv: [...pluginCli, 'install', pathToFileURL(zip).href],
    cwd: source.root,
  });
  return {
    build,
    start: {
      title: 'start OSD',
      argv: ['yarn', 'start', '--no-base-path', `--opensearch=${options.opensearchUrl}`],
      cwd: source.root,
    },
  };
}

function runStep(step: Step): Promise<void> {
  console.log(`\n== ${step.title}: (cd ${step.cwd} && ${quoteCommand(step.argv)})`);
  const [file, ...args] = step.argv;
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: step.cwd, stdio: 'inherit' });
    child.on('error', (err) =>
      reject(new OsdSourceError(`cannot run \`${quoteCommand(step.argv)}\`: ${err.message}`))
    );
    child.on('close', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new OsdSourceError(
              `${step.title} failed: \`${quoteCommand(step.argv)}\` ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`
            )
          )
    );
  });
}

async function checkOpenSearch(url: string): Promise<void> {
  console.log(`\n== check OpenSearch at ${url}`);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const body = (await response.json()) as { version?: { number?: string } };
    console.log(`OpenSearch ${body.version?.number ?? '(version not given)'} answers`);
  } catch (error) {
    throw new OsdSourceError(
      `OpenSearch does not answer at ${url} (${(error as Error).message}): start it (\`npm run opensearch -- start\` here) or pass --opensearch=<url>`
    );
  }
}

async function main(): Promise<void> {
  const options = parseOsdSourceArgs(process.argv.slice(2), process.env);
  const source = readOsdSource(process.env.OSD_SRC, process.version);
  checkExpectedVersion(source, options.expectedVersion);
  console.log(`OpenSearch Dashboards ${source.version} at ${source.root}`);
  const { build, start } = osdSourceSteps(source, options);
  for (const step of build) await runStep(step);
  await checkOpenSearch(options.opensearchUrl);
  await runStep(start);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof OsdSourceError ? error.message : error);
    process.exit(1);
  });
}
