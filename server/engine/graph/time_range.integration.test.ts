/**
 * A graph request's `time_range` against the test bed (docs/api/graph_queries.md): it filters the
 * entities whose model names a `time_field`, an OpenSearch index and a SQLite virtual index
 * alike, leaves the other entities alone, and every mistake in it or in the model's time field is
 * a 400 naming it.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, uniqueName } from '../../../test/bed/context';
import { errorFormatProblem } from '../../../test/fuzz/checker';
import {
  sqliteJdbc,
  startFederationApi,
  type FederationApi,
} from '../../../test/support/in_process_host';

describe('graph requests: time_range on entities with a time_field', () => {
  let api: FederationApi;
  let directory = '';
  const articles = uniqueName('time-range-articles');
  const companies = uniqueName('time-range-companies');
  const datasource = uniqueName('time-range-ds');
  const investments = uniqueName('time-range-investments');
  // Articles: id, company, published (UTC). Investments: id, company, day (SQLite text).
  const articleRows: Array<[number, number, string]> = [
    [1, 1, '2026-01-02T10:00:00Z'],
    [2, 1, '2026-01-20T10:00:00Z'],
    [3, 2, '2026-02-05T10:00:00Z'],
  ];
  const investmentRows: Array<[number, number, string]> = [
    [10, 1, '2026-01-03 09:00:00'],
    [11, 2, '2026-01-25 09:00:00'],
    [12, 2, '2026-03-01 09:00:00'],
  ];
  const model = (articleTime?: string, investmentTime?: string) => ({
    label: 'news',
    entities: [
      {
        label: 'Article',
        indices: [articles],
        id: 'id',
        ...(articleTime ? { time_field: articleTime } : {}),
      },
      { label: 'Company', indices: [companies], id: 'id' },
      {
        label: 'Investment',
        indices: [investments],
        id: 'id',
        ...(investmentTime ? { time_field: investmentTime } : {}),
      },
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
    ],
  });
  const january = { from: '2026-01-01T00:00:00.000Z', to: '2026-01-31T23:59:59.999Z' };
  const graph = (body: Record<string, unknown>) => api.call('POST', '/svc/_graph', body);
  const rowsOf = (response: { body: { rows: unknown[][] } }) =>
    [...response.body.rows].sort((a, b) => String(a).localeCompare(String(b)));

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
            published: { type: 'date' },
            title: { type: 'keyword' },
          },
        },
      },
    });
    await client.indices.create({
      index: companies,
      body: { mappings: { properties: { id: { type: 'long' }, name: { type: 'keyword' } } } },
    });
    await client.bulk({
      refresh: true,
      body: [
        ...articleRows.flatMap(([id, company, published]) => [
          { index: { _index: articles, _id: String(id) } },
          { id, company_id: company, published, title: `article ${id}` },
        ]),
        ...[1, 2].flatMap((id) => [
          { index: { _index: companies, _id: String(id) } },
          { id, name: `company ${id}` },
        ]),
      ],
    });
    directory = mkdtempSync(path.join(tmpdir(), 'federation-time-range-'));
    const file = path.join(directory, 'investments.sqlite');
    const db = new Database(file);
    db.exec('CREATE TABLE investments (id INTEGER PRIMARY KEY, company_id INTEGER, day DATETIME)');
    const insert = db.prepare('INSERT INTO investments VALUES (?, ?, ?)');
    for (const row of investmentRows) insert.run(...row);
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
      { index: `${articles},${companies}`, ignore_unavailable: true },
      { ignore: [404] }
    );
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it('filters an OpenSearch entity with a time field, and only it', async () => {
    const query = 'MATCH (a:Article)-[:MENTIONS]->(c:Company) RETURN a.id, c.name ORDER BY a.id';
    const all = await graph({ model: model('published'), query });
    expect(all.status, all.text).toBe(200);
    expect(all.body.rows).toEqual([
      [1, 'company 1'],
      [2, 'company 1'],
      [3, 'company 2'],
    ]);
    const inJanuary = await graph({ model: model('published'), query, time_range: january });
    expect(inJanuary.status, inJanuary.text).toBe(200);
    expect(inJanuary.body.rows).toEqual([
      [1, 'company 1'],
      [2, 'company 1'],
    ]);
    // Both ends are included, as OSD's time filter includes them.
    const edge = await graph({
      model: model('published'),
      query,
      time_range: { from: '2026-01-20T10:00:00Z', to: '2026-02-05T10:00:00Z' },
    });
    expect(edge.body.rows).toEqual([
      [2, 'company 1'],
      [3, 'company 2'],
    ]);
    // A model without a time field is not filtered by a time range.
    const untimed = await graph({ model: model(), query, time_range: january });
    expect(untimed.body.rows).toHaveLength(3);
  });

  it('filters a virtual-index entity and an anonymous node the same way', async () => {
    const query = 'MATCH (:Investment)-[:FUNDS]->(c:Company) RETURN c.name, COUNT(*)';
    const inJanuary = await graph({
      model: model(undefined, 'day'),
      query,
      time_range: january,
    });
    expect(inJanuary.status, inJanuary.text).toBe(200);
    expect(rowsOf(inJanuary)).toEqual([
      ['company 1', 1],
      ['company 2', 1],
    ]);
    const all = await graph({ model: model(undefined, 'day'), query });
    expect(rowsOf(all)).toEqual([
      ['company 1', 1],
      ['company 2', 2],
    ]);
  });

  it('refuses a time field that is not a date, and a malformed time range, naming them', async () => {
    const query = 'MATCH (a:Article) RETURN a.id';
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { model: model('title'), query },
        '[model.entities[0].time_field] the field [title] is of type [keyword]',
      ],
      [
        { model: model('nowhere'), query },
        '[model.entities[0].time_field] the field [nowhere] is not mapped',
      ],
      [
        { model: model('published'), query, time_range: 'last week' },
        '[time_range] must be an object',
      ],
      [
        { model: model('published'), query, time_range: { from: january.from } },
        '[time_range.to] is required',
      ],
      [
        { model: model('published'), query, time_range: { ...january, zone: 'UTC' } },
        '[time_range.zone] is not a field of a time range',
      ],
      [
        { model: model('published'), query, time_range: { from: 'now-15m', to: january.to } },
        '[time_range.from] failed to parse date [now-15m]',
      ],
      [
        { model: model('published'), query, time_range: { from: january.to, to: january.from } },
        '[time_range] [from] 2026-01-31T23:59:59.999Z is after [to]',
      ],
      [
        {
          model: { ...model(), entities: [{ label: 'A', indices: [articles], time_field: '' }] },
          query: 'MATCH (a:A) RETURN a',
        },
        '[model.entities[0].time_field] must not be empty',
      ],
    ];
    for (const [body, reason] of cases) {
      const response = await graph(body);
      expect(response.status, response.text).toBe(400);
      expect(errorFormatProblem(response.body, 400)).toBeNull();
      expect(response.body.error.reason).toContain(reason);
    }
  });
});
