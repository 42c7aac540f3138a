/**
 * A saved GQL query on a dashboard, in real Chromium under OSD 3.6's strict CSP: the OSD page
 * (support/osd_host.ts) loads the plugin bundle from the zip, calls its `setup` with a double of
 * OSD's embeddable plugin, and shows a dashboard stand-in (support/osd_host_dashboard.ts) that
 * asks the registry for our factory. The saved query is created through the real REST API on
 * the test bed; the panel shows its table, narrowed by the dashboard's time range (the model names
 * the articles' time field), and runs again on a time range change and on Refresh.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APP_PATH } from '../../common/constants';
import { openSearchClient, uniqueName } from '../bed/context';
import { bySubj, startAppSession, type AppSession } from './support/app_session';
import { docScreenshot } from './support/doc_screenshots';
import { lookAt } from './support/look_at';
import { buildOsdHostPage, cspViolations, type OsdHostPage } from './support/osd_host';
import { rest } from './support/rest';

const SAVED_GQL_QUERY_EMBEDDABLE = 'federation_saved_gql_query';

/** The rows of the panel's table, as text, in order. */
async function panelRows(page: Page): Promise<string[][]> {
  return page
    .locator('[data-test-subj="federationPanel"] table tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('td')].map((cell) =>
          (cell.querySelector('.euiTableCellContent') ?? cell).textContent!.trim()
        )
      )
    );
}

/** Waits for the panel's next answer after `action`, and returns the graph request it sent. */
async function nextRun(
  page: Page,
  action: () => Promise<unknown>
): Promise<Record<string, unknown>> {
  const sent = page.waitForRequest(
    (request: Request) =>
      request.method() === 'POST' && new URL(request.url()).pathname === '/svc/_graph'
  );
  await action();
  const request = await sent;
  await page.waitForResponse((response) => response.request() === request);
  await bySubj(page, 'federationPanel').and(page.locator('[data-run-state="answered"]')).waitFor();
  return request.postDataJSON() as Record<string, unknown>;
}

describe('a saved GQL query as a dashboard panel, in the OSD page under strict CSP', () => {
  let session: AppSession | { skipped: string } | undefined;
  let host: OsdHostPage | undefined;
  const articles = uniqueName('e2e-dash-articles');
  const companies = uniqueName('e2e-dash-companies');
  const savedQueryId = uniqueName('e2e-dash-query');
  const title = 'Articles per company';
  const model = {
    label: 'news',
    entities: [
      { label: 'Article', indices: [articles], id: 'id', time_field: 'published' },
      { label: 'Company', indices: [companies], id: 'id' },
    ],
    relations: [
      {
        label: 'MENTIONS',
        from: { entity: 'Article', field: 'company_id' },
        to: { entity: 'Company' },
      },
    ],
  };
  const query =
    'MATCH (a:Article)-[:MENTIONS]->(c:Company) RETURN c.name, COUNT(*) ORDER BY c.name';
  const pictureQueryId = uniqueName('e2e-dash-picture');
  const pictureTitle = 'Who mentions whom';

  beforeAll(async () => {
    session = await startAppSession(inject('opensearchUrl'));
    if ('skipped' in session) return;
    host = await buildOsdHostPage();
    const client = openSearchClient();
    await client.indices.create({
      index: articles,
      body: {
        mappings: {
          properties: {
            id: { type: 'keyword' },
            company_id: { type: 'keyword' },
            published: { type: 'date' },
          },
        },
      },
    });
    await client.indices.create({
      index: companies,
      body: { mappings: { properties: { id: { type: 'keyword' }, name: { type: 'keyword' } } } },
    });
    const article = (id: string, company: string, published: string) => [
      { index: { _index: articles, _id: id } },
      { id, company_id: company, published },
    ];
    await client.bulk({
      refresh: true,
      body: [
        { index: { _index: companies, _id: 'c1' } },
        { id: 'c1', name: 'Acme' },
        { index: { _index: companies, _id: 'c2' } },
        { id: 'c2', name: 'Globex' },
        ...article('a1', 'c1', '2026-01-05T09:00:00Z'),
        ...article('a2', 'c1', '2026-01-20T09:00:00Z'),
        ...article('a3', 'c2', '2026-01-10T09:00:00Z'),
        ...article('a4', 'c2', '2025-12-20T09:00:00Z'),
      ],
    });
    const saved = await rest(session.server.url, 'PUT', `/_svc/graph/query/${savedQueryId}`, {
      title,
      description: 'How many articles mention each company',
      query,
      model,
    });
    expect(saved.status, saved.text).toBe(201);
    const picture = await rest(session.server.url, 'PUT', `/_svc/graph/query/${pictureQueryId}`, {
      title: pictureTitle,
      query: 'MATCH (a:Article)-[:MENTIONS]->(c:Company) RETURN a, c',
      model,
    });
    expect(picture.status, picture.text).toBe(201);
  }, 300_000);

  afterAll(async () => {
    if (session && !('skipped' in session)) {
      await rest(session.server.url, 'DELETE', `/_svc/graph/query/${savedQueryId}`);
      await rest(session.server.url, 'DELETE', `/_svc/graph/query/${pictureQueryId}`);
    }
    await openSearchClient().indices.delete(
      { index: [articles, companies], ignore_unavailable: true },
      { ignore: [404] }
    );
    await host?.close();
    if (session && !('skipped' in session)) await session.close();
  });

  it('adds the panel from "add panel", shows its table and runs again on a time range change and on Refresh', async (ctx) => {
    if (!session || !host) throw new Error('beforeAll did not start the browser and the host');
    if ('skipped' in session) return ctx.skip(session.skipped);
    const origin = session.server.url;
    const { page, problems } = await session.newPage();
    ctx.onTestFailed(async () => {
      console.error(`page problems:\n${problems.join('\n')}`);
      console.error(`CSP violations:\n${JSON.stringify(await cspViolations(page), null, 2)}`);
    });
    await page.setViewportSize({ width: 1100, height: 680 });
    await host.route(page, origin);
    await page.goto(`${origin}${APP_PATH}/dashboard?osdHost=dashboard`);
    await page.waitForFunction(
      () =>
        (window as unknown as { __osdHost__?: { mounted: string } }).__osdHost__?.mounted !==
        'pending'
    );
    const registered = await page.evaluate(
      () =>
        (window as unknown as { __osdHost__: { mounted: string; embeddables: string[] } })
          .__osdHost__
    );
    expect(registered).toMatchObject({
      mounted: 'dashboard',
      embeddables: [SAVED_GQL_QUERY_EMBEDDABLE],
    });

    // "Add panel" lists our factory under "Create new"; choosing it opens the picker.
    await bySubj(page, 'hostAddPanel').click();
    await bySubj(page, `hostCreate-${SAVED_GQL_QUERY_EMBEDDABLE}`).click();
    const picker = page.getByRole('dialog', { name: 'Add a saved GQL query' });
    await picker.waitFor();
    await picker.getByPlaceholder('Search saved queries').fill('articles per company');
    await picker.getByText(title, { exact: true }).click();
    await docScreenshot(page, 'osd_dashboard_pick_query');
    await lookAt(page, 'osd_dashboard_picker');

    // The panel: the saved query run over January 2026 (the dashboard's first time range).
    const first = await nextRun(page, () => bySubj(page, 'federationPickQueryAdd').click());
    expect(first).toEqual({
      model,
      query,
      time_range: { from: '2026-01-01T00:00:00.000Z', to: '2026-01-31T23:59:59.999Z' },
    });
    expect(await panelRows(page)).toEqual([
      ['Acme', '2'],
      ['Globex', '1'],
    ]);
    await expect.poll(() => bySubj(page, 'hostPanel').locator('h2').textContent()).toBe(title);
    await docScreenshot(page, 'osd_dashboard_panel', { height: 380 });
    await lookAt(page, 'osd_dashboard_panel');

    // A narrower time range runs it again, with that range.
    const narrower = await nextRun(page, () =>
      bySubj(page, 'hostTimeRange').selectOption({ label: '1–15 January 2026' })
    );
    expect(narrower.time_range).toEqual({
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-01-15T23:59:59.999Z',
    });
    expect(await panelRows(page)).toEqual([
      ['Acme', '1'],
      ['Globex', '1'],
    ]);

    // A relative range is sent made absolute (the server takes dates, not date math).
    const relative = await nextRun(page, () =>
      bySubj(page, 'hostTimeRange').selectOption({ label: 'Last 5 years' })
    );
    const range = relative.time_range as { from: string; to: string };
    expect(Date.parse(range.to) - Date.parse(range.from)).toBeGreaterThan(4 * 365 * 86_400_000);
    expect(await panelRows(page)).toEqual([
      ['Acme', '2'],
      ['Globex', '2'],
    ]);

    // Refresh runs it again: a document indexed since is counted.
    await openSearchClient().index({
      index: articles,
      id: 'a5',
      body: { id: 'a5', company_id: 'c1', published: '2026-01-25T09:00:00Z' },
      refresh: true,
    });
    await nextRun(page, () => bySubj(page, 'hostRefresh').click());
    expect(await panelRows(page)).toEqual([
      ['Acme', '3'],
      ['Globex', '2'],
    ]);

    // A second panel shows a saved query's picture: the matched articles and companies in the
    // dashboard's time range (the last 5 years: all five articles), drawn by cytoscape.
    await bySubj(page, 'hostAddPanel').click();
    await bySubj(page, `hostCreate-${SAVED_GQL_QUERY_EMBEDDABLE}`).click();
    await picker.waitFor();
    await picker.getByText(pictureTitle, { exact: true }).click();
    await bySubj(page, 'federationPickViewPicture').click();
    await bySubj(page, 'federationPickQueryAdd').click();
    const second = bySubj(page, 'hostPanel').nth(1);
    await second.locator('[data-test-subj="federationGraphDrawing"] canvas').first().waitFor();
    await expect
      .poll(() => second.locator('[data-test-subj="federationGraphLegendItem"]').allTextContents())
      .toEqual(['Article', 'Company']);
    await expect(
      second.locator('[data-test-subj="federationGraphPictureNode"]').count()
    ).resolves.toBe(7);
    await second.scrollIntoViewIfNeeded();
    await docScreenshot(page, 'osd_dashboard_picture', second);

    // Nothing the plugin did was refused by the page's strict CSP.
    const { sincePlugin } = await cspViolations(page);
    expect(sincePlugin).toEqual([]);
    const refusals = problems.filter((problem) =>
      problem.includes('violates the following Content Security Policy directive')
    );
    expect(problems.filter((problem) => !refusals.includes(problem))).toEqual([]);
    await page.close();
  });
});
