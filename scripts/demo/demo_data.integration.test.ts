import { existsSync } from 'fs';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTOR_BASE_PATH } from '../../common/constants';
import { parseGql } from '../../common/gql';
import { SAVED_QUERY_BASE_PATH } from '../../common/saved_query_types';
import {
  DEMO_MATCH_QUERY,
  DEMO_QUERY,
  DEMO_SELECT_QUERY,
  EXAMPLE_QUERIES,
} from '../../public/components/graph_query/demo_starter';
import {
  expansionQuery,
  neighbourRelations,
} from '../../public/components/graph_query/results/neighbour_expansion';
import { extractSubgraph } from '../../public/components/graph_query/results/subgraph';
import type { GraphModelJson } from '../../public/services/api/graph_api';
import { openSearchClient } from '../../test/bed/context';
import { startFederationApi, type FederationApi } from '../../test/support/in_process_host';
import { DEMO_SAVED_QUERIES } from './demo_queries';
import investmentsModel from './investments_graph.json';
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

  it("runs the editor's starter query in both forms to the same rows, and the empty state's examples", async () => {
    const rows = demoRows();
    const expected = rows.articles
      .filter((a) => a.sentiment > 0.5)
      .flatMap((a) =>
        rows.investments
          .filter((i) => i.company_id === a.company_id)
          .map((i) => `${a.id} ${a.company_id} ${i.id}`)
      )
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(DEMO_QUERY).toContain(DEMO_MATCH_QUERY);
    for (const query of [DEMO_QUERY, DEMO_SELECT_QUERY]) {
      const response = await api.call('POST', '/svc/_graph', { model: investmentsModel, query });
      expect(response.status, response.text).toBe(200);
      const answered = (response.body.rows as Array<Array<{ _id: string }>>)
        .map((row) => row.map((doc) => doc._id).join(' '))
        .sort();
      expect(answered).toEqual(expected);
    }
    // The examples name a graph "my-graph" with the demo's entities.
    for (const { form, query } of EXAMPLE_QUERIES) {
      const response = await api.call('POST', '/svc/_graph', {
        model: { ...investmentsModel, label: 'my-graph' },
        query,
      });
      expect(response.status, `${form}: ${response.text}`).toBe(200);
      expect(response.body.rows.length, form).toBeGreaterThan(0);
    }
  });

  it("expands a document of each entity along each of its relations, as the picture's menu does", async () => {
    const rows = demoRows();
    const model = investmentsModel as unknown as GraphModelJson;
    const funded = rows.investments[0].company_id;
    const picked = {
      Company: { index: DEMO_INDICES.companies, id: funded },
      Article: { index: DEMO_INDICES.articles, id: rows.articles[0].id },
      Investment: { index: DEMO_VIRTUAL_INDEX, id: rows.investments[0].id },
    } as const;
    /** The ids of the documents at the other end, from the demo rows. */
    const neighbours = (label: string, id: number, relation: string): number[] => {
      if (label === 'Company' && relation === 'MENTIONS')
        return rows.articles.filter((a) => a.company_id === id).map((a) => a.id);
      if (label === 'Company' && relation === 'FUNDS')
        return rows.investments.filter((i) => i.company_id === id).map((i) => i.id);
      if (label === 'Article') return [rows.articles.find((a) => a.id === id)!.company_id];
      return [rows.investments.find((i) => i.id === id)!.company_id];
    };
    const expansions: string[] = [];
    for (const [label, { index, id }] of Object.entries(picked)) {
      for (const along of neighbourRelations(model, label)) {
        const document = { _index: index, _id: String(id), _source: {} };
        const query = expansionQuery(model, {
          node: { key: `${index}/${id}`, document, label, caption: String(id) },
          along,
        });
        const response = await api.call('POST', '/svc/_graph', { model, query });
        expect(response.status, `${query}: ${response.text}`).toBe(200);
        const answered = response.body.rows as Array<[{ _id: string }, { _id: string }]>;
        expect(answered.map(([n]) => n._id)).toEqual(answered.map(() => String(id)));
        expect(answered.map(([, m]) => Number(m._id)).sort((a, b) => a - b)).toEqual(
          neighbours(label, id, along.relation)
            .sort((a, b) => a - b)
            .slice(0, 50)
        );
        expansions.push(`${label} ${along.direction} ${along.relation}: ${answered.length}`);
      }
    }
    // Every relation, from both of its ends.
    expect(expansions.map((e) => e.split(':')[0])).toEqual([
      'Company in MENTIONS',
      'Company in FUNDS',
      'Article out MENTIONS',
      'Investment out FUNDS',
    ]);
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
