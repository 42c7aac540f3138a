/**
 * The Virtual indices screen as a new user meets it, in real Chromium against the standalone host
 * and the test bed: a virtual index created from the pickers (datasource, schema, table, key) over
 * a PostgreSQL table this test creates, the mapping previewed before saving (mapped columns with
 * their field types, skipped ones with why), the index in the table, and a delete that says, and
 * does, leave the concrete OpenSearch index in place.
 */
import { randomBytes } from 'crypto';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APP_PATH, CONNECTOR_BASE_PATH } from '../../common/constants';
import { databaseUrl, openSearchClient, uniqueName } from '../bed/context';
import { bySubj, startAppSession, type AppSession } from './support/app_session';
import { lookAt, reportFailure } from './support/look_at';
import { rest, runCleanups } from './support/rest';

const RUN = randomBytes(3).toString('hex');
const DATASOURCE = `e2e-vi-pg-${RUN}`;
const SCHEMA = `e2e_vi_${RUN}`;
const TABLE = 'orders';

interface RemoteColumn {
  name: string;
  remote_type: string;
  type: string | null;
}

describe('Virtual indices screen', () => {
  let session: AppSession | { skipped: string } | undefined;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    session = await startAppSession(inject('opensearchUrl'));
    if (!('skipped' in session)) cleanups.push(session.close);
  });

  afterAll(async () => {
    await runCleanups(cleanups);
  });

  const flyout = (page: Page) => bySubj(page, 'federationVirtualIndicesFlyout');

  /** The toast that says what just happened, in the page's notification list. */
  const toast = (page: Page, text: string) =>
    page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });

  it('creates a virtual index from the pickers, previews its mapping, deletes it and keeps the concrete index', async (ctx) => {
    if (!session) throw new Error('beforeAll did not start the browser and the host');
    if ('skipped' in session) return ctx.skip(session.skipped);
    const adminUrl = databaseUrl('postgres', ctx);
    const baseUrl = session.server.url;
    const index = uniqueName('e2e-vi');

    // A table with columns of every fate: mapped (integer, text, decimal, timestamp, boolean)
    // and skipped (array, JSON).
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    cleanups.push(async () => {
      await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
      await admin.end();
    });
    await admin.query(`CREATE SCHEMA ${SCHEMA}`);
    await admin.query(
      `CREATE TABLE ${SCHEMA}.${TABLE} (id bigint PRIMARY KEY, customer text NOT NULL,
        total numeric(10, 2), placed_at timestamptz, paid boolean, tags text[], payload jsonb)`
    );
    await admin.query(
      `INSERT INTO ${SCHEMA}.${TABLE} VALUES (1, 'ada', 12.50, now(), true, '{a}', '{}'),
        (2, 'bob', 7.25, now(), false, '{b}', '{}')`
    );
    // The datasource, made through the API: the Datasources screen has its own test.
    const pgAddress = new URL(adminUrl);
    const put = await rest(baseUrl, 'PUT', `${CONNECTOR_BASE_PATH}/datasource/${DATASOURCE}`, {
      jdbc: {
        driver: 'org.postgresql.Driver',
        url: `jdbc:postgresql://${pgAddress.host}${pgAddress.pathname}`,
        username: decodeURIComponent(pgAddress.username) || 'postgres',
      },
    });
    expect(put.status, put.text).toBe(201);
    cleanups.push(() => rest(baseUrl, 'DELETE', `${CONNECTOR_BASE_PATH}/datasource/${DATASOURCE}`));
    cleanups.push(() => rest(baseUrl, 'DELETE', `${CONNECTOR_BASE_PATH}/index/${index}`));
    cleanups.push(() => openSearchClient().indices.delete({ index, ignore_unavailable: true }));

    // What the server maps, to compare with the preview: the screen must show exactly this.
    const described = await rest<{ columns: RemoteColumn[] }>(
      baseUrl,
      'GET',
      `${CONNECTOR_BASE_PATH}/datasource/${DATASOURCE}/_metadata?resource=${TABLE}&schema=${SCHEMA}`
    );
    expect(described.status, described.text).toBe(200);
    const mapped = described.body.columns.filter((c) => c.type !== null);
    const skipped = described.body.columns.filter((c) => c.type === null);
    expect(skipped.map((c) => c.name).sort()).toEqual(['payload', 'tags']);

    const { page, problems } = await session.newPage();
    ctx.onTestFailed(() => reportFailure(page, 'virtual_indices_failure', problems));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseUrl}${APP_PATH}/virtual-indices`);
    await page.getByRole('heading', { name: 'Virtual indices', level: 2 }).waitFor();
    await lookAt(page, 'virtual_indices_01_list');

    // --- The pickers, in order ---
    await page.getByRole('button', { name: 'Create virtual index' }).first().click();
    await flyout(page).waitFor();
    await page.getByLabel('Datasource', { exact: true }).selectOption(DATASOURCE);
    const schemaPicker = page.getByLabel('Schema', { exact: true });
    await schemaPicker.waitFor({ timeout: 20_000 });
    // Only the database the connection reads: a PostgreSQL connection reads no other, so the
    // server's other databases are not offered (issue 21, item 16).
    const catalogs = await page
      .getByLabel('Catalog', { exact: true })
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(catalogs).toEqual(['', pgAddress.pathname.slice(1)]);
    await schemaPicker.selectOption(SCHEMA);
    const resource = page.getByRole('combobox', { name: 'Table or view' });
    await resource.click();
    await resource.pressSequentially(TABLE);
    await page.getByRole('option', { name: new RegExp(`${SCHEMA}\\.${TABLE}`) }).click();

    // --- The mapping, before anything is saved ---
    const preview = bySubj(page, 'federationVirtualIndicesMappingPreview');
    await preview.waitFor({ timeout: 20_000 });
    await expect(bySubj(page, 'federationVirtualIndicesMappingSummary').innerText()).resolves.toBe(
      `${mapped.length} mapped, ${skipped.length} skipped`
    );
    for (const column of mapped) {
      const row = bySubj(page, `federationVirtualIndicesMappedColumn-${column.name}`);
      await expect(row.innerText()).resolves.toContain(column.type);
    }
    await expect(
      bySubj(page, 'federationVirtualIndicesSkippedColumn-tags').innerText()
    ).resolves.toMatch(/arrays are not supported/);
    await expect(
      bySubj(page, 'federationVirtualIndicesSkippedColumn-payload').innerText()
    ).resolves.toMatch(/JSON/);
    // The pickers as chosen (the flyout scrolls: back to its first step for the picture).
    await flyout(page)
      .getByRole('heading', { name: /Choose a datasource/ })
      .scrollIntoViewIfNeeded();
    await lookAt(page, 'virtual_indices_02_pickers');
    // Nothing is saved yet.
    const before = await rest(baseUrl, 'GET', `${CONNECTOR_BASE_PATH}/index/${index}`);
    expect(before.status).toBe(404);

    // The key: the suggestion is the id column; chosen explicitly as a user would.
    const key = page.getByLabel('Key', { exact: true });
    await expect(key.inputValue()).resolves.toBe('id');
    await key.selectOption('id');
    await bySubj(page, 'federationVirtualIndicesKeyBadge').waitFor();
    await page.getByLabel('Index name').fill(index);
    await lookAt(page, 'virtual_indices_03_mapping_preview');
    await page.setViewportSize({ width: 1024, height: 900 });
    await lookAt(page, 'virtual_indices_03_mapping_preview_1024');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: 'Save' }).click();
    await flyout(page).waitFor({ state: 'detached', timeout: 20_000 });
    await toast(page, `Virtual index ${index} created`).waitFor();

    // --- In the table ---
    // Typed as a user types: OUI's incremental search runs on key presses.
    const search = page.getByRole('searchbox', { name: 'Search virtual indices' });
    await search.click();
    await search.pressSequentially(index);
    const row = bySubj(page, `federationVirtualIndicesRow-${index}`);
    await row.waitFor();
    await expect
      .poll(() => bySubj(page, 'federationVirtualIndicesTable').locator('tbody tr').count())
      .toBe(1);
    const rowText = await row.innerText();
    expect(rowText).toContain(DATASOURCE);
    expect(rowText).toContain(`${SCHEMA}.${TABLE}`);
    expect(rowText).toMatch(/\bid\b/);
    expect(rowText).toContain(`${mapped.length} columns`);
    await lookAt(page, 'virtual_indices_04_table');
    await page.setViewportSize({ width: 1024, height: 900 });
    // The qualified name stays on one line (it broke mid-name), whole in its title.
    const resourceCell = bySubj(page, `federationVirtualIndicesResource-${index}`);
    const lines = await resourceCell.evaluate(
      (element) =>
        element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)
    );
    expect(lines).toBeLessThan(1.5);
    await expect(resourceCell.getAttribute('title')).resolves.toBe(await resourceCell.innerText());
    await expect(resourceCell.innerText()).resolves.toContain(`${SCHEMA}.${TABLE}`);
    await lookAt(page, 'virtual_indices_04_table_1024');
    await page.setViewportSize({ width: 1440, height: 900 });
    expect((await openSearchClient().indices.exists({ index })).body).toBe(true);

    // --- Delete: the note says the concrete index stays, and it does ---
    await page.getByRole('button', { name: `Delete virtual index ${index}` }).click();
    const modal = bySubj(page, 'federationVirtualIndicesDeleteModal');
    await modal.waitFor();
    expect
      .soft(
        await page.getByRole('dialog', { name: `Delete virtual index ${index}?` }).count(),
        'the delete confirmation has role "dialog" and its title as name'
      )
      .toBe(1);
    await expect(
      bySubj(page, 'federationVirtualIndicesDeleteConcreteNote').innerText()
    ).resolves.toContain(`The empty OpenSearch index ${index} created with it stays`);
    await lookAt(page, 'virtual_indices_05_delete_confirm');
    await modal.getByRole('button', { name: 'Delete' }).click();
    await modal.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    // A row going is easy to miss: a toast says it, and that the concrete index stays.
    await toast(page, `Virtual index ${index} deleted`).waitFor();
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByText(`The OpenSearch index ${index} stays until you delete it.`)
      .waitFor();
    const after = await rest(baseUrl, 'GET', `${CONNECTOR_BASE_PATH}/index/${index}`);
    expect(after.status).toBe(404);
    expect((await openSearchClient().indices.exists({ index })).body).toBe(true);
    await lookAt(page, 'virtual_indices_06_deleted');

    expect(problems).toEqual([]);
    await page.close();
  });
});
