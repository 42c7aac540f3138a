/**
 * Vitest globalSetup of the cluster project: the 3-node loopback cluster
 * (scripts/opensearch/cluster.ts), reused or started, with the rest of the test bed around it.
 * Fixture indices get one replica here, so a node may leave without losing a shard.
 *
 * Env: OPENSEARCH_CLUSTER_PORT, OPENSEARCH_CLUSTER_HEAP; FEDERATION_KEEP_OPENSEARCH=1 leaves a
 * cluster started here running.
 */
import type { TestProject } from 'vitest/node';
import { ensureCluster } from '../../scripts/opensearch/cluster';
import { setupTestBed } from '../bed/global_setup';

const log = (line: string) => console.log(`[cluster] ${line}`);

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await ensureCluster({ log });
  const stop = async () => {
    if (cluster.startedHere && !process.env.FEDERATION_KEEP_OPENSEARCH) {
      log('Stopping the cluster started for this run (FEDERATION_KEEP_OPENSEARCH=1 keeps it)');
      await cluster.stop();
    }
  };
  try {
    // The service talks to node 0; the tests stop the others.
    const teardownBed = await setupTestBed(
      project,
      { url: cluster.urls[0], version: cluster.version, startedHere: false, stop: async () => {} },
      1
    );
    project.provide('clusterUrls', cluster.urls);
    return async () => {
      await teardownBed();
      await stop();
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
