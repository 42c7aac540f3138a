/**
 * The openCypher TCK scenarios ported to our model (test/graph/tck/*.yaml, format in
 * tck_file.ts; docs/development/testing.md says what was ported and what was not): each case's
 * graph is loaded (OpenSearch indices and one PostgreSQL virtual index), then both the oracle
 * (brute_force.ts) and `POST /svc/_graph` must answer the table the TCK states.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatGqlError, parseGql } from '../../common/gql';
import { databaseSkip, openSearchClient } from '../bed/context';
import { DATASOURCES } from '../support/api_paths';
import { jdbcFor, startFederationApi, type FederationApi } from '../support/in_process_host';
import { bruteForce, OracleError } from './brute_force';
import { canonical } from './oracle_values';
import { loadTckFiles, type TckCase } from './tck_file';
import { dropTckGraph, loadTckGraph } from './tck_graph';

const files = loadTckFiles();
const DATASOURCE = 'tck_pg';

describe.skipIf(databaseSkip('postgres'))('openCypher TCK scenarios', () => {
  let api: FederationApi;
  const pgUrl = () => inject('postgresUrl')!;
  const loaded: Array<{ prefix: string; c: TckCase }> = [];

  beforeAll(async () => {
    api = await startFederationApi();
    const ds = await api.call('PUT', `${DATASOURCES}/${DATASOURCE}`, {
      jdbc: jdbcFor('postgres', pgUrl()),
    });
    if (ds.status >= 300) throw new Error(`datasource: ${ds.status} ${ds.text}`);
  });

  afterAll(async () => {
    for (const { prefix, c } of loaded) {
      await dropTckGraph(api, openSearchClient(), pgUrl(), prefix, c.graph).catch(() => undefined);
    }
    await api?.call('DELETE', `${DATASOURCES}/${DATASOURCE}`).catch(() => undefined);
    await api?.close();
  });

  files.forEach((file, f) => {
    describe(`${file.file}: ${file.title}`, () => {
      file.cases.forEach((c, i) => {
        it(c.tck, async () => {
          const prefix = `tck${f}_${i}`;
          const client = openSearchClient();
          await dropTckGraph(api, client, pgUrl(), prefix, c.graph);
          loaded.push({ prefix, c });
          const { model, data } = await loadTckGraph(
            api,
            client,
            pgUrl(),
            DATASOURCE,
            prefix,
            c.graph
          );
          const parsed = parseGql(c.query);
          const response = await api.call('POST', '/svc/_graph', { model, query: c.query });
          const context = `${c.query}\n-> ${response.status} ${response.text.slice(0, 1500)}`;
          if (c.error) {
            expect(response.status, context).toBe(c.error.status);
            expect(response.body.error?.type, context).toBe(c.error.type);
            expect(response.body.error?.reason, context).toContain(c.error.reason_contains);
            if (parsed.errors.length === 0) {
              await expect(bruteForce(parsed.statement!, model, data)).rejects.toThrow(OracleError);
            }
            return;
          }
          expect(parsed.errors.map(formatGqlError), c.query).toEqual([]);
          const oracle = await bruteForce(parsed.statement!, model, data);
          const window = oracle.rows.slice(
            oracle.offset,
            oracle.limit === undefined ? undefined : oracle.offset + oracle.limit
          );
          expect(
            sameRows(window, c.rows!, !!c.ordered),
            `the oracle's rows for ${c.query}: ${JSON.stringify(window)}`
          ).toBe(true);
          expect(response.status, context).toBe(200);
          expect(sameRows(response.body.rows, c.rows!, !!c.ordered), context).toBe(true);
        });
      });
    });
  });
});

/** Rows equal to the TCK's table: in its order when it is ordered, else as multisets. */
function sameRows(got: unknown[][], expected: unknown[][], ordered: boolean): boolean {
  const a = got.map(canonical);
  const b = expected.map(canonical);
  if (!ordered) {
    a.sort();
    b.sort();
  }
  return a.length === b.length && a.every((row, i) => row === b[i]);
}
