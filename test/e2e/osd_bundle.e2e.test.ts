/**
 * The OSD browser bundle (`federation.plugin.js`) in real Chromium, hosted as OpenSearch
 * Dashboards 3.x hosts a plugin (test/e2e/support/osd_host.ts): OSD's bundle loader and shared
 * deps, the plugin's `setup` → `application.register` → `mount`, with `core.http` talking to a
 * real standalone host (the same routes OSD serves) against the test bed's OpenSearch, under OSD
 * 3.6's strict CSP (`csp.enable: true`, a nonce per response): every screen is driven (the graph
 * query with its editors, completion, hover, table and cytoscape picture; the join
 * explorer; the lists) and the page must record no CSP violation from the plugin bundle's first
 * line on, and no console error but the browser's report of the host libraries' own refusals.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueName } from '../bed/context';
import { startAppSession, type AppSession } from './support/app_session';
import {
  createEveryScreenFixture,
  driveEveryScreen,
  pageNonce,
  removeEveryScreenFixture,
  styleNonce,
} from './support/every_screen';
import { buildOsdHostPage, cspViolations, type OsdHostPage } from './support/osd_host';
import { APP_PATH } from '../../common/constants';

const TAB_LABELS = ['Graph query', 'Join explorer', 'Datasources', 'Virtual indices'];

describe('the OSD bundle, mounted as OSD mounts it, under OSD’s strict CSP', () => {
  let session: AppSession | { skipped: string } | undefined;
  let host: OsdHostPage | undefined;
  const fixture = {
    people: uniqueName('e2e-osd-people'),
    companies: uniqueName('e2e-osd-companies'),
    screenshotPrefix: 'osd_bundle',
  };

  beforeAll(async () => {
    session = await startAppSession(inject('opensearchUrl'));
    if ('skipped' in session) return;
    host = await buildOsdHostPage();
    await createEveryScreenFixture(fixture);
  });

  afterAll(async () => {
    await removeEveryScreenFixture(fixture);
    await host?.close();
    if (session && !('skipped' in session)) await session.close();
  });

  it('registers the app, mounts it and drives every screen with no CSP violation', async (ctx) => {
    if (!session || !host) throw new Error('beforeAll did not start the browser and the host');
    if ('skipped' in session) return ctx.skip(session.skipped);
    // The bundle is one file, as OSD's optimizer output is: no stylesheet or chunk OSD would not load.
    expect(host.pluginFiles.filter((file) => !file.endsWith('.map'))).toEqual([
      'federation.plugin.js',
    ]);
    const origin = session.server.url;
    const { page, problems } = await session.newPage();
    ctx.onTestFailed(async () => {
      console.error(`page problems:\n${problems.join('\n')}`);
      console.error(`CSP violations:\n${JSON.stringify(await cspViolations(page), null, 2)}`);
    });
    await host.route(page, origin);

    const response = await page.goto(`${origin}${APP_PATH}/graph-query`);
    const nonce = await pageNonce(page);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(response?.headers()['content-security-policy']).toContain(
      `style-src-elem 'self' 'nonce-${nonce}'`
    );
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

    // Every screen: the graph query (editors from the shared deps' Monaco), the join explorer,
    // the lists; the style elements the bundle made carry the page's nonce.
    await driveEveryScreen(page, fixture);
    await expect(styleNonce(page, 'style#__________cytoscape_stylesheet')).resolves.toBe(nonce);
    await expect(styleNonce(page, 'style#federationCodeEditorStyles')).resolves.toBe(nonce);

    // Nothing the plugin did was refused. What the host's own libraries had refused before the
    // plugin loaded (OUI's bundled ace editor, whose <style> elements OSD's createElement stamp
    // misses) is theirs: reported, and held to the shared deps' file.
    const { beforePlugin, sincePlugin } = await cspViolations(page);
    expect(sincePlugin).toEqual([]);
    for (const violation of beforePlugin) {
      expect(violation).toMatchObject({ directive: 'style-src-elem', blockedUri: 'inline' });
      expect(violation.source).toContain('/shared/osd_shared_deps.js:');
    }
    if (beforePlugin.length > 0) {
      console.warn(`the host's shared deps were refused ${beforePlugin.length} <style> elements`);
    }
    // No console error but the browser's report of each of those refusals.
    const refusals = problems.filter((problem) =>
      problem.includes('violates the following Content Security Policy directive')
    );
    expect(problems.filter((problem) => !refusals.includes(problem))).toEqual([]);
    expect(refusals).toHaveLength(beforePlugin.length);

    // The policy is in force and the recorder sees what it refuses: a <style> without the nonce
    // (parsed markup, which OSD's createElement stamp does not reach) is refused and recorded.
    await page.evaluate(() =>
      document.head.insertAdjacentHTML('beforeend', '<style>.canary { color: red; }</style>')
    );
    await expect
      .poll(async () => (await cspViolations(page)).sincePlugin.map((v) => v.directive))
      .toEqual(['style-src-elem']);
    await page.close();
  });
});
