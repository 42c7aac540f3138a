/**
 * The OSD browser bundle (`federation.plugin.js`) in real Chromium, hosted as OpenSearch
 * Dashboards 3.x hosts a plugin (test/e2e/support/osd_host.ts): OSD's bundle loader and shared
 * deps, the plugin's `setup` → `application.register` → `mount`, with `core.http` talking to a
 * real standalone host (the same routes OSD serves) against the test bed's OpenSearch.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openSearchClient, uniqueName } from '../bed/context';
import { bySubj, screenshot, startAppSession, type AppSession } from './support/app_session';
import { pasteIntoEditor } from './support/monaco';
import { buildOsdHostPage, type OsdHostPage } from './support/osd_host';
import { APP_PATH } from '../../common/constants';

const TAB_LABELS = ['Graph query', 'Join explorer', 'Datasources', 'Virtual indices'];

describe('the OSD bundle, mounted as OSD mounts it', () => {
  let session: AppSession | { skipped: string } | undefined;
  let host: OsdHostPage | undefined;
  const index = uniqueName('e2e-osd-people');

  beforeAll(async () => {
    session = await startAppSession(inject('opensearchUrl'));
    if ('skipped' in session) return;
    host = await buildOsdHostPage();
    const client = openSearchClient();
    await client.indices.create({
      index,
      body: { mappings: { properties: { id: { type: 'keyword' }, name: { type: 'keyword' } } } },
    });
    await client.bulk({
      refresh: true,
      body: [
        { index: { _index: index, _id: 'p1' } },
        { id: 'p1', name: 'Ada' },
        { index: { _index: index, _id: 'p2' } },
        { id: 'p2', name: 'Bob' },
      ],
    });
  });

  afterAll(async () => {
    await openSearchClient().indices.delete({ index, ignore_unavailable: true });
    await host?.close();
    if (session && !('skipped' in session)) await session.close();
  });

  it('registers the app, mounts it and drives one screen of each tab', async (ctx) => {
    if (!session || !host) throw new Error('beforeAll did not start the browser and the host');
    if ('skipped' in session) return ctx.skip(session.skipped);
    // The bundle is one file, as OSD's optimizer output is: no stylesheet or chunk OSD would not load.
    expect(host.pluginFiles.filter((file) => !file.endsWith('.map'))).toEqual([
      'federation.plugin.js',
    ]);
    const origin = session.server.url;
    const { page, problems } = await session.newPage();
    ctx.onTestFailed(() => console.error(`page problems:\n${problems.join('\n')}`));
    await host.route(page, origin);

    await page.goto(`${origin}${APP_PATH}/graph-query`);
    await page.waitForFunction(
      () =>
        (window as unknown as { __osdHost__?: { mounted: string } }).__osdHost__?.mounted !==
        'pending'
    );
    const osdHost = await page.evaluate(
      () => (window as unknown as { __osdHost__: { apps: unknown[]; mounted: string } }).__osdHost__
    );
    expect(osdHost).toMatchObject({
      apps: [{ id: 'federation', title: 'Federation' }],
      mounted: 'mounted',
    });
    for (const label of TAB_LABELS) {
      await page.getByRole('tab', { name: label }).waitFor({ state: 'visible' });
    }

    // --- Graph query: the editors appear (Monaco from the shared deps) and Run works ---
    const model = {
      label: 'people',
      entities: [{ label: 'Person', indices: [index], id: 'id' }],
      relations: [],
    };
    await pasteIntoEditor(page, 'federationModelEditorJson', JSON.stringify(model, null, 2));
    await pasteIntoEditor(
      page,
      'federationGraphQueryEditor',
      'SELECT p.name FROM "people" MATCH (p:Person) LIMIT 10'
    );
    await bySubj(page, 'federationGraphRunButton').click();
    const results = bySubj(page, 'federationGraphResultsTable');
    await results.waitFor({ timeout: 30_000 });
    await expect(results.innerText()).resolves.toMatch(/Ada[\s\S]*Bob|Bob[\s\S]*Ada/);
    await screenshot(page, 'osd_bundle_graph_query');

    // --- Join explorer: the index picker lists the cluster's indices ---
    await bySubj(page, 'federationTab-join_explorer').click();
    const picker = page.getByLabel('Parent indices', { exact: true });
    await picker.click();
    await picker.pressSequentially(index);
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await expect(page.getByRole('listbox').getByRole('option').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(new RegExp(`^${index}\\b`)),
    ]);
    await screenshot(page, 'osd_bundle_join_explorer');
    await page.keyboard.press('Escape');

    // --- Datasources and virtual indices: their lists load (a table, or the empty prompt when
    // the catalog holds none: other tests may have removed every one they made) ---
    const listLoaded = (prefix: string) =>
      bySubj(page, `${prefix}Table`)
        .or(bySubj(page, `${prefix}EmptyPrompt`))
        .first()
        .waitFor();
    await bySubj(page, 'federationTab-datasources').click();
    await listLoaded('federationDatasources');
    await screenshot(page, 'osd_bundle_datasources');
    await bySubj(page, 'federationTab-virtual_indices').click();
    await listLoaded('federationVirtualIndices');
    await screenshot(page, 'osd_bundle_virtual_indices');

    expect(problems).toEqual([]);
    await page.close();
  });
});
