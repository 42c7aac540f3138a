import { existsSync } from 'fs';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTOR_BASE_PATH } from '../../common/constants';
import { parseGql } from '../../common/gql';
import { SAVED_QUERY_BASE_PATH } from '../../common/saved_query_types';
import { extractSubgraph } from '../../public/components/graph_query/results/subgraph';
import type { GraphModelJson } from '../../public/services/api/graph_api';
import { openSearchClient } from '../../test/bed/context';
import { startFederationApi, type FederationApi } from '../../test/support/in_process_host';
import { DEMO_SAVED_QUERIES } from './demo_queries';
import { demoRows } from './demo_rows';
import { DEMO_INDICES, loadDemoData } from './load_demo_data';
import { DEMO_DATASOURCE, DEMO_VIRTUAL_INDEX, registerDemoCatalog } from './register_demo_catalog';

/**
 * What `npm start` sets up, against the test bed: the demo indices, the SQLite file, the
 * datasource and virtual index, and the saved GQL queries, which must run and answer what the
 * demo rows say. Uses the checkout's own demo file, as `npm start` does; removes from OpenSearch
 * only what was not there before, so a demo a developer runs on this cluster is left alone.
 */
describe('demo data and its saved GQL queries', () => {
  const demoDir = path.resolve(__dirname, '../../.data/demo');
  const sqliteFile = path.join(demoDir, 'investments.sqlite');
  const queryPath = (id: string) => `${SAVED_QUERY_BASE_PATH}/query/${id}`;
  const datasourcePath = `${CONNECTOR_BASE_PATH}/datasource/${DEMO_DATASOURCE}`;
  const virtualIndexPath = `${CONNECTOR_BASE_PATH}/index/${DEMO_VIRTUAL_INDEX}`;
  let api: FederationApi;
  const createdIndices: string[] = [];
  const createdEntries: string[] = [];
  const logLines: string[] = [];

  beforeAll(async () => {
    const client = openSearchClient();
    api = await startFederationApi({ sqliteDirectories: [demoDir] });
    for (const index of [...Object.values(DEMO_INDICES), DEMO_VIRTUAL_INDEX]) {
      if (!(await client.indices.exists({ index })).body) createdIndices.push(index);
    }
    // Deleted in reverse: saved queries, then the virtual index, then its datasource.
    for (const entry of [
      datasourcePath,
      virtualIndexPath,
      ...DEMO_SAVED_QUERIES.map((q) => queryPath(q.id)),
    ]) {
      if ((await api.call('GET', entry)).status === 404) createdEntries.push(entry);
    }
    await loadDemoData(client, sqliteFile, (line) => logLines.push(line));
    await registerDemoCatalog(api.server.url, sqliteFile, (line) => logLines.push(line));
  }, 120_000);

  afterAll(async () => {
    for (const entry of [...createdEntries].reverse()) await api?.call('DELETE', entry);
    if (createdIndices.length > 0)
      await openSearchClient().indices.delete({ index: createdIndices }, { ignore: [404] });
    await api?.close();
  });

  it('saves every query with a title and description a newcomer can read', async () => {
    expect(existsSync(sqliteFile)).toBe(true);
    for (const { id, body } of DEMO_SAVED_QUERIES) {
      const saved = await api.call('GET', queryPath(id));
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body._source).toMatchObject(body);
      expect(saved.body._source.description.length).toBeGreaterThan(40);
    }
    const listed = await api.call(
      'GET',
      `${SAVED_QUERY_BASE_PATH}/query/_search?q=companies&size=100`
    );
    expect(listed.body.hits.hits.map((h: any) => h._id)).toEqual(
      expect.arrayContaining(DEMO_SAVED_QUERIES.map((q) => q.id))
    );
  });

  it('is idempotent: a second start changes nothing that exists', async () => {
    const before = await Promise.all(
      DEMO_SAVED_QUERIES.map((q) => api.call('GET', queryPath(q.id)))
    );
    const again: string[] = [];
    await registerDemoCatalog(api.server.url, sqliteFile, (line) => again.push(line));
    expect(again).toEqual([]);
    const after = await Promise.all(
      DEMO_SAVED_QUERIES.map((q) => api.call('GET', queryPath(q.id)))
    );
    expect(after.map((r) => r.body._version)).toEqual(before.map((r) => r.body._version));
  });

  it('runs every saved query, in either GQL form, to rows', async () => {
    for (const { id, body } of DEMO_SAVED_QUERIES) {
      const response = await api.call('POST', '/svc/_graph', {
        model: body.model,
        query: body.query,
      });
      expect(response.status, `${id}: ${response.text}`).toBe(200);
      expect(response.body.rows.length, id).toBeGreaterThan(0);
    }
    const matchForm = DEMO_SAVED_QUERIES.find((q) => q.id === 'demo-upbeat-news-match-form')!;
    const answer = await api.call('POST', '/svc/_graph', {
      model: matchForm.body.model,
      query: matchForm.body.query,
    });
    expect(answer.body.header).toEqual(['company', 'sector', 'articles']);
  });

  it('"Top funded companies" answers the sums of the demo investments', async () => {
    const { body } = DEMO_SAVED_QUERIES.find((q) => q.id === 'demo-top-funded-companies')!;
    const response = await api.call('POST', '/svc/_graph', {
      model: body.model,
      query: body.query,
    });
    expect(response.status, response.text).toBe(200);

    const rows = demoRows();
    const totals = new Map<number, { sum: number; count: number }>();
    for (const investment of rows.investments) {
      const total = totals.get(investment.company_id) ?? { sum: 0, count: 0 };
      total.sum += investment.amount;
      total.count += 1;
      totals.set(investment.company_id, total);
    }
    const expected = [...totals.entries()]
      .map(([companyId, total]) => {
        const company = rows.companies.find((c) => c.id === companyId)!;
        return [company.name, company.sector, total.sum, total.count];
      })
      .sort((a, b) => (b[2] as number) - (a[2] as number))
      .slice(0, 10);
    expect(response.body.header).toHaveLength(4);
    expect(response.body.rows).toHaveLength(expected.length);
    // Sums are compared as numbers: the engine may answer 1.5e6 where we summed 1500000.
    expect(
      response.body.rows.map((r: unknown[]) => [r[0], r[1], Number(r[2]), Number(r[3])])
    ).toEqual(expected);
  });

  it('"News articles and the companies they mention" is drawn by the Picture tab', async () => {
    const { body } = DEMO_SAVED_QUERIES.find((q) => q.id === 'demo-articles-and-companies')!;
    const response = await api.call('POST', '/svc/_graph', {
      model: body.model,
      query: body.query,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.rows).toHaveLength(50);
    // What the Picture tab does with the answer: whole documents become nodes, the MENTIONS
    // path their edges (not "select whole variables to draw").
    const picture = extractSubgraph(
      parseGql(body.query).statement!,
      response.body.rows,
      body.model as unknown as GraphModelJson
    );
    if (picture.kind !== 'graph') throw new Error(`not drawn: ${picture.kind}`);
    const rows = demoRows();
    const articles = new Map(rows.articles.map((a) => [String(a.id), a]));
    const edges = picture.graph.edges.map((e) => [e.source, e.target, e.label]);
    expect(edges).toHaveLength(50);
    for (const [source, target, label] of edges) {
      const article = articles.get(source.replace(`${DEMO_INDICES.articles}/`, ''))!;
      expect([source, target, label]).toEqual([
        `${DEMO_INDICES.articles}/${article.id}`,
        `${DEMO_INDICES.companies}/${article.company_id}`,
        'MENTIONS',
      ]);
    }
    // The legend in the model's order.
    expect(picture.graph.labels).toEqual(['Company', 'Article']);
  });

  it('"Investors behind companies in bad news" follows both relations', async () => {
    const { body } = DEMO_SAVED_QUERIES.find((q) => q.id === 'demo-investors-in-the-news')!;
    const response = await api.call('POST', '/svc/_graph', {
      model: body.model,
      query: body.query,
    });
    expect(response.status, response.text).toBe(200);

    const rows = demoRows();
    const expected = rows.articles
      .filter((a) => a.sentiment < 0)
      .flatMap((a) =>
        rows.investments
          .filter((i) => i.company_id === a.company_id)
          .map((i) => ({
            published: a.published,
            row: [
              a.title,
              rows.companies.find((c) => c.id === a.company_id)!.name,
              i.investor,
              i.amount,
            ],
          }))
      );
    expect(expected.length).toBeGreaterThan(0);
    const answered: unknown[][] = response.body.rows;
    expect(answered).toHaveLength(Math.min(25, expected.length));
    // Newest first; ties on a day may come in any order, so rows are checked as members.
    const days = answered.map((r) => String(r[0]).slice(0, 10));
    expect(days).toEqual([...days].sort().reverse());
    const expectedRows = expected.map((e) => JSON.stringify([e.published, ...e.row]));
    for (const row of answered) {
      expect(expectedRows).toContain(
        JSON.stringify([String(row[0]).slice(0, 10), row[1], row[2], row[3], Number(row[4])])
      );
    }
    // The newest day in the answer is the newest day of any matching article.
    expect(days[0]).toBe(
      expected
        .map((e) => e.published)
        .sort()
        .reverse()[0]
    );
  });
});
