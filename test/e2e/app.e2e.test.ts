/**
 * The app shell in real Chromium against the real standalone host: the built UI served by
 * `startStandaloneServer`, talking to the test bed's OpenSearch.
 */
import { readFile } from 'fs/promises';
import type { Page } from 'playwright-core';
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
const TAB_IDS = ['graph_query', 'join_explorer', 'datasources', 'virtual_indices'];

/**
 * axe's landmark rules, moderate ones included (the shared check keeps to serious and
 * critical): all content inside a landmark, exactly one main, one banner.
 */
const LANDMARK_RULES = [
  'region',
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-no-duplicate-banner',
  'landmark-unique',
  'landmark-banner-is-top-level',
  'landmark-main-is-top-level',
];

async function landmarkViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
  }
  return page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'rule', values: rules },
      resultTypes: ['violations'],
    })) as { violations: { id: string; nodes: { target: unknown[] }[] }[] };
    return result.violations.map(
      ({ id, nodes }) => `${id} at ${nodes.map((n) => JSON.stringify(n.target)).join(', ')}`
    );
  }, LANDMARK_RULES);
}

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

  it('puts every screen inside landmarks: the title a banner, the tabs a navigation, one main', async (ctx) => {
    if (!session) throw new Error('beforeAll did not start the browser and the host');
    if ('skipped' in session) return ctx.skip(session.skipped);
    const { page, problems } = await session.newPage();

    await page.goto(`${session.server.url}${APP_PATH}`);
    await expect(
      page.getByRole('banner').getByRole('heading', { name: 'Federation', level: 1 }).count()
    ).resolves.toBe(1);
    await expect(
      page.getByRole('main').getByRole('navigation').getByRole('tab').count()
    ).resolves.toBe(TAB_LABELS.length);
    for (const id of TAB_IDS) {
      await bySubj(page, `federationTab-${id}`).click();
      const panel = bySubj(page, `federationPanel-${id}`);
      await panel.waitFor({ state: 'visible' });
      // Each screen once it has loaded what it shows first (its tables and editors).
      await page.waitForLoadState('networkidle');
      expect.soft(await landmarkViolations(page), `landmarks of ${id}`).toEqual([]);
    }
    // A flyout, drawn outside the app's tree: a dialog, itself a landmark-like region.
    await bySubj(page, 'federationTab-datasources').click();
    await page
      .locator(
        '[data-test-subj="federationDatasourcesCreateButton"], [data-test-subj="federationDatasourcesEmptyCreateButton"]'
      )
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    expect.soft(await landmarkViolations(page), 'landmarks with a flyout open').toEqual([]);
    await screenshot(page, 'app_shell_landmarks_flyout');

    expect(problems).toEqual([]);
    await page.close();
  });
});
