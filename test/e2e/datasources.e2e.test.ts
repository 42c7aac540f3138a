/**
 * The Datasources screen as a new user meets it, in real Chromium against the standalone host and
 * the test bed: a SQLite datasource (a file this test writes) and a PostgreSQL one (a role that
 * must give its password) created from the flyout's presets, their connections tested; a wrong
 * password answered with PostgreSQL's own message; an edit that keeps the stored password; and
 * deletes confirmed in a modal. Then (issue 21) a MariaDB login without a password: saved with
 * Save, its toast never in the way of the next flyout's buttons, a wrong password tested, the
 * plain "saved anyway" and the one-click removal of the stored password; Delete disabled, with
 * the virtual index named, while one reads from a datasource; the table at 1,024 px with driver
 * names and URLs on one line; the focused time zone underlined with its list closed.
 */
import Database from 'better-sqlite3';
import { randomBytes } from 'crypto';
import { mkdtemp, rm } from 'fs/promises';
import mysql from 'mysql2/promise';
import { tmpdir } from 'os';
import path from 'path';
import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APP_PATH, CONNECTOR_BASE_PATH } from '../../common/constants';
import { databaseUrl, openSearchClient } from '../bed/context';
import { ensurePasswordLogins, PASSWORD_LOGIN_ROLE } from '../bed/postgres_password_auth';
import { bySubj, startAppSession, type AppSession } from './support/app_session';
import { withoutExpectedResponses } from './support/expected_responses';
import { lookAt, reportFailure } from './support/look_at';
import { rest, runCleanups } from './support/rest';

const RUN = randomBytes(3).toString('hex');
const SQLITE_ID = `e2e-sqlite-${RUN}`;
const PG_ID = `e2e-pg-${RUN}`;
const MARIA_ID = `e2e-maria-${RUN}`;
const MARIA_USER = `fed_nopw_${RUN}`;
const VI_ID = `e2e-ds-vi-${RUN}`;
const PG_USER = `fed_e2e_${RUN}`;
const PASSWORD = `Right-${RUN}-pw`;
const WRONG_PASSWORD = `Wrong-${RUN}-pw`;

describe('Datasources screen', () => {
  let session: AppSession | { skipped: string } | undefined;
  let sqliteDir: string;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    sqliteDir = await mkdtemp(path.join(tmpdir(), 'federation-e2e-ds-'));
    cleanups.push(() => rm(sqliteDir, { recursive: true, force: true }));
    session = await startAppSession(inject('opensearchUrl'), { sqliteDirectories: [sqliteDir] });
    if (!('skipped' in session)) {
      const { server, close } = session;
      cleanups.push(close);
      cleanups.push(() =>
        openSearchClient().indices.delete({ index: VI_ID, ignore_unavailable: true })
      );
      for (const id of [SQLITE_ID, PG_ID, MARIA_ID]) {
        // Whatever the flow left behind; a 404 means the flow deleted it itself.
        cleanups.push(() => rest(server.url, 'DELETE', `${CONNECTOR_BASE_PATH}/datasource/${id}`));
      }
      // Runs first (cleanups run in reverse): a datasource cannot go while an index reads it.
      cleanups.push(() => rest(server.url, 'DELETE', `${CONNECTOR_BASE_PATH}/index/${VI_ID}`));
    }
  });

  afterAll(async () => {
    await runCleanups(cleanups);
  });

  /** The flyout's fields, by the labels a user reads. */
  const flyout = (page: Page) => page.getByRole('dialog', { name: /datasource/i });

  /** Clicks a preset's button, which screen readers hear as a radio button of the group. */
  async function choosePreset(page: Page, name: string) {
    await flyout(page).getByText(name, { exact: true }).click();
    await expect(page.getByRole('radio', { name, exact: true }).isChecked()).resolves.toBe(true);
  }

  /**
   * Whether the whole of `locator` shows between the flyout's header and its footer (where the
   * buttons are): the test's answer must be seen without scrolling.
   */
  async function shownInFlyout(page: Page, locator: Locator): Promise<boolean> {
    const box = await locator.boundingBox();
    const header = await flyout(page).locator('.euiFlyoutHeader').boundingBox();
    const footer = await flyout(page).locator('.euiFlyoutFooter').boundingBox();
    if (!box || !header || !footer) return false;
    return box.y >= header.y + header.height && box.y + box.height <= footer.y;
  }

  /** The toast that says what just happened, in the page's notification list. */
  const toast = (page: Page, text: string) =>
    page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });

  /**
   * Narrows the table to this run's datasources (the shared cluster may hold many), typed as a
   * user types: OUI's incremental search runs on key presses, not on a value set at once.
   */
  async function searchTable(page: Page, text: string) {
    const search = page.getByRole('searchbox', { name: 'Search datasources' });
    await search.click();
    await search.pressSequentially(text);
  }

  it('creates SQLite and PostgreSQL datasources, tests them, keeps the password, deletes them', async (ctx) => {
    if (!session) throw new Error('beforeAll did not start the browser and the host');
    if ('skipped' in session) return ctx.skip(session.skipped);
    const adminUrl = databaseUrl('postgres', ctx);
    const why = await ensurePasswordLogins(adminUrl);
    if (why !== null) return ctx.skip(why);

    // The data: a SQLite file with a table, and a PostgreSQL role that must give its password.
    const sqliteFile = path.join(sqliteDir, 'shop.db');
    const db = new Database(sqliteFile);
    db.exec('CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
    db.prepare('INSERT INTO products VALUES (?, ?)').run(1, 'kettle');
    db.prepare('INSERT INTO products VALUES (?, ?)').run(2, 'teapot');
    db.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    cleanups.push(async () => {
      await admin.query(`DROP ROLE IF EXISTS ${PG_USER}`);
      await admin.end();
    });
    await admin.query(
      `CREATE ROLE ${PG_USER} LOGIN PASSWORD '${PASSWORD}' IN ROLE ${PASSWORD_LOGIN_ROLE}`
    );
    const pgAddress = new URL(adminUrl);
    const pgJdbcUrl = `jdbc:postgresql://${pgAddress.host}${pgAddress.pathname}`;

    const { page, problems } = await session.newPage();
    ctx.onTestFailed(() => reportFailure(page, 'datasources_failure', problems));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${session.server.url}${APP_PATH}/datasources`);
    await page.getByRole('heading', { name: 'Datasources', level: 2 }).waitFor();
    await lookAt(page, 'datasources_01_list');

    // --- SQLite, from its preset ---
    await page.getByRole('button', { name: 'Create datasource' }).first().click();
    await flyout(page).waitFor();
    await choosePreset(page, 'SQLite');
    // The preset filled the driver and a URL template to complete.
    await expect(page.getByLabel('JDBC driver').inputValue()).resolves.toBe('org.sqlite.JDBC');
    await expect(page.getByLabel('JDBC URL').inputValue()).resolves.toMatch(/^jdbc:sqlite:/);
    await page.getByText('SQLite databases have no user name or password.').waitFor();
    await page.getByLabel('Id', { exact: true }).fill(SQLITE_ID);
    await page.getByLabel('JDBC URL').fill(`jdbc:sqlite:${sqliteFile}`);
    await lookAt(page, 'datasources_02_sqlite_form');
    await page.getByRole('button', { name: 'Save and test connection' }).click();
    const success = bySubj(page, 'federationDatasourcesTestSuccess');
    await success.waitFor({ timeout: 20_000 });
    await expect(success.innerText()).resolves.toMatch(/Connection succeeded[\s\S]*SQLite/i);
    // The button is in the footer and the answer below the form: it is brought into view, and
    // takes the focus (screen readers read it; the keyboard goes on from there).
    await expect.poll(() => shownInFlyout(page, success)).toBe(true);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-test-subj')))
      .toBe('federationDatasourcesTestOutcome');
    await lookAt(page, 'datasources_03_sqlite_tested');
    await bySubj(page, 'federationDatasourcesCancelButton').click();
    await flyout(page).waitFor({ state: 'detached' });

    // --- PostgreSQL with a user and password ---
    await page.getByRole('button', { name: 'Create datasource' }).first().click();
    await flyout(page).waitFor();
    await choosePreset(page, 'PostgreSQL');
    await expect(page.getByLabel('JDBC driver').inputValue()).resolves.toBe(
      'org.postgresql.Driver'
    );
    await page.getByLabel('Id', { exact: true }).fill(PG_ID);
    await page.getByLabel('JDBC URL').fill(pgJdbcUrl);
    await page.getByLabel('User name').fill(PG_USER);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await lookAt(page, 'datasources_04_postgres_form');
    await page.getByRole('button', { name: 'Save and test connection' }).click();
    await success.waitFor({ timeout: 20_000 });
    await expect(success.innerText()).resolves.toMatch(/PostgreSQL/);
    await expect.poll(() => shownInFlyout(page, success)).toBe(true);
    await lookAt(page, 'datasources_05_postgres_tested');
    await bySubj(page, 'federationDatasourcesCancelButton').click();
    await flyout(page).waitFor({ state: 'detached' });

    // Both in the table; the password column says "Set" for PostgreSQL, and never shows it.
    await searchTable(page, RUN);
    const sqliteRow = bySubj(page, `federationDatasourcesRow-${SQLITE_ID}`);
    const pgRow = bySubj(page, `federationDatasourcesRow-${PG_ID}`);
    await sqliteRow.waitFor();
    await pgRow.waitFor();
    // The search narrowed the table to them.
    await expect
      .poll(() => bySubj(page, 'federationDatasourcesTable').locator('tbody tr').count())
      .toBe(2);
    await expect(pgRow.innerText()).resolves.toMatch(/Set/);
    await expect(pgRow.innerText()).resolves.toContain(PG_USER);
    await expect(page.content()).resolves.not.toContain(PASSWORD);
    await lookAt(page, 'datasources_06_table');

    // --- A wrong password: the test shows PostgreSQL's own reason ---
    await page.getByRole('button', { name: `Edit datasource ${PG_ID}` }).click();
    await flyout(page).waitFor();
    await bySubj(page, 'federationDatasourcesPasswordSetBadge').waitFor();
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('');
    await page.getByLabel('Password', { exact: true }).fill(WRONG_PASSWORD);
    await page.getByRole('button', { name: 'Save and test connection' }).click();
    const failure = bySubj(page, 'federationDatasourcesTestFailure');
    await failure.waitFor({ timeout: 20_000 });
    // The server's reason, word for word: what the database said of the login.
    const refused = await rest<{ error: { reason: string } }>(
      session.server.url,
      'POST',
      `${CONNECTOR_BASE_PATH}/datasource/${PG_ID}/_validate`
    );
    expect(refused.status).toBe(502);
    expect(refused.body.error.reason).toMatch(
      new RegExp(`refused the login for user \\[${PG_USER}\\]`)
    );
    // ...with PostgreSQL's own words for it (SQLSTATE 28P01).
    expect(refused.body.error.reason).toContain(
      `password authentication failed for user "${PG_USER}"`
    );
    await expect(failure.innerText()).resolves.toContain(refused.body.error.reason);
    await expect(failure.innerText()).resolves.not.toContain(WRONG_PASSWORD);
    await expect.poll(() => shownInFlyout(page, failure)).toBe(true);
    await lookAt(page, 'datasources_07_wrong_password');

    // The right one again.
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Save and test connection' }).click();
    await success.waitFor({ timeout: 20_000 });
    await bySubj(page, 'federationDatasourcesCancelButton').click();
    await flyout(page).waitFor({ state: 'detached' });

    // --- An edit that leaves the password empty keeps the stored one ---
    await page.getByRole('button', { name: `Edit datasource ${PG_ID}` }).click();
    await flyout(page).waitFor();
    await bySubj(page, 'federationDatasourcesPasswordSetBadge').waitFor();
    await page.getByText('A password is stored. Leave this empty to keep it').waitFor();
    const zone = page.getByRole('combobox', { name: 'Time zone of stored dates' });
    await zone.click();
    await zone.pressSequentially('Europe/Par');
    await page.getByRole('option', { name: 'Europe/Paris' }).click();
    // Still focused with its list closed: OUI drew the underline only while the list was open.
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
    await expect(zone.evaluate((box) => box.contains(document.activeElement))).resolves.toBe(true);
    const zoneWrap = bySubj(page, 'federationDatasourcesTimeZoneField').locator(
      '.euiComboBox__inputWrap'
    );
    await expect
      .poll(() => zoneWrap.evaluate((wrap) => getComputedStyle(wrap).backgroundSize))
      .toBe('100% 100%');
    await lookAt(page, 'datasources_08_edit_keeps_password');
    await page.getByRole('button', { name: 'Save and test connection' }).click();
    await success.waitFor({ timeout: 20_000 });
    await bySubj(page, 'federationDatasourcesCancelButton').click();
    await flyout(page).waitFor({ state: 'detached' });
    await expect(pgRow.innerText()).resolves.toMatch(/Europe\/Paris/);
    await expect(pgRow.innerText()).resolves.toMatch(/Set/);

    // --- MariaDB, a login without a password ---
    const mariaUrl = databaseUrl('mysql', ctx);
    const mariaAdmin = await mysql.createConnection(mariaUrl);
    cleanups.push(async () => {
      await mariaAdmin.query(
        `DROP USER IF EXISTS '${MARIA_USER}'@'%', '${MARIA_USER}'@'localhost'`
      );
      await mariaAdmin.end();
    });
    await mariaAdmin.query(`CREATE USER '${MARIA_USER}'@'%', '${MARIA_USER}'@'localhost'`);
    await mariaAdmin.query(
      `GRANT SELECT ON *.* TO '${MARIA_USER}'@'%', '${MARIA_USER}'@'localhost'`
    );
    const mariaAddress = new URL(mariaUrl);
    await page.getByRole('button', { name: 'Create datasource' }).first().click();
    await flyout(page).waitFor();
    await choosePreset(page, 'MariaDB');
    await page.getByLabel('Id', { exact: true }).fill(MARIA_ID);
    await page
      .getByLabel('JDBC URL')
      .fill(`jdbc:mariadb://${mariaAddress.host}${mariaAddress.pathname}`);
    await page.getByLabel('User name').fill(MARIA_USER);
    await bySubj(page, 'federationDatasourcesSaveButton').click();
    await flyout(page).waitFor({ state: 'detached' });
    const created = toast(page, `Datasource ${MARIA_ID} created`);
    await created.waitFor();

    // The toast lies where the next flyout's footer buttons are: they take the click at once,
    // not once the toast has gone (10 s).
    await page.getByRole('button', { name: `Edit datasource ${MARIA_ID}` }).click();
    await flyout(page).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(WRONG_PASSWORD);
    await expect(created.isVisible(), 'the toast is still up').resolves.toBe(true);
    await page.getByRole('button', { name: 'Save and test connection' }).click({ timeout: 2_000 });
    await failure.waitFor({ timeout: 20_000 });

    // The wrong password was saved: said plainly, with the one-click way back.
    const savedAnyway = bySubj(page, 'federationDatasourcesSavedAnyway');
    await savedAnyway.waitFor();
    await expect(savedAnyway.innerText()).resolves.toContain(
      `Saved anyway: ${MARIA_ID} now holds these settings`
    );
    await expect(savedAnyway.innerText()).resolves.toContain('with the password you typed');
    await bySubj(page, 'federationDatasourcesPasswordSetBadge').waitFor();
    await lookAt(page, 'datasources_11_saved_anyway');
    await savedAnyway
      .getByRole('button', { name: 'Remove the stored password and test again' })
      .click();
    await success.waitFor({ timeout: 20_000 });
    await expect(success.innerText()).resolves.toMatch(/MariaDB/i);
    await expect(bySubj(page, 'federationDatasourcesPasswordSetBadge').count()).resolves.toBe(0);
    const mariaRead = await rest<{ _source: { jdbc: { password_set: boolean } } }>(
      session.server.url,
      'GET',
      `${CONNECTOR_BASE_PATH}/datasource/${MARIA_ID}`
    );
    expect(mariaRead.body._source.jdbc.password_set).toBe(false);
    await lookAt(page, 'datasources_12_password_removed');
    await bySubj(page, 'federationDatasourcesCancelButton').click();
    await flyout(page).waitFor({ state: 'detached' });

    // --- Delete is disabled while a virtual index reads from the datasource ---
    const vi = await rest(session.server.url, 'PUT', `${CONNECTOR_BASE_PATH}/index/${VI_ID}`, {
      datasource: SQLITE_ID,
      resource: 'products',
      key: 'id',
    });
    expect(vi.status, vi.text).toBe(201);
    await page.reload();
    await searchTable(page, RUN);
    const sqliteDelete = page.getByRole('button', { name: `Delete datasource ${SQLITE_ID}` });
    await expect.poll(() => sqliteDelete.getAttribute('aria-disabled')).toBe('true');
    await sqliteDelete.hover();
    const inUse = page.getByRole('tooltip');
    await inUse.waitFor();
    await expect(inUse.innerText()).resolves.toContain(`In use by virtual indices ${VI_ID}`);
    await lookAt(page, 'datasources_13_delete_in_use', { keepPointer: true });
    // Pressed anyway (it stays focusable, for the keyboard to reach the reason): nothing opens.
    await sqliteDelete.click({ force: true });
    await expect(bySubj(page, 'federationDatasourcesDeleteModal').count()).resolves.toBe(0);

    // --- At 1,024 px: driver names and URLs on one line, whole in their title ---
    await page.setViewportSize({ width: 1024, height: 900 });
    for (const id of [SQLITE_ID, PG_ID, MARIA_ID]) {
      for (const subj of [`federationDatasourcesDriver-${id}`, `federationDatasourcesUrl-${id}`]) {
        const cell = bySubj(page, subj);
        const lines = await cell.evaluate(
          (element) =>
            element.getBoundingClientRect().height /
            parseFloat(getComputedStyle(element).lineHeight)
        );
        expect(lines, `${subj} on one line`).toBeLessThan(1.5);
        await expect(cell.getAttribute('title')).resolves.toBe(await cell.innerText());
      }
    }
    await lookAt(page, 'datasources_14_table_1024');
    await page.getByRole('button', { name: `Edit datasource ${PG_ID}` }).click();
    await flyout(page).waitFor();
    await lookAt(page, 'datasources_15_flyout_1024');
    await bySubj(page, 'federationDatasourcesCancelButton').click();
    await flyout(page).waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1440, height: 900 });

    // The virtual index goes; the screen reads the list again.
    const viGone = await rest(
      session.server.url,
      'DELETE',
      `${CONNECTOR_BASE_PATH}/index/${VI_ID}`
    );
    expect(viGone.status, viGone.text).toBe(200);
    await page.reload();
    await searchTable(page, RUN);
    await expect.poll(() => sqliteDelete.getAttribute('aria-disabled')).toBeNull();

    // --- Delete, confirmed ---
    for (const id of [SQLITE_ID, PG_ID, MARIA_ID]) {
      await page.getByRole('button', { name: `Delete datasource ${id}` }).click();
      const modal = bySubj(page, 'federationDatasourcesDeleteModal');
      await modal.waitFor();
      // Announced as a dialog named by its title, as screen readers need.
      expect
        .soft(
          await page.getByRole('dialog', { name: `Delete datasource ${id}?` }).count(),
          'the delete confirmation has role "dialog" and its title as name'
        )
        .toBe(1);
      if (id === SQLITE_ID) await lookAt(page, 'datasources_09_delete_confirm');
      await modal.getByRole('button', { name: 'Delete' }).click();
      await modal.waitFor({ state: 'detached' });
      await bySubj(page, `federationDatasourcesRow-${id}`).waitFor({ state: 'detached' });
      // A row going is easy to miss: a toast says it.
      await toast(page, `Datasource ${id} deleted`).waitFor();
    }
    const gone = await rest(
      session.server.url,
      'GET',
      `${CONNECTOR_BASE_PATH}/datasource/${PG_ID}`
    );
    expect(gone.status).toBe(404);
    await lookAt(page, 'datasources_10_deleted');

    // The wrong-password tests answered 502 on purpose; nothing else may have failed.
    expect(
      withoutExpectedResponses(problems, [
        { status: 502, path: `${CONNECTOR_BASE_PATH}/datasource/${PG_ID}/_validate` },
        { status: 502, path: `${CONNECTOR_BASE_PATH}/datasource/${MARIA_ID}/_validate` },
      ])
    ).toEqual([]);
    await page.close();
  });
});
