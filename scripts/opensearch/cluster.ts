/**
 * A multi-node OpenSearch cluster on loopback for the cluster tests (issue 13): N processes of
 * the same distribution, each with its own HTTP and transport port, data path and node name,
 * finding each other through `discovery.seed_hosts` on 127.0.0.1. Detached like the single
 * node, reused when it already answers with all its nodes, and each node can be stopped and
 * started again (node loss during a test).
 *
 * Env: OPENSEARCH_CLUSTER_PORT (first HTTP port, default 9211; transport ports from +100),
 * OPENSEARCH_CLUSTER_HEAP (per node, default 768m: three nodes and the single node fit in 24 GiB
 * beside the databases, and the cluster tests keep their data small).
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureDistribution } from './distribution';
import { probe } from './http';
import { detectRuntime } from './jdk';
import { withLock } from './lock';
import { nodeUrl, outputTail, startNode, stopNode, type ClusterMembership } from './node';
import { cacheDir } from './paths';
import { ensureRuntimeUser } from './system_user';

export const CLUSTER_NAME = 'federation-cluster';
const DEFAULT_FIRST_PORT = 9211;
const TRANSPORT_OFFSET = 100;
const HEAP = process.env.OPENSEARCH_CLUSTER_HEAP ?? '768m';
/** Three JVMs starting at once on two cores, then electing a manager. */
const FORM_TIMEOUT_MS = 240_000;

export interface RunningCluster {
  /** HTTP URL of every node, by node index. */
  urls: string[];
  nodeNames: string[];
  version: string;
  /** True when this call started the nodes. */
  startedHere: boolean;
  /** Stops node `index` (a clean shutdown, SIGKILL after `graceMs`). */
  stopNode(index: number, graceMs?: number): Promise<void>;
  /** Starts node `index` again and waits until the cluster has all its nodes. */
  startNode(index: number): Promise<void>;
  /** Stops every node. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  nodes?: number;
  /** HTTP port of node 0; node i listens on firstPort + i. */
  firstPort?: number;
  log?: (line: string) => void;
}

export function clusterFirstPort(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.OPENSEARCH_CLUSTER_PORT;
  if (!raw) return DEFAULT_FIRST_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port <= 0 || port > 65_000) {
    throw new Error(`OPENSEARCH_CLUSTER_PORT=${raw} is not a port number`);
  }
  return port;
}

/** Data dir of node `index` (matching `opensearch-*-data*`, so `npm run opensearch -- stop` sees it). */
export function clusterDataDir(cache: string, version: string, index: number): string {
  return path.join(cache, `opensearch-${version}-data-cluster-${index}`);
}

/** Reuses the cluster on the given ports when all its nodes answer, else starts it. */
export async function ensureCluster(options: ClusterOptions = {}): Promise<RunningCluster> {
  const count = options.nodes ?? 3;
  const firstPort = options.firstPort ?? clusterFirstPort();
  const log = options.log ?? (() => undefined);
  const runtime = detectRuntime();
  const cache = cacheDir();
  fs.mkdirSync(cache, { recursive: true });
  const indices = Array.from({ length: count }, (_, i) => i);
  const nodeNames = indices.map((i) => `federation-node-${i}`);
  const urls = indices.map((i) => nodeUrl(firstPort + i));
  const dataDirs = indices.map((i) => clusterDataDir(cache, runtime.opensearchVersion, i));
  const membership = (i: number): ClusterMembership => ({
    name: CLUSTER_NAME,
    nodeName: nodeNames[i],
    transportPort: firstPort + TRANSPORT_OFFSET + i,
    seedHosts: indices.map((j) => `127.0.0.1:${firstPort + TRANSPORT_OFFSET + j}`),
    initialManagers: nodeNames,
  });

  return withLock(
    path.join(cache, 'opensearch-cluster.lock'),
    async () => {
      const user = await ensureRuntimeUser(log);
      const home = await ensureDistribution({
        version: runtime.opensearchVersion,
        cache,
        javaHome: runtime.javaHome,
        owner: user,
        log,
      });
      const start = async (i: number) => {
        fs.mkdirSync(dataDirs[i], { recursive: true });
        await startNode({
          home,
          javaHome: runtime.javaHome,
          version: runtime.opensearchVersion,
          port: firstPort + i,
          dataDir: dataDirs[i],
          user,
          heap: HEAP,
          cluster: membership(i),
        });
      };
      const formed = async () => {
        try {
          return await waitForNodes(urls, count, FORM_TIMEOUT_MS);
        } catch (err) {
          const tails = dataDirs.map((d, i) => `--- ${nodeNames[i]}:\n${outputTail(d, 15)}`);
          throw new Error(`${(err as Error).message}\n${tails.join('\n')}`, { cause: err });
        }
      };
      const answering = await Promise.all(urls.map((u) => probe(u)));
      let startedHere = false;
      let version: string;
      if (answering.every((p) => p.state === 'opensearch')) {
        version = await formed();
      } else {
        log(
          `Starting a ${count}-node OpenSearch cluster on ports ${firstPort}-${firstPort + count - 1}`
        );
        // Nodes half up from an interrupted start hold their data path: stop them first.
        for (const dir of dataDirs) await stopNode(dir, { graceMs: 10_000 });
        for (const i of indices) await start(i);
        version = await formed();
        startedHere = true;
        log(`OpenSearch cluster ${version} formed: ${urls.join(', ')}`);
      }
      return {
        urls,
        nodeNames,
        version,
        startedHere,
        async stopNode(index, graceMs = 30_000) {
          await stopNode(dataDirs[index], { graceMs, log });
        },
        async startNode(index) {
          // Already back (or never stopped): only wait for the cluster to have it.
          if ((await probe(urls[index])).state !== 'opensearch') await start(index);
          await formed();
        },
        async stop() {
          await Promise.all(dataDirs.map((dir) => stopNode(dir, { log })));
        },
      };
    },
    { log }
  );
}

/** Waits until some node reports `count` nodes; returns the version it answers with. */
async function waitForNodes(urls: string[], count: number, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  for (;;) {
    for (const url of urls) {
      try {
        const response = await fetch(`${url}/_cluster/health?wait_for_nodes=${count}&timeout=2s`, {
          signal: AbortSignal.timeout(5_000),
        });
        const health = (await response.json()) as { number_of_nodes?: number; status?: string };
        if (health.number_of_nodes === count && health.status !== 'red') {
          const root = (await (await fetch(url)).json()) as { version: { number: string } };
          return root.version.number;
        }
        last = `${url}: ${health.number_of_nodes ?? 0} of ${count} nodes, ${health.status}`;
      } catch (err) {
        last = `${url}: ${(err as Error).message}`;
      }
    }
    if (Date.now() > deadline) {
      throw new Error(`the OpenSearch cluster did not form within ${timeoutMs / 1000}s (${last})`);
    }
    await sleep(1_000);
  }
}
