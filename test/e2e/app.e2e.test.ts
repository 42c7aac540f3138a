/**
 * The app shell in real Chromium against the real standalone host: the built UI served by
 * `startStandaloneServer`, talking to the test bed's OpenSearch.
 */
import { mkdir, mkdtemp } from 'fs/promises';
import { tmpdir } from 'os';
import path from 'path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APP_PATH } from '../../common/constants';
import { buildUi } from '../../scripts/build_ui';
import { startStandaloneServer, type StandaloneServer } from '../../server/standalone/server';
import { CHROMIUM_ARGS, ensureChromium } from '../bed/chromium';

const SCREENSHOT_DIR = path.resolve(__dirname, '..', '..', 'test-output', 'screenshots');
const TAB_LABELS = ['Graph query', 'Join explorer', 'Datasources', 'Virtual indices'];

const bySubj = (page: Page, subj: string) => page.locator(`[data-test-subj="${subj}"]`);

describe('standalone app shell', () => {
  let skipReason: string | undefined;
  let server: StandaloneServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const found = await ensureChromium();
    if ('skipped' in found) {
      // On CI a missing browser is a broken runner, not a reason to skip.
      if (process.env.CI === 'true')
        throw new Error(`CI=true and Chromium is unavailable: ${found.skipped}`);
      skipReason = found.skipped;
      return;
    }
    // A private output folder: `npm start` may be building the shared one at the same time.
    const { outDir } = await buildUi({
      outDir: await mkdtemp(path.join(tmpdir(), 'federation-ui-')),
    });
    server = await startStandaloneServer({
      port: 0,
      openSearchUrl: inject('opensearchUrl'),
      uiDir: outDir,
    });
    browser = await chromium.launch({ executablePath: found.executablePath, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the four tabs, switches to Datasources, and keeps it across reload', async (ctx) => {
    if (skipReason) ctx.skip(skipReason);
    if (!browser || !server) throw new Error('beforeAll did not start the browser and the host');

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Any console error or uncaught exception fails the test: a clean page logs none.
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') {
        problems.push(`console.error: ${message.text()} (${message.location().url})`);
      }
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.stack ?? error.message}`));

    await page.goto(`${server.url}${APP_PATH}`);
    await expect(page.title()).resolves.toBe('Federation');
    for (const label of TAB_LABELS) {
      await page.getByRole('tab', { name: label }).waitFor({ state: 'visible' });
    }
    // With no tab in the URL the first one is selected, and the URL says so.
    await expect(
      bySubj(page, 'federationTab-graph_query').getAttribute('aria-selected')
    ).resolves.toBe('true');
    expect(new URL(page.url()).pathname).toBe(`${APP_PATH}/graph-query`);

    await bySubj(page, 'federationTab-datasources').click();
    const emptyState = bySubj(page, 'federationEmptyState-datasources');
    await emptyState.waitFor({ state: 'visible' });
    await expect(emptyState.innerText()).resolves.toContain('Not available yet');
    expect(new URL(page.url()).pathname).toBe(`${APP_PATH}/datasources`);
    await bySubj(page, 'federationTab-datasources')
      .and(page.locator('[aria-selected="true"]'))
      .waitFor();

    // Drop the click's focus ring so the picture shows the selected style itself.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    // `animations: 'disabled'` ends OUI's tab and icon transitions, so the picture is the settled page.
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'app_shell.png'),
      animations: 'disabled',
    });

    await page.reload();
    await emptyState.waitFor({ state: 'visible' });
    await expect(
      bySubj(page, 'federationTab-datasources').getAttribute('aria-selected')
    ).resolves.toBe('true');

    expect(problems).toEqual([]);
    await page.close();
  });
});
