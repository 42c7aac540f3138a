/**
 * The app shell in real Chromium against the real standalone host: the built UI served by
 * `startStandaloneServer`, talking to the test bed's OpenSearch.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APP_PATH } from '../../common/constants';
import {
  bySubj,
  screenshot,
  seriousAccessibilityViolations,
  startAppSession,
  type AppSession,
} from './support/app_session';

const TAB_LABELS = ['Graph query', 'Join explorer', 'Datasources', 'Virtual indices'];

describe('standalone app shell', () => {
  let session: AppSession | { skipped: string } | undefined;

  beforeAll(async () => {
    session = await startAppSession(inject('opensearchUrl'));
  });

  afterAll(async () => {
    if (session && !('skipped' in session)) await session.close();
  });

  it('shows the four tabs, switches to Datasources, and keeps it across reload', async (ctx) => {
    if (!session) throw new Error('beforeAll did not start the browser and the host');
    if ('skipped' in session) return ctx.skip(session.skipped);
    const { page, problems } = await session.newPage();

    await page.goto(`${session.server.url}${APP_PATH}`);
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
    const panel = bySubj(page, 'federationPanel-datasources');
    await panel.waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe(`${APP_PATH}/datasources`);
    await bySubj(page, 'federationTab-datasources')
      .and(page.locator('[aria-selected="true"]'))
      .waitFor();

    // Drop the click's focus ring so the picture shows the selected style itself.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await screenshot(page, 'app_shell');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.reload();
    await panel.waitFor({ state: 'visible' });
    await expect(
      bySubj(page, 'federationTab-datasources').getAttribute('aria-selected')
    ).resolves.toBe('true');

    expect(problems).toEqual([]);
    await page.close();
  });
});
