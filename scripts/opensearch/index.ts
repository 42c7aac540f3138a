import fs from 'node:fs';
import path from 'node:path';
import { ensureDistribution } from './distribution';
import { waitForHealthy, probe } from './http';
import { detectRuntime } from './jdk';
import { withLock } from './lock';
import { findNodeProcess, nodeUrl, outputTail, readState, startNode, stopNode } from './node';
import { cacheDir, defaultDataDir, defaultPort, nodeFiles } from './paths';
import { quoteCommand } from './run_command';
import { ensureRuntimeUser } from './system_user';

export { cacheDir, defaultPort } from './paths';
export { findNodes, stopNode } from './node';
export { probe } from './http';

export interface RunningOpenSearch {
  url: string;
  version: string;
  /** True only when this call launched the node; `stop()` is a no-op otherwise. */
  startedHere: boolean;
  stop(): Promise<void>;
}

export interface EnsureOptions {
  /** Default 9200, or env OPENSEARCH_PORT. */
  port?: number;
  /** Default `<cache>/opensearch-<version>-data` (suffixed with the port when not 9200). */
  dataDir?: string;
  log?: (line: string) => void;
}

/** A JVM start plus shard recovery; 3.x on a slow runner takes well under a minute. */
export const HEALTH_TIMEOUT_MS = 180_000;

function reused(url: string, version: string): RunningOpenSearch {
  return { url, version, startedHere: false, stop: async () => undefined };
}

/** An OpenSearch already answering at `url`, or undefined when nothing listens there. */
async function existing(url: string): Promise<RunningOpenSearch | undefined> {
  const found = await probe(url);
  if (found.state === 'down') return undefined;
  if (found.state === 'other') {
    throw new Error(
      `${url} answers but is not a usable OpenSearch (${found.detail}); free the port or set OPENSEARCH_PORT`
    );
  }
  return reused(url, await waitForHealthy(url, { timeoutMs: HEALTH_TIMEOUT_MS }));
}

/**
 * An OpenSearch to test against: the cluster at env OPENSEARCH_URL, else a
 * node already answering on 127.0.0.1:<port>, else one fetched from Maven
 * Central and started here (detached, so it outlives this process).
 */
export async function ensureOpenSearch(options: EnsureOptions = {}): Promise<RunningOpenSearch> {
  const log = options.log ?? (() => undefined);
  const external = process.env.OPENSEARCH_URL;
  if (external) {
    const url = external.replace(/\/+$/, '');
    log(`Using OPENSEARCH_URL=${url}`);
    return reused(url, await waitForHealthy(url, { timeoutMs: HEALTH_TIMEOUT_MS }));
  }

  const port = options.port ?? defaultPort();
  const url = nodeUrl(port);
  const already = await existing(url);
  if (already) return already;

  const runtime = detectRuntime();
  const cache = cacheDir();
  fs.mkdirSync(cache, { recursive: true });
  // Another process may be starting a node right now: serialize, then look again.
  return withLock(
    path.join(cache, 'opensearch.lock'),
    async () => {
      const meanwhile = await existing(url);
      if (meanwhile) return meanwhile;
      return launch({ ...runtime, port, url, cache, dataDir: options.dataDir, log });
    },
    { log }
  );
}

/**
 * A node of this data dir holds its data path lock, so a second one would fail.
 * - It serves another port: someone's node; refuse.
 * - It is meant for our port but does not answer yet: its starter was killed mid-start
 *   (Ctrl-C during a test run). Wait for it like the starter would have, and adopt it:
 *   `startedHere` is true, as nobody else will stop it.
 * - It never becomes healthy: stop it so a fresh one can start.
 */
async function adoptOrClear(
  dataDir: string,
  o: LaunchOptions
): Promise<RunningOpenSearch | undefined> {
  const found = findNodeProcess(dataDir);
  if (!found) return undefined;
  const port = readState(dataDir)?.port;
  if (port !== undefined && port !== o.port) {
    if ((await probe(nodeUrl(port))).state === 'opensearch') {
      throw new Error(`${dataDir} is in use by the node on port ${port}; pass another dataDir`);
    }
  } else {
    o.log(`A node from ${dataDir} (pid ${found.pid}) is still starting; waiting for it`);
    try {
      const version = await waitForHealthy(o.url, {
        timeoutMs: HEALTH_TIMEOUT_MS,
        failure: () => (findNodeProcess(dataDir) ? undefined : 'it exited'),
      });
      const stop = async () => {
        await stopNode(dataDir, { log: o.log });
      };
      return { url: o.url, version, startedHere: true, stop };
    } catch (err) {
      o.log(`It did not come up (${(err as Error).message.split('\n')[0]})`);
    }
  }
  o.log(`Stopping the unresponsive node from ${dataDir} (pid ${found.pid})`);
  await stopNode(dataDir, { log: o.log });
  return undefined;
}

interface LaunchOptions {
  javaHome: string;
  opensearchVersion: string;
  port: number;
  url: string;
  cache: string;
  dataDir?: string;
  log: (line: string) => void;
}

async function launch(o: LaunchOptions): Promise<RunningOpenSearch> {
  const user = await ensureRuntimeUser(o.log);
  const home = await ensureDistribution({
    version: o.opensearchVersion,
    cache: o.cache,
    javaHome: o.javaHome,
    owner: user,
    log: o.log,
  });
  const dataDir = path.resolve(o.dataDir ?? defaultDataDir(o.cache, o.opensearchVersion, o.port));
  fs.mkdirSync(dataDir, { recursive: true });

  const orphan = await adoptOrClear(dataDir, o);
  if (orphan) return orphan;

  o.log(
    `Starting OpenSearch ${o.opensearchVersion} on ${o.url} (JDK ${o.javaHome}, data ${dataDir})`
  );
  const started = await startNode({
    home,
    javaHome: o.javaHome,
    version: o.opensearchVersion,
    port: o.port,
    dataDir,
    user,
  });
  let version: string;
  try {
    version = await waitForHealthy(o.url, {
      timeoutMs: HEALTH_TIMEOUT_MS,
      failure: started.failure,
    });
  } catch (err) {
    await stopNode(dataDir, { graceMs: 5_000 }).catch(() => undefined);
    const out = nodeFiles(dataDir).outFile;
    throw new Error(
      `${(err as Error).message}\n` +
        `Command (in ${home}): ${quoteCommand(started.command)}\n` +
        `Last lines of ${out}:\n${outputTail(dataDir)}`,
      { cause: err }
    );
  }
  o.log(`OpenSearch ${version} is up at ${o.url}`);
  return {
    url: o.url,
    version,
    startedHere: true,
    stop: async () => {
      await stopNode(dataDir, { log: o.log });
    },
  };
}
