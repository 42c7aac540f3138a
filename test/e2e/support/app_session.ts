/**
 * What every browser test needs: the built UI served by a real standalone host against the test
 * bed's OpenSearch, a real Chromium, pages that record every console error and uncaught exception,
 * screenshots under test-output/, and an accessibility check (axe-core).
 */
import { randomBytes } from 'crypto';
import { mkdir, mkdtemp, readFile, rm } from 'fs/promises';
import { tmpdir } from 'os';
import path from 'path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildUi } from '../../../scripts/build_ui';
import { parseSettings } from '../../../server/engine/settings';
import { startStandaloneServer, type StandaloneServer } from '../../../server/standalone/server';
import { CHROMIUM_ARGS, ensureChromium } from '../../bed/chromium';

export const SCREENSHOT_DIR = path.resolve(
  __dirname,
  '..',
  '..',
  '..',
  'test-output',
  'screenshots'
);

export interface AppSession {
  server: StandaloneServer;
  browser: Browser;
  /** A page that records problems (console errors, page errors) into `problems`. */
  newPage(): Promise<RecordingPage>;
  close(): Promise<void>;
}

export interface RecordingPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far; a clean page has none. */
  problems: string[];
}

export interface AppSessionOptions {
  /** Absolute directories the host lets SQLite datasources open (the tests' temporary ones). */
  sqliteDirectories?: string[];
}

/**
 * Starts host and browser, or returns why it cannot (no Chromium outside CI). On CI a missing
 * browser is a broken runner, not a reason to skip.
 */
export async function startAppSession(
  openSearchUrl: string,
  options: AppSessionOptions = {}
): Promise<AppSession | { skipped: string }> {
  const found = await ensureChromium();
  if ('skipped' in found) {
    if (process.env.CI === 'true')
      throw new Error(`CI=true and Chromium is unavailable: ${found.skipped}`);
    return found;
  }
  // A private output folder: `npm start` may be building the shared one at the same time.
  const { outDir } = await buildUi({
    outDir: await mkdtemp(path.join(tmpdir(), 'federation-ui-')),
  });
  const server = await startStandaloneServer({
    port: 0,
    openSearchUrl,
    uiDir: outDir,
    // A key of this run only: the datasources the tests create store passwords.
    settings: parseSettings({
      encryptionKey: randomBytes(32).toString('base64'),
      ...(options.sqliteDirectories ? { sqliteDirectories: options.sqliteDirectories } : {}),
    }),
  });
  const browser = await chromium.launch({
    executablePath: found.executablePath,
    args: CHROMIUM_ARGS,
  });
  return {
    server,
    browser,
    async newPage() {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') {
          problems.push(`console.error: ${message.text()} (${message.location().url})`);
        }
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.stack ?? error.message}`));
      return { page, problems };
    },
    async close() {
      await browser.close();
      await server.close();
      // Each session builds the UI afresh (about 50 MB): do not leave it behind.
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

export const bySubj = (page: Page, subj: string) => page.locator(`[data-test-subj="${subj}"]`);

/** Saves `test-output/screenshots/<name>.png` of the settled page (animations ended). */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled', fullPage: true });
  return file;
}

let axeSource: string | undefined;

/**
 * Runs axe-core (WCAG 2 A/AA rules) on the page as it is now and returns the serious and
 * critical violations, one line each with the elements they hit; an empty list passes.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated over the DevTools protocol, which the page's CSP does not govern: an inline
  // <script> would be refused by script-src 'self' (and `bypassCSP` would hide a CSP that
  // breaks the app).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[] }[];
      }[];
    };
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.slice(0, 5).map((node) => JSON.stringify(node.target)),
    }));
  });
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, impact, help, targets }) => `${impact} ${id}: ${help} at ${targets.join(', ')}`);
}
