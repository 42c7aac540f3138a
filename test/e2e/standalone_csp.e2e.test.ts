/**
 * The standalone host's page under its strict CSP (server/standalone/static_ui.ts: OSD 3.6's
 * strict rules, a fresh nonce per page in `style-src-elem` and in `<meta name="csp-nonce">`):
 * every screen driven (support/every_screen.ts), Monaco with its workers started from their own
 * files, and no `securitypolicyviolation` (recorded from before the page's first script, which
 * also catches refusals that print no console error, such as an `eval` probe) and no console
 * error.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APP_PATH } from '../../common/constants';
import { uniqueName } from '../bed/context';
import { startAppSession, type AppSession } from './support/app_session';
import {
  createEveryScreenFixture,
  driveEveryScreen,
  pageNonce,
  removeEveryScreenFixture,
  styleNonce,
} from './support/every_screen';

interface Violation {
  directive: string;
  blockedUri: string;
  source: string;
}

const violations = (page: import('playwright-core').Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations__: Violation[] }).__cspViolations__);

describe('the standalone page under its strict CSP', () => {
  let session: AppSession | { skipped: string } | undefined;
  const fixture = {
    people: uniqueName('e2e-csp-people'),
    companies: uniqueName('e2e-csp-companies'),
    screenshotPrefix: 'standalone_csp',
  };

  beforeAll(async () => {
    session = await startAppSession(inject('opensearchUrl'));
    if ('skipped' in session) return;
    await createEveryScreenFixture(fixture);
  });

  afterAll(async () => {
    await removeEveryScreenFixture(fixture);
    if (session && !('skipped' in session)) await session.close();
  });

  it('drives every screen with no CSP violation and no console error', async (ctx) => {
    if (!session) throw new Error('beforeAll did not start the browser and the host');
    if ('skipped' in session) return ctx.skip(session.skipped);
    const { page, problems } = await session.newPage();
    // Injected by the browser before any of the page's scripts (the page's CSP does not apply).
    await page.addInitScript(() => {
      const recorded: unknown[] = [];
      (window as unknown as { __cspViolations__: unknown[] }).__cspViolations__ = recorded;
      document.addEventListener('securitypolicyviolation', (event) =>
        recorded.push({
          directive: event.effectiveDirective,
          blockedUri: event.blockedURI,
          source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        })
      );
    });
    ctx.onTestFailed(async () => {
      console.error(`page problems:\n${problems.join('\n')}`);
      console.error(`CSP violations:\n${JSON.stringify(await violations(page), null, 2)}`);
    });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));

    const response = await page.goto(`${session.server.url}${APP_PATH}/graph-query`);
    const nonce = await pageNonce(page);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain(`style-src-elem 'self' 'nonce-${nonce}'`);
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("worker-src 'self';");

    await driveEveryScreen(page, fixture);
    await expect(styleNonce(page, 'style#__________cytoscape_stylesheet')).resolves.toBe(nonce);
    await expect(styleNonce(page, 'style#federationCodeEditorStyles')).resolves.toBe(nonce);
    // Monaco's workers, each from its own file on this origin (no blob: bootstrap).
    expect([...new Set(workers)].sort()).toEqual(['/ui/editor.worker.js', '/ui/json.worker.js']);

    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);

    // The policy is in force and the recorder sees what it refuses.
    await page.evaluate(() =>
      document.head.insertAdjacentHTML('beforeend', '<style>.canary { color: red; }</style>')
    );
    await expect
      .poll(async () => (await violations(page)).map((v) => v.directive))
      .toEqual(['style-src-elem']);
    await page.close();
  });
});
