import os from 'node:os';
import path from 'node:path';

export const DEFAULT_PORT = 9200;

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Where downloads, unpacked distributions and node data live: env
 * FEDERATION_CACHE, else /var/cache/federation for root (a system path the
 * `opensearch` user can traverse, unlike /root), else ~/.cache/federation.
 */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FEDERATION_CACHE) return path.resolve(env.FEDERATION_CACHE);
  if (isRoot()) return '/var/cache/federation';
  return path.join(os.homedir(), '.cache', 'federation');
}

export function defaultPort(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.OPENSEARCH_PORT;
  if (!raw) return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`OPENSEARCH_PORT=${raw} is not a port number`);
  }
  return port;
}

/** Unpacked distribution (OPENSEARCH_HOME). */
export function distributionHome(cache: string, version: string): string {
  return path.join(cache, `opensearch-${version}`);
}

/**
 * `<cache>/opensearch-<version>-data` for the default port; other ports get
 * their own (`...-data-9201`), since two nodes cannot share one data path.
 */
export function defaultDataDir(cache: string, version: string, port = DEFAULT_PORT): string {
  const suffix = port === DEFAULT_PORT ? '' : `-${port}`;
  return path.join(cache, `opensearch-${version}-data${suffix}`);
}

/** Files a node keeps in its data dir. */
export function nodeFiles(dataDir: string) {
  return {
    /** Pid of the OpenSearch JVM, written by OpenSearch itself (`-p`). */
    pidFile: path.join(dataDir, 'opensearch.pid'),
    /** What we launched: launcher pid (its process group), port, version, url. */
    stateFile: path.join(dataDir, 'node.json'),
    /** stdout and stderr of the node: JVM errors before logging starts land here. */
    outFile: path.join(dataDir, 'opensearch.out'),
    data: path.join(dataDir, 'data'),
    logs: path.join(dataDir, 'logs'),
  };
}
