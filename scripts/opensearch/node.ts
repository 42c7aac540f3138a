import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { lastLines } from './run_command';
import { nodeFiles } from './paths';
import { checkAccess, chownTree } from './system_user';

/**
 * 2 GiB: the join tests and benchmarks hold 100k-key terms filters and 1M-document indices,
 * which trip the circuit breaker of a 512 MiB heap. OPENSEARCH_HEAP overrides (e.g. `1g`).
 */
export const HEAP = process.env.OPENSEARCH_HEAP ?? '2g';

export interface NodeOptions {
  home: string;
  javaHome: string;
  version: string;
  port: number;
  dataDir: string;
  /** Run as this user via runuser (when we are root). */
  user?: string;
  /** JVM heap (`-Xms`/`-Xmx`); HEAP when absent. */
  heap?: string;
  /** Membership of a multi-node cluster; absent: a single-node cluster. */
  cluster?: ClusterMembership;
}

/** How one node of a loopback cluster finds the others (scripts/opensearch/cluster.ts). */
export interface ClusterMembership {
  name: string;
  nodeName: string;
  transportPort: number;
  /** `127.0.0.1:<transport port>` of every node. */
  seedHosts: string[];
  /** The node names that may form the cluster the first time it starts. */
  initialManagers: string[];
}

/** What we launched, kept in `<dataDir>/node.json` so `npm run opensearch stop` can find it. */
export interface NodeState {
  /** The spawned process; it leads its own process group. */
  launcherPid: number;
  port: number;
  version: string;
  url: string;
  home: string;
  startedAt: string;
}

export function nodeUrl(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/** The full command line, so an error message can show exactly what was run. */
export function startCommand(options: NodeOptions): string[] {
  const files = nodeFiles(options.dataDir);
  return [
    ...(options.user ? ['runuser', '-u', options.user, '--'] : []),
    'env',
    `JAVA_HOME=${options.javaHome}`,
    `OPENSEARCH_JAVA_OPTS=-Xms${options.heap ?? HEAP} -Xmx${options.heap ?? HEAP}`,
    path.join(options.home, 'bin', 'opensearch'),
    ...membership(options.cluster),
    '-Enetwork.host=127.0.0.1',
    `-Ehttp.port=${options.port}`,
    '-Ecluster.routing.allocation.disk.threshold_enabled=false',
    // The real-memory breaker counts uncollected garbage: 100k-key terms filters sent page after
    // page trip it on a small heap although live memory stays low. Accounted breakers stay on.
    '-Eindices.breaker.total.use_real_memory=false',
    `-Epath.data=${files.data}`,
    `-Epath.logs=${files.logs}`,
    '-p',
    files.pidFile,
  ];
}

function membership(cluster: ClusterMembership | undefined): string[] {
  if (cluster === undefined) {
    return [
      '-Ediscovery.type=single-node',
      '-Ecluster.name=federation-test',
      '-Enode.name=federation-test',
    ];
  }
  return [
    `-Ecluster.name=${cluster.name}`,
    `-Enode.name=${cluster.nodeName}`,
    `-Etransport.port=${cluster.transportPort}`,
    `-Ediscovery.seed_hosts=${cluster.seedHosts.join(',')}`,
    `-Ecluster.initial_cluster_manager_nodes=${cluster.initialManagers.join(',')}`,
  ];
}

export interface StartedNode {
  command: string[];
  /** Why the node can no longer come up (its launcher exited), or undefined. */
  failure(): string | undefined;
}

/**
 * Spawns the node detached (own session, output to a file, unref'd), so it
 * outlives the calling process: `npm start` and later test runs reuse it.
 */
export async function startNode(options: NodeOptions): Promise<StartedNode> {
  const running = findNodeProcess(options.dataDir);
  if (running) {
    // A second node on the same data path fails on its lock, but first overwrites the pid and
    // state files of the running one, which could then no longer be found to stop it.
    throw new Error(`an OpenSearch node (pid ${running.pid}) already runs on ${options.dataDir}`);
  }
  const files = nodeFiles(options.dataDir);
  fs.mkdirSync(files.data, { recursive: true });
  fs.mkdirSync(files.logs, { recursive: true });
  fs.rmSync(files.pidFile, { force: true }); // left by a killed node
  if (options.user) {
    await chownTree(options.dataDir, options.user);
    // The node writes its keystore under config/ and gc.log under logs/ of its home.
    await checkAccess(
      options.user,
      [path.join(options.home, 'bin', 'opensearch')],
      [path.join(options.home, 'config'), path.join(options.home, 'logs'), files.data, files.logs]
    );
  }

  const command = startCommand(options);
  const out = fs.openSync(files.outFile, 'w');
  const child = spawn(command[0], command.slice(1), {
    cwd: options.home,
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  let exit: string | undefined;
  child.on('error', (err) => (exit = `cannot run ${command[0]}: ${err.message}`));
  child.on(
    'exit',
    (code, signal) => (exit = signal ? `killed by ${signal}` : `exited with code ${code}`)
  );
  child.unref();
  if (child.pid === undefined) {
    await sleep(100); // let the 'error' event arrive
    throw new Error(`Could not start OpenSearch: ${exit ?? 'no pid'}`);
  }

  const state: NodeState = {
    launcherPid: child.pid,
    port: options.port,
    version: options.version,
    url: nodeUrl(options.port),
    home: options.home,
    startedAt: new Date().toISOString(),
  };
  fs.writeFileSync(files.stateFile, `${JSON.stringify(state, null, 2)}\n`);
  return {
    command,
    failure: () => (exit ? `OpenSearch ${exit} before it became healthy` : undefined),
  };
}

/** The last lines the node printed, for error messages; Java stack frames only crowd out the cause. */
export function outputTail(dataDir: string, count = 40): string {
  try {
    const text = fs.readFileSync(nodeFiles(dataDir).outFile, 'utf8');
    const withoutFrames = text
      .split('\n')
      .filter((l) => !/^\s+(at |\.\.\. \d+ more)/.test(l))
      .join('\n');
    return lastLines(withoutFrames, count);
  } catch {
    return '(no output)';
  }
}

export function readState(dataDir: string): NodeState | undefined {
  try {
    return JSON.parse(fs.readFileSync(nodeFiles(dataDir).stateFile, 'utf8')) as NodeState;
  } catch {
    return undefined;
  }
}

/**
 * Whether `pid` is a live process of the node in `dataDir`. Checking the command line (it names
 * the data path, as one whole argument: one data dir's name may begin another's) guards against
 * a recycled pid from a stale pid file; zombies have an empty one and count as gone.
 */
function isNodeProcess(pid: number | undefined, dataDir: string): pid is number {
  if (!pid || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    return fs
      .readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .includes(`-Epath.data=${nodeFiles(dataDir).data}`);
  } catch {
    return false;
  }
}

function isJvm(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0].endsWith('/java');
  } catch {
    return false;
  }
}

/** Every live process started for `dataDir`, found by command line: for stale pid files. */
function processesOf(dataDir: string): number[] {
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return pids.map(Number).filter((pid) => isNodeProcess(pid, dataDir));
}

function readPid(file: string): number | undefined {
  try {
    return Number(fs.readFileSync(file, 'utf8').trim());
  } catch {
    return undefined;
  }
}

export interface NodeProcess {
  /** The JVM when its pid file exists yet, else the launcher. */
  pid: number;
  state?: NodeState;
}

/** The live node started from `dataDir`, if any. */
export function findNodeProcess(dataDir: string): NodeProcess | undefined {
  const state = readState(dataDir);
  const jvm = readPid(nodeFiles(dataDir).pidFile);
  if (isNodeProcess(jvm, dataDir)) return { pid: jvm, state };
  if (isNodeProcess(state?.launcherPid, dataDir)) return { pid: state.launcherPid, state };
  // The pid files name a process that is gone, yet a node may hold the data dir (a second start
  // that failed over a running node rewrote them): the JVM of its process chain, else any.
  const pids = processesOf(dataDir);
  if (pids.length === 0) return undefined;
  return { pid: pids.find(isJvm) ?? pids[0], state };
}

/** Data dirs under the cache with a live node (for the CLI's `stop` and `status`). */
export function findNodes(cache: string): { dataDir: string; node: NodeProcess }[] {
  let names: string[];
  try {
    names = fs.readdirSync(cache);
  } catch {
    return [];
  }
  return names
    .filter((n) => /^opensearch-.+-data/.test(n))
    .map((n) => path.join(cache, n))
    .flatMap((dataDir) => {
      const node = findNodeProcess(dataDir);
      return node ? [{ dataDir, node }] : [];
    });
}

async function waitGone(pid: number, dataDir: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isNodeProcess(pid, dataDir)) {
    if (Date.now() > deadline) return false;
    await sleep(200);
  }
  return true;
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // exited meanwhile
  }
}

/**
 * Stops the node started from `dataDir`: SIGTERM to the JVM (a clean
 * shutdown; runuser then exits by itself), SIGKILL after `graceMs`, and
 * finally anything left in the launcher's process group. Returns whether a
 * node was running.
 */
export async function stopNode(
  dataDir: string,
  options: { graceMs?: number; log?: (line: string) => void } = {}
): Promise<boolean> {
  const { graceMs = 30_000, log = () => undefined } = options;
  const found = findNodeProcess(dataDir);
  if (!found) {
    fs.rmSync(nodeFiles(dataDir).stateFile, { force: true });
    return false;
  }
  log(`Stopping OpenSearch (pid ${found.pid}, ${dataDir})`);
  signal(found.pid, 'SIGTERM');
  if (!(await waitGone(found.pid, dataDir, graceMs))) {
    log(`OpenSearch did not stop within ${graceMs / 1000}s; killing it`);
    signal(found.pid, 'SIGKILL');
    await waitGone(found.pid, dataDir, 5_000);
  }
  const launcher = found.state?.launcherPid;
  if (launcher && launcher !== found.pid && !(await waitGone(launcher, dataDir, 3_000))) {
    signal(-launcher, 'SIGKILL');
  }
  fs.rmSync(nodeFiles(dataDir).pidFile, { force: true });
  fs.rmSync(nodeFiles(dataDir).stateFile, { force: true });
  return true;
}
