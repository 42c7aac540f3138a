import fs from 'node:fs';
import path from 'node:path';
import { commandExists, runCommand } from './run_command';
import { distributionHome } from './paths';
import { chownTree } from './system_user';

/**
 * The integ-test-zip is the smallest distribution on Maven Central: no bundled
 * JDK, no plugins, only the modules (transport, painless, reindex, ...).
 */
export function mavenArtifact(version: string): string {
  return `org.opensearch.distribution.integ-test-zip:opensearch:${version}:zip`;
}

/** Marks a complete unpack; its content is the owner the tree was given. */
const MARKER = '.federation-unpacked';

export interface DistributionOptions {
  version: string;
  cache: string;
  /** Used for `jar` when `unzip` is missing. */
  javaHome: string;
  /** System user that will run the node (root only); it must own the tree. */
  owner?: string;
  log: (line: string) => void;
}

/**
 * Returns OPENSEARCH_HOME for `version`, fetching and unpacking it into the
 * cache on first use. Callers hold the cache lock, so the steps need not be
 * safe against each other, only against being killed half-way (each step
 * works in a temp path and renames into place).
 */
export async function ensureDistribution(options: DistributionOptions): Promise<string> {
  const { version, cache, owner, log } = options;
  const home = distributionHome(cache, version);
  const marker = path.join(home, MARKER);
  if (fs.existsSync(marker)) {
    if (owner && fs.readFileSync(marker, 'utf8') !== owner) {
      await chownTree(home, owner);
      fs.writeFileSync(marker, owner);
    }
    return home;
  }

  const zip = await fetchZip(options);
  log(`Unpacking ${path.basename(zip)} into ${home}`);
  const staging = `${home}.tmp-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  try {
    await unpack(zip, staging, options.javaHome);
    const top = fs.readdirSync(staging);
    if (top.length !== 1) throw new Error(`Unexpected layout in ${zip}: ${top.join(', ')}`);
    const unpacked = path.join(staging, top[0]);
    if (!fs.existsSync(path.join(unpacked, 'bin', 'opensearch'))) {
      throw new Error(`${zip} holds no bin/opensearch`);
    }
    if (owner) await chownTree(unpacked, owner);
    fs.rmSync(home, { recursive: true, force: true }); // a half-finished earlier attempt
    fs.renameSync(unpacked, home);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  fs.writeFileSync(marker, owner ?? '');
  // Maven's local repository (~/.m2) keeps a copy, so the zip is not worth 160 MB here.
  fs.rmSync(zip, { force: true });
  return home;
}

async function fetchZip({ version, cache, log }: DistributionOptions): Promise<string> {
  const downloads = path.join(cache, 'downloads');
  const zip = path.join(downloads, `opensearch-${version}.zip`);
  if (fs.existsSync(zip)) return zip;
  if (!(await commandExists('mvn'))) {
    throw new Error(
      'Fetching OpenSearch needs Maven (`apt-get install -y maven`) or set OPENSEARCH_URL'
    );
  }
  // Copy into a temp dir and rename, so an interrupted copy never looks complete.
  const staging = path.join(downloads, `tmp-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  log(`Fetching ${mavenArtifact(version)} with Maven`);
  try {
    await runCommand([
      'mvn',
      '-q',
      '-B',
      'dependency:copy',
      `-Dartifact=${mavenArtifact(version)}`,
      `-DoutputDirectory=${staging}`,
    ]);
    const fetched = path.join(staging, `opensearch-${version}.zip`);
    if (!fs.existsSync(fetched)) {
      throw new Error(`Maven reported success but ${fetched} is missing`);
    }
    fs.renameSync(fetched, zip);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return zip;
}

/** `unzip` when present (keeps the exec bits); else the JDK's `jar`, then restore them. */
async function unpack(zip: string, into: string, javaHome: string): Promise<void> {
  if (await commandExists('unzip')) {
    await runCommand(['unzip', '-q', zip, '-d', into]);
    return;
  }
  await runCommand([path.join(javaHome, 'bin', 'jar'), 'xf', zip], { cwd: into });
  for (const top of fs.readdirSync(into)) {
    const bin = path.join(into, top, 'bin');
    if (!fs.existsSync(bin)) continue;
    for (const name of fs.readdirSync(bin)) {
      if (!/\.(bat|exe)$/.test(name)) fs.chmodSync(path.join(bin, name), 0o755);
    }
  }
}
