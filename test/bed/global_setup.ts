/**
 * Vitest globalSetup for the integration and browser projects: brings up the
 * test bed (docs/development/testing.md) once per run and hands its addresses to the
 * tests through `inject()` (see context.ts).
 *
 * Env: OPENSEARCH_URL / OPENSEARCH_PORT / OPENSEARCH_VERSION (scripts/opensearch),
 * PG_URL, MYSQL_URL, CHROMIUM_PATH; FEDERATION_KEEP_OPENSEARCH=1 leaves a node
 * started here running; FEDERATION_KEEP_INDICES=1 keeps this run's test indices;
 * CI=true turns any unavailable part into a setup failure instead of skips.
 */
import { randomBytes } from 'node:crypto';
import { Client } from '@opensearch-project/opensearch';
import type { TestProject } from 'vitest/node';
import { ensureOpenSearch, type RunningOpenSearch } from '../../scripts/opensearch';
import { ensureChromium } from './chromium';
import { ensureMariaDb, ensurePostgres, type Availability } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    opensearchUrl: string;
    opensearchVersion: string;
    /** Short token in every index name from uniqueName(), so teardown can delete this run's indices. */
    testRunId: string;
    postgresUrl: string | null;
    postgresSkip: string | null;
    mysqlUrl: string | null;
    mysqlSkip: string | null;
    /** `number_of_replicas` of fixture indices: 0 on the single node, 1 on the cluster. */
    indexReplicas: number;
    /** The cluster project's node URLs (node 0 first); empty elsewhere. */
    clusterUrls: string[];
    /** Set for the browser project only. */
    chromiumPath: string | null;
    chromiumSkip: string | null;
  }
}

const log = (line: string) => console.log(`[test bed] ${line}`);

function split(name: string, found: Availability): { url: string | null; skip: string | null } {
  if ('url' in found) return { url: found.url, skip: null };
  // On CI the whole matrix must run: a missing database is a broken runner, not a skip.
  if (process.env.CI === 'true')
    throw new Error(`CI=true and ${name} is unavailable: ${found.skipped}`);
  log(`${name} tests will be skipped: ${found.skipped}`);
  return { url: null, skip: found.skipped };
}

/** Deletes the indices this run created (uniqueName embeds the run id), so a long-lived node does not fill up. */
async function deleteRunIndices(url: string, runId: string): Promise<void> {
  const client = new Client({ node: url, requestTimeout: 30_000 });
  try {
    await client.indices.delete({
      index: `test-*-${runId}*`,
      expand_wildcards: 'all',
      allow_no_indices: true,
      ignore_unavailable: true,
    });
  } catch (err) {
    log(`Could not delete this run's test indices: ${(err as Error).message}`);
  } finally {
    await client.close();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  return setupTestBed(project, await ensureOpenSearch({ log }), 0);
}

/**
 * The test bed around a given OpenSearch (the single node, or the cluster of the cluster
 * project): databases, Chromium for the browser project, and what `inject()` reads.
 * `replicas` is the `number_of_replicas` fixtures give their indices.
 */
export async function setupTestBed(
  project: TestProject,
  opensearch: RunningOpenSearch,
  replicas: number
): Promise<() => Promise<void>> {
  const [pg, my] = await Promise.all([ensurePostgres(), ensureMariaDb()]);
  log(
    `OpenSearch ${opensearch.version} at ${opensearch.url}${opensearch.startedHere ? ' (started)' : ''}`
  );
  const runId = randomBytes(3).toString('hex');
  const teardown = async () => {
    if (!process.env.FEDERATION_KEEP_INDICES) await deleteRunIndices(opensearch.url, runId);
    if (opensearch.startedHere && !process.env.FEDERATION_KEEP_OPENSEARCH) {
      log(
        'Stopping the OpenSearch node started for this run (FEDERATION_KEEP_OPENSEARCH=1 keeps it)'
      );
      await opensearch.stop();
    }
  };

  try {
    project.provide('opensearchUrl', opensearch.url);
    project.provide('opensearchVersion', opensearch.version);
    project.provide('testRunId', runId);
    project.provide('indexReplicas', replicas);
    project.provide('clusterUrls', []);

    const postgres = split('PostgreSQL', pg);
    project.provide('postgresUrl', postgres.url);
    project.provide('postgresSkip', postgres.skip);
    const mariadb = split('MariaDB', my);
    project.provide('mysqlUrl', mariadb.url);
    project.provide('mysqlSkip', mariadb.skip);

    let chromium: { url: string | null; skip: string | null } = {
      url: null,
      skip: 'Chromium is set up for the browser project only',
    };
    if (project.name === 'browser') {
      const found = await ensureChromium();
      chromium = split(
        'Chromium',
        'executablePath' in found ? { url: found.executablePath } : found
      );
    }
    project.provide('chromiumPath', chromium.url);
    project.provide('chromiumSkip', chromium.skip);
  } catch (err) {
    // Vitest runs no teardown when setup throws: do not leave a node behind.
    await teardown();
    throw err;
  }
  return teardown;
}
