/**
 * Issue 20, defects 1, 2 and 12, against a host in a child process (a frozen event loop there
 * cannot stop this test's clock): a dense quantified edge answers exactly and leaves the host
 * free for other requests, a path walk past maxGraphPathSteps is a 400, a huge OFFSET is
 * OpenSearch's result-window 400 before anything is read, and an invalid date in WHERE is the
 * same 400 on an OpenSearch entity and on a virtual-index entity.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  databaseSkip,
  openSearchClient,
  openSearchUrl,
  uniqueName,
} from '../../../test/bed/context';
import { runSql } from '../../../test/bed/run_sql';
import { errorFormatProblem } from '../../../test/fuzz/checker';
import { startHostProcess, type HostProcess } from '../../../test/support/host_process';
import { send } from '../../../test/fuzz/raw_client';
import { jdbcFor } from '../../../test/support/in_process_host';

const ROWS = 2_000;
/** The data: about 166 people per company, every pair of them linked by SAME. */
const companyOf = (id: number) => (id % 12) + 1;

describe.skipIf(databaseSkip('postgres'))('graph queries cannot freeze or exhaust the host', () => {
  const pgUrl = () => inject('postgresUrl')!;
  const table = uniqueName('graph_safety').replace(/-/g, '_');
  const datasource = uniqueName('graph-safety-ds');
  const virtual = uniqueName('graph-safety-people');
  const articles = uniqueName('graph-safety-articles');
  let host: HostProcess;
  const model = {
    label: 'p',
    entities: [
      { label: 'Person', indices: [virtual], id: 'id' },
      { label: 'Report', indices: [articles], id: 'id' },
    ],
    relations: [
      {
        label: 'SAME',
        from: { entity: 'Person', field: 'company_id' },
        to: { entity: 'Person', field: 'company_id' },
      },
    ],
  };
  const graph = (query: string) =>
    send(
      host.url,
      { method: 'POST', path: '/svc/_graph', body: JSON.stringify({ model, query }) },
      60_000
    );

  beforeAll(async () => {
    await runSql('postgres', pgUrl(), [
      `DROP TABLE IF EXISTS ${table}`,
      `CREATE TABLE ${table} (id integer PRIMARY KEY, company_id integer NOT NULL, published date)`,
      `INSERT INTO ${table} SELECT g, g % 12 + 1, DATE '2024-01-01' + (g % 300)
         FROM generate_series(1, ${ROWS}) AS g`,
    ]);
    await openSearchClient().indices.create({
      index: articles,
      body: { mappings: { properties: { id: { type: 'long' }, published: { type: 'date' } } } },
    });
    await openSearchClient().index({
      index: articles,
      id: '1',
      body: { id: 1, published: '2024-02-01' },
      refresh: true,
    });
    // Default limits, so the host is bounded by what ships; a deadline that ends a run-away
    // query well before this test's own timeouts.
    host = await startHostProcess(openSearchUrl(), { graphTimeoutMs: 30_000 });
    const ds = await host.call('PUT', `/_svc/connector/datasource/${datasource}`, {
      jdbc: jdbcFor('postgres', pgUrl()),
    });
    expect(ds.status, ds.text).toBeLessThan(300);
    const vi = await host.call('PUT', `/_svc/connector/index/${virtual}`, {
      datasource,
      resource: table,
      key: 'id',
      schema: 'public',
    });
    expect(vi.status, vi.text).toBeLessThan(300);
  }, 120_000);

  afterAll(async () => {
    await host?.call('DELETE', `/_svc/connector/index/${virtual}`).catch(() => undefined);
    await host?.call('DELETE', `/_svc/connector/datasource/${datasource}`).catch(() => undefined);
    await host?.close();
    await openSearchClient().indices.delete(
      { index: `${articles},${virtual}`, ignore_unavailable: true },
      { ignore: [404] }
    );
    await runSql('postgres', pgUrl(), [`DROP TABLE IF EXISTS ${table}`]);
  });

  it('answers a dense quantified edge exactly while a small search sent meanwhile answers at once (was 92 s, host frozen)', async () => {
    // Brute force from the data's definition: SAME links exactly the people of one company,
    // so from person 1 every other person of its company is reached (in one hop, and by a
    // simple path of two or three hops through a third colleague), nobody else ever.
    const expected = Array.from({ length: ROWS }, (_, i) => i + 1).filter(
      (id) => id !== 1 && companyOf(id) === companyOf(1)
    ).length;
    for (const quantifier of ['{1,4}', '{2,3}']) {
      const query = `SELECT COUNT(*) FROM "p" MATCH (a:Person)-[:SAME]->${quantifier}(b:Person) WHERE a.id = 1`;
      const heavy = graph(query);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const probe = await send(
        host.url,
        { method: 'POST', path: `/svc/${articles}/_search`, body: '{"size":1}' },
        60_000
      );
      const answer = await heavy;
      expect(answer.status, `${quantifier}: ${answer.text}`).toBe(200);
      expect((answer.json as { rows: unknown[][] }).rows, quantifier).toEqual([[expected]]);
      expect(probe.status, probe.text).toBe(200);
      expect(probe.elapsedMs, `${quantifier}: the probe waited for the graph query`).toBeLessThan(
        1_000
      );
    }
  });

  it('refuses a path walk past maxGraphPathSteps with a 400 naming the edge and the setting', async () => {
    // From every one of the 2,000 people: about 166 x 166 steps each, far past 5,000,000.
    const answer = await graph(
      'SELECT COUNT(*) FROM "p" MATCH (a:Person)-[:SAME]->{1,4}(b:Person)'
    );
    expect(answer.status, answer.text).toBe(400);
    expect(errorFormatProblem(answer.json, 400)).toBeNull();
    const reason = (answer.json as { error: { reason: string } }).error.reason;
    expect(reason).toContain('maxGraphPathSteps');
    expect(reason).toContain('SAME');
  });

  it('refuses an OFFSET past the result window before reading anything (was out of memory)', async () => {
    const match = 'FROM "p" MATCH (a:Person),(b:Person),(c:Person) LIMIT 1 OFFSET 1000000000';
    for (const query of [
      `SELECT a.id, b.id, c.id ${match}`,
      `SELECT DISTINCT a, b, c ${match}`,
      `EXPLAIN SELECT a.id, b.id, c.id ${match}`,
      'SELECT a.id FROM "p" MATCH (a:Person) OFFSET 10001',
    ]) {
      const answer = await graph(query);
      expect(answer.status, `${query}: ${answer.text}`).toBe(400);
      expect(errorFormatProblem(answer.json, 400)).toBeNull();
      const error = (answer.json as { error: { type: string; reason: string } }).error;
      expect(error.type).toBe('illegal_argument_exception');
      expect(error.reason).toContain(
        'Result window is too large, OFFSET + LIMIT must be less than or equal to: [10000]'
      );
      expect(error.reason).toContain('maxResultWindow');
    }
  });

  it('answers an invalid date in WHERE with the same 400 on both kinds of entity (was 200 with no rows on a virtual one)', async () => {
    // Labels of one length: the error names the literal's line and column, the same in both.
    const onOpenSearch = await graph(
      'SELECT a.id FROM "p" MATCH (a:Report) WHERE a.published > \'2024-13-45\''
    );
    const onVirtual = await graph(
      'SELECT a.id FROM "p" MATCH (a:Person) WHERE a.published > \'2024-13-45\''
    );
    for (const answer of [onOpenSearch, onVirtual]) {
      expect(answer.status, answer.text).toBe(400);
      expect(errorFormatProblem(answer.json, 400)).toBeNull();
      expect((answer.json as { error: { reason: string } }).error.reason).toContain('[2024-13-45]');
    }
    expect((onVirtual.json as { error: unknown }).error).toEqual(
      (onOpenSearch.json as { error: unknown }).error
    );
    // A valid date still answers on both.
    for (const entity of ['Report', 'Person']) {
      const valid = await graph(
        `SELECT a.id FROM "p" MATCH (a:${entity}) WHERE a.published > '2024-01-15' LIMIT 1`
      );
      expect(valid.status, valid.text).toBe(200);
      expect((valid.json as { rows: unknown[] }).rows).toHaveLength(1);
    }
  });
});
