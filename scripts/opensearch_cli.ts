/**
 * `npm run opensearch -- start|stop|status`: the test bed's OpenSearch node.
 *
 *   start   reuse the node on 127.0.0.1:$OPENSEARCH_PORT (default 9200) or fetch and start
 *           one; it keeps running after this command returns
 *   stop    stop the node this tool started on that port (found via its data dir's pid file)
 *   status  say what answers on that port; exit code 3 when nothing does
 *   cluster-start  reuse or start the 3-node loopback cluster of the cluster tests
 *                  (ports $OPENSEARCH_CLUSTER_PORT, default 9211-9213)
 *   cluster-stop   stop its nodes
 *
 * Env: OPENSEARCH_PORT, OPENSEARCH_VERSION, OPENSEARCH_JAVA_HOME, FEDERATION_CACHE,
 * OPENSEARCH_URL (start only waits for that cluster).
 */
import { cacheDir, defaultPort, ensureOpenSearch, findNodes, probe, stopNode } from './opensearch';
import { ensureCluster } from './opensearch/cluster';

const log = (line: string) => console.error(`[opensearch] ${line}`);

async function start(): Promise<number> {
  const started = Date.now();
  const node = await ensureOpenSearch({ log });
  const how = node.startedHere
    ? `started in ${Math.round((Date.now() - started) / 1000)}s`
    : 'already running';
  console.log(`OpenSearch ${node.version} at ${node.url} (${how})`);
  return 0;
}

function nodesOnPort(port: number) {
  return findNodes(cacheDir()).filter(({ node }) => !node.state || node.state.port === port);
}

async function stop(): Promise<number> {
  const port = defaultPort();
  const nodes = nodesOnPort(port);
  for (const { dataDir } of nodes) await stopNode(dataDir, { log });
  if (nodes.length) {
    console.log(`Stopped OpenSearch on port ${port}`);
    return 0;
  }
  const url = `http://127.0.0.1:${port}`;
  const found = await probe(url);
  console.log(
    found.state === 'down'
      ? `No OpenSearch is running on port ${port}`
      : `Something answers at ${url} but was not started by this tool (cache ${cacheDir()}); left alone`
  );
  return 0;
}

async function status(): Promise<number> {
  const port = defaultPort();
  const url = process.env.OPENSEARCH_URL ?? `http://127.0.0.1:${port}`;
  const found = await probe(url);
  const mine = nodesOnPort(port)[0];
  const owner = mine ? ` (pid ${mine.node.pid}, data ${mine.dataDir})` : '';
  if (found.state === 'opensearch') console.log(`OpenSearch ${found.version} at ${url}${owner}`);
  else if (found.state === 'other') console.log(`${url}: not OpenSearch (${found.detail})`);
  else
    console.log(`Nothing answers at ${url} (${found.detail})${mine ? `; starting${owner}` : ''}`);
  return found.state === 'opensearch' ? 0 : 3;
}

async function clusterStart(): Promise<number> {
  const started = Date.now();
  const cluster = await ensureCluster({ log });
  const how = cluster.startedHere
    ? `started in ${Math.round((Date.now() - started) / 1000)}s`
    : 'already running';
  console.log(`OpenSearch cluster ${cluster.version} at ${cluster.urls.join(', ')} (${how})`);
  return 0;
}

async function clusterStop(): Promise<number> {
  const cache = cacheDir();
  const nodes = findNodes(cache).filter(({ dataDir }) => /-data-cluster-\d+$/.test(dataDir));
  for (const { dataDir } of nodes) await stopNode(dataDir, { log });
  console.log(
    nodes.length ? `Stopped ${nodes.length} cluster node(s)` : 'No cluster node is running'
  );
  return 0;
}

const commands: Record<string, () => Promise<number>> = {
  start,
  stop,
  status,
  'cluster-start': clusterStart,
  'cluster-stop': clusterStop,
};
const name = process.argv[2] ?? '';
const command = commands[name];
if (!command) {
  console.error('usage: npm run opensearch -- start|stop|status|cluster-start|cluster-stop');
  process.exit(2);
}
command().then(
  // Exit explicitly: the detached node must not be waited for, nor idle HTTP keep-alive sockets.
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
);
