/**
 * OSD's own apps on a virtual index and with a join filter, in real Chromium under OSD 3.6's
 * strict CSP: the OSD page (support/osd_host.ts) shows stand-ins for Discover and for a
 * dashboard's data-table panels (support/osd_host_search_pages.ts) that post the request bodies
 * OSD 3.x builds (test/osd/fixtures) to `/internal/search/opensearch`, served by OSD's data plugin
 * double with our search-strategy wrapper installed (support/osd_search_route.ts). Discover's
 * histogram and hits come from the virtual index's SQLite table; the join filter pill narrows the
 * panel to the companies with a large investment.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APP_PATH } from '../../common/constants';
import { openSearchClient, uniqueName } from '../bed/context';
import { sqliteJdbc } from '../bed/jdbc';
import { bySubj, startAppSession, type AppSession } from './support/app_session';
import { docScreenshot } from './support/doc_screenshots';
import { lookAt } from './support/look_at';
import { buildOsdHostPage, cspViolations, type OsdHostPage } from './support/osd_host';
import { startOsdSearchRoute, type OsdSearchRoute } from './support/osd_search_route';

const FROM = '2026-01-01T00:00:00.000Z';
const TO = '2026-01-31T23:59:59.999Z';

async function mounted(page: Page): Promise<string> {
  await page.waitForFunction(
    () =>
      (window as unknown as { __osdHost__?: { mounted: string } }).__osdHost__?.mounted !==
      'pending'
  );
  return page.evaluate(
    () => (window as unknown as { __osdHost__: { mounted: string } }).__osdHost__.mounted
  );
}

const buckets = (page: Page, subj: string) =>
  bySubj(page, subj)
    .locator('[data-bucket]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-bucket')));

describe('Discover and a dashboard panel on a virtual index and a join filter, in the OSD page', () => {
  let session: AppSession | { skipped: string } | undefined;
  let host: OsdHostPage | undefined;
  let search: OsdSearchRoute | undefined;
  let directory = '';
  const companies = uniqueName('e2e-osd-companies');
  const investments = uniqueName('e2e-osd-investments');
  const datasource = uniqueName('e2e-osd-ds');

  beforeAll(async () => {
    session = await startAppSession(inject('opensearchUrl'));
    if ('skipped' in session) return;
    host = await buildOsdHostPage();
    search = await startOsdSearchRoute();
    const client = openSearchClient();
    await client.indices.create({
      index: companies,
      body: {
        mappings: {
          properties: { id: { type: 'long' }, name: { type: 'keyword' }, ts: { type: 'date' } },
        },
      },
    });
    await client.bulk({
      refresh: true,
      body: [1, 2, 3, 4].flatMap((id) => [
        { index: { _index: companies, _id: String(id) } },
        { id, name: `company ${id}`, ts: `2026-01-0${id}T08:00:00.000Z` },
      ]),
    });
    directory = mkdtempSync(path.join(tmpdir(), 'federation-e2e-osd-'));
    const file = path.join(directory, 'investments.sqlite');
    const db = new Database(file);
    db.exec(
      'CREATE TABLE investments (id INTEGER PRIMARY KEY, company_id INTEGER, amount INTEGER, ts DATETIME)'
    );
    const insert = db.prepare('INSERT INTO investments VALUES (?, ?, ?, ?)');
    for (const row of [
      [1, 1, 500, '2026-01-03 10:00:00'],
      [2, 1, 5000, '2026-01-03 12:00:00'],
      [3, 2, 200, '2026-01-05 09:30:00'],
      [4, 3, 9000, '2026-01-07 18:00:00'],
      [5, 3, 100, '2026-02-10 08:00:00'],
    ])
      insert.run(...row);
    db.close();
    const ds = await search.call(
      'put',
      '/_svc/connector/datasource/{id}',
      { id: datasource },
      { jdbc: sqliteJdbc(file) }
    );
    expect(ds.status, JSON.stringify(ds.body)).toBe(201);
    const vi = await search.call(
      'put',
      '/_svc/connector/index/{id}',
      { id: investments },
      { datasource, resource: 'investments', key: 'id' }
    );
    expect(vi.status, JSON.stringify(vi.body)).toBe(201);
  }, 300_000);

  afterAll(async () => {
    await search
      ?.call('delete', '/_svc/connector/index/{id}', { id: investments })
      .catch(() => undefined);
    await search
      ?.call('delete', '/_svc/connector/datasource/{id}', { id: datasource })
      .catch(() => undefined);
    await search?.close();
    await openSearchClient().indices.delete(
      { index: [companies, investments], ignore_unavailable: true },
      { ignore: [404] }
    );
    if (directory) rmSync(directory, { recursive: true, force: true });
    await host?.close();
    if (session && !('skipped' in session)) await session.close();
  });

  async function open(query: Record<string, string>): Promise<{ page: Page; problems: string[] }> {
    if (!session || !host || !search || 'skipped' in session) throw new Error('no session');
    const origin = session.server.url;
    const recorded = await session.newPage();
    await recorded.page.setViewportSize({ width: 1100, height: 760 });
    await host.route(recorded.page, origin);
    await search.route(recorded.page, origin);
    await recorded.page.goto(`${origin}${APP_PATH}/osd?${new URLSearchParams(query).toString()}`);
    return recorded;
  }

  async function expectNoPluginViolation(page: Page, problems: string[]): Promise<void> {
    expect((await cspViolations(page)).sincePlugin).toEqual([]);
    const refusals = problems.filter((problem) =>
      problem.includes('violates the following Content Security Policy directive')
    );
    expect(problems.filter((problem) => !refusals.includes(problem))).toEqual([]);
  }

  it('Discover’s search on a virtual index draws its histogram and hits from the SQL table', async (ctx) => {
    if (session && 'skipped' in session) return ctx.skip(session.skipped);
    const { page, problems } = await open({
      osdHost: 'discover',
      index: investments,
      label: 'investments',
      timeField: 'ts',
      from: FROM,
      to: TO,
    });
    ctx.onTestFailed(() => console.error(`page problems:\n${problems.join('\n')}`));
    expect(await mounted(page)).toBe('discover');
    expect(await buckets(page, 'hostHistogram')).toEqual([
      '2026-01-03=2',
      '2026-01-05=1',
      '2026-01-07=1',
    ]);
    // Newest first (Discover sorts on the time field); February's row is outside the range.
    const ids = await bySubj(page, 'hostHits')
      .locator('tr td:first-child')
      .evaluateAll((cells) => cells.map((cell) => cell.textContent));
    expect(ids).toEqual(['4', '3', '2', '1']);
    await docScreenshot(page, 'osd_discover_virtual_index', page.locator('#app'));
    await lookAt(page, 'osd_discover_virtual_index');
    await expectNoPluginViolation(page, problems);
    await page.close();
  });

  it('a Query DSL filter pill holding a join narrows a dashboard panel', async (ctx) => {
    if (session && 'skipped' in session) return ctx.skip(session.skipped);
    const { page, problems } = await open({
      osdHost: 'panels',
      index: companies,
      label: 'companies',
      termsField: 'name',
      timeField: 'ts',
      from: FROM,
      to: TO,
      child: investments,
      on: 'id,company_id',
      childField: 'amount',
      gte: '1000',
    });
    ctx.onTestFailed(() => console.error(`page problems:\n${problems.join('\n')}`));
    expect(await mounted(page)).toBe('panels');
    expect(await buckets(page, 'hostPanelWithout')).toEqual([
      'company 1=1',
      'company 2=1',
      'company 3=1',
      'company 4=1',
    ]);
    // Companies 1 and 3 have an investment of 1,000 or more in the SQL table.
    expect(await buckets(page, 'hostPanelWith')).toEqual(['company 1=1', 'company 3=1']);
    await docScreenshot(page, 'osd_join_filter_panel', page.locator('#app'));
    await lookAt(page, 'osd_join_filter_panel');
    await expectNoPluginViolation(page, problems);
    await page.close();
  });
});
