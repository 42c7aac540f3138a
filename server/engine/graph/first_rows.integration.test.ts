/**
 * The first rows of a LIMIT (first_rows.ts) against the test bed: a chain over two OpenSearch
 * indices and a SQLite virtual index reads the driver's first documents and only the documents
 * linked to them, answers rows that are rows of the whole answer, and reads everything again
 * when the first documents make too few rows (keys a normalizer matched that assembly finds
 * unequal).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, uniqueName } from '../../../test/bed/context';
import {
  sqliteJdbc,
  startFederationApi,
  type FederationApi,
} from '../../../test/support/in_process_host';

interface Step {
  pattern: string;
  rows: number;
}

describe('graph requests: the first rows of a LIMIT', () => {
  let api: FederationApi;
  let directory = '';
  const articles = uniqueName('first-rows-articles');
  const companies = uniqueName('first-rows-companies');
  const codes = uniqueName('first-rows-codes');
  const datasource = uniqueName('first-rows-ds');
  const investments = uniqueName('first-rows-investments');
  // 20 companies; 200 articles (company i % 20, 8 of them on topic "rare", companies 0-7);
  // 60 investments (company i % 20): 8 rare articles × 3 investments = 24 rows in all.
  const model = {
    label: 'news',
    entities: [
      { label: 'Article', indices: [articles], id: 'id' },
      { label: 'Company', indices: [companies], id: 'id' },
      { label: 'Investment', indices: [investments], id: 'id' },
      { label: 'Code', indices: [codes], id: 'code' },
    ],
    relations: [
      {
        label: 'MENTIONS',
        from: { entity: 'Article', field: 'company_id' },
        to: { entity: 'Company' },
      },
      {
        label: 'FUNDS',
        from: { entity: 'Investment', field: 'company_id' },
        to: { entity: 'Company' },
      },
      { label: 'CODED', from: { entity: 'Company', field: 'code' }, to: { entity: 'Code' } },
    ],
  };
  const CHAIN =
    'MATCH (a:Article WHERE "topic:rare")-[:MENTIONS]->(c:Company)<-[:FUNDS]-(i:Investment)';
  const graph = (query: string, detailed = false) =>
    api.call('POST', `/svc/_graph${detailed ? '?detailed=true' : ''}`, { model, query });
  const stepsOf = (body: { query_plan_execution?: { steps: Step[] } }) =>
    body.query_plan_execution!.steps;
  const keyOf = (row: unknown[]) => JSON.stringify(row);

  beforeAll(async () => {
    api = await startFederationApi();
    const client = openSearchClient();
    await client.indices.create({
      index: articles,
      body: {
        mappings: {
          properties: {
            id: { type: 'long' },
            company_id: { type: 'long' },
            topic: { type: 'keyword' },
          },
        },
      },
    });
    await client.indices.create({
      index: companies,
      body: {
        settings: {
          analysis: { normalizer: { lower: { type: 'custom', filter: ['lowercase'] } } },
        },
        mappings: {
          properties: {
            id: { type: 'long' },
            code: { type: 'keyword', normalizer: 'lower' },
          },
        },
      },
    });
    await client.indices.create({
      index: codes,
      body: {
        settings: {
          analysis: { normalizer: { lower: { type: 'custom', filter: ['lowercase'] } } },
        },
        mappings: { properties: { code: { type: 'keyword', normalizer: 'lower' } } },
      },
    });
    await client.bulk({
      refresh: true,
      body: [
        ...Array.from({ length: 200 }, (_, id) => [
          { index: { _index: articles, _id: String(id) } },
          { id, company_id: id % 20, topic: id < 8 ? 'rare' : 'common' },
        ]).flat(),
        // Companies 0-9 spell their code in capitals, 10-19 as the codes index does.
        ...Array.from({ length: 20 }, (_, id) => [
          { index: { _index: companies, _id: String(id) } },
          { id, code: id < 10 ? `C${id}` : `c${id}` },
        ]).flat(),
        ...Array.from({ length: 20 }, (_, id) => [
          { index: { _index: codes, _id: String(id) } },
          { code: `c${id}` },
        ]).flat(),
      ],
    });
    directory = mkdtempSync(path.join(tmpdir(), 'federation-first-rows-'));
    const file = path.join(directory, 'investments.sqlite');
    const db = new Database(file);
    db.exec('CREATE TABLE investments (id INTEGER PRIMARY KEY, company_id INTEGER)');
    const insert = db.prepare('INSERT INTO investments VALUES (?, ?)');
    for (let id = 0; id < 60; id++) insert.run(id, id % 20);
    db.close();
    const ds = await api.call('PUT', `/_svc/connector/datasource/${datasource}`, {
      jdbc: sqliteJdbc(file),
    });
    expect(ds.status, ds.text).toBeLessThan(300);
    const vi = await api.call('PUT', `/_svc/connector/index/${investments}`, {
      datasource,
      resource: 'investments',
      key: 'id',
    });
    expect(vi.status, vi.text).toBeLessThan(300);
  }, 60_000);

  afterAll(async () => {
    await api?.call('DELETE', `/_svc/connector/index/${investments}`).catch(() => undefined);
    await api?.call('DELETE', `/_svc/connector/datasource/${datasource}`).catch(() => undefined);
    await api?.close();
    await openSearchClient().indices.delete(
      { index: `${articles},${companies},${codes}`, ignore_unavailable: true },
      { ignore: [404] }
    );
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it('reads the first documents of the driver and only those linked to them', async () => {
    const all = await graph(`${CHAIN} RETURN a.id, c.id, i.id`);
    expect(all.status, all.text).toBe(200);
    expect(all.body.rows).toHaveLength(24);
    const whole = new Set((all.body.rows as unknown[][]).map(keyOf));

    const first = await graph(`${CHAIN} RETURN a.id, c.id, i.id LIMIT 5`, true);
    expect(first.status, first.text).toBe(200);
    expect(first.body.rows).toHaveLength(5);
    for (const row of first.body.rows as unknown[][]) expect(whole.has(keyOf(row))).toBe(true);
    // The driver is Investment, the node the counts leave unbounded (a company has any number
    // of investments): 5 of the 24 every narrowing left, then only their companies and those
    // companies' rare articles.
    const steps = stepsOf(first.body);
    expect(steps.find((s) => s.pattern.endsWith('LIMIT 5'))).toMatchObject({
      pattern: '(i:Investment) LIMIT 5',
      rows: 5,
    });
    expect(steps.find((s) => s.pattern.startsWith('(c:Company) BY'))!.rows).toBeLessThanOrEqual(5);
    expect(steps.find((s) => s.pattern.startsWith('(a:Article) BY'))!.rows).toBeLessThanOrEqual(5);
  });

  it('answers the rows past OFFSET, and all of them when the driver has fewer documents', async () => {
    const page = await graph(`${CHAIN} RETURN a.id, c.id, i.id SKIP 20 LIMIT 10`, true);
    expect(page.status, page.text).toBe(200);
    // 30 wanted, the 24 investments left read whole: the 24 rows, 4 of them past OFFSET 20.
    expect(page.body.rows).toHaveLength(4);
    expect(stepsOf(page.body).find((s) => s.pattern.endsWith('LIMIT 30'))!.rows).toBe(24);
  });

  it('shows the first rows in EXPLAIN', async () => {
    const explain = await graph(`EXPLAIN ${CHAIN} RETURN a.id LIMIT 5`);
    expect(explain.status, explain.text).toBe(200);
    const patterns = (explain.body.plan.steps as Step[]).map((s) => s.pattern);
    expect(patterns).toContain('(i:Investment) LIMIT 5');
    expect(patterns.filter((p) => p.includes(' BY '))).toHaveLength(2);
  });

  it('reads every document when the first documents make too few rows', async () => {
    // A normalizer matches `C3` with `c3` when narrowing; assembly compares the values as
    // stored, so only companies 10-19 are in rows (10). The first 15 codes make fewer.
    const query = 'MATCH (c:Company)-[:CODED]->(k:Code) RETURN c.id, k.code';
    const all = await graph(query);
    expect(all.status, all.text).toBe(200);
    expect(all.body.rows).toHaveLength(10);
    const first = await graph(`${query} LIMIT 15`, true);
    expect(first.status, first.text).toBe(200);
    expect(new Set((first.body.rows as unknown[][]).map(keyOf))).toEqual(
      new Set((all.body.rows as unknown[][]).map(keyOf))
    );
  });
});
