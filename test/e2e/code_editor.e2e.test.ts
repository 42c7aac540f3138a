/**
 * The app's Monaco editors in real Chromium against the standalone host and the test bed, where
 * they first appear: the Graph query screen's GQL editor and its model (JSON) editor. Checks that
 * Monaco loads lazily with its workers, and that GQL highlighting, completion chosen with the
 * keyboard, error markers with the parser's message, JSON schema validation and Ctrl+Enter all
 * work, with no console error and no worker fallback warning.
 */
import { randomBytes } from 'crypto';
import type { Locator, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APP_PATH } from '../../common/constants';
import { parseGql } from '../../common/gql/parse';
import { EDITOR_THEME } from '../../public/components/shared/code_editor/editor_theme';
import {
  bySubj,
  screenshot,
  seriousAccessibilityViolations,
  startAppSession,
  type AppSession,
} from './support/app_session';
import { runCleanups } from './support/rest';

const RUN = randomBytes(3).toString('hex');
const INDEX = `e2e-editor-${RUN}-people`;
const GRAPH = `editor-${RUN}`;
const MODEL = {
  label: GRAPH,
  entities: [{ label: 'Person', indices: [INDEX], id: 'id' }],
  relations: [],
};
const PEOPLE = [
  { id: 'p1', name: 'Ada', age: 36 },
  { id: 'p2', name: 'Grace', age: 45 },
];

/** The rgb() a theme rule's colour (`#RRGGBB`) is drawn in. */
function themeColour(token: string): string {
  const hex = EDITOR_THEME.rules.find((rule) => rule.token === token)?.foreground ?? '';
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe('code editor (Monaco) in the Graph query screen', () => {
  let session: AppSession | { skipped: string } | undefined;
  const cleanups: Array<() => Promise<unknown>> = [];
  const openSearchUrl = inject('opensearchUrl');

  beforeAll(async () => {
    const body = PEOPLE.flatMap((doc) => [
      JSON.stringify({ index: { _index: INDEX, _id: doc.id } }),
      JSON.stringify(doc),
    ]).join('\n');
    const bulk = await fetch(`${openSearchUrl}/_bulk?refresh=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson' },
      body: `${body}\n`,
    });
    expect(bulk.status).toBe(200);
    cleanups.push(() => fetch(`${openSearchUrl}/${INDEX}`, { method: 'DELETE' }));
    session = await startAppSession(openSearchUrl);
    if (!('skipped' in session)) cleanups.push(session.close);
  });

  afterAll(async () => {
    await runCleanups(cleanups);
  });

  /** Replaces an editor's text the way a user pastes it (no auto-closing, no suggestions). */
  async function paste(page: Page, editorSubj: string, text: string) {
    await bySubj(page, editorSubj).getByRole('textbox').focus();
    await page.keyboard.press('Control+a');
    await page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await page.keyboard.press('Control+v');
    await expect.poll(() => shownText(page, editorSubj)).toBe(text);
  }

  /** The editor's text as drawn (Monaco draws spaces as no-break spaces). */
  async function shownText(page: Page, editorSubj: string): Promise<string> {
    const text = await bySubj(page, editorSubj).locator('.view-lines').innerText();
    return text.replace(/\u00a0/g, ' ');
  }

  it('loads Monaco with its workers and highlights, completes, marks and runs GQL', async (ctx) => {
    if (!session || 'skipped' in session) return ctx.skip(session?.skipped ?? 'no session');
    const { page, problems } = await session.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: session.server.url,
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const workers: Request[] = [];
    page.on('request', (request) => {
      if (/\/ui\/(editor|json)\.worker\.js/.test(request.url())) workers.push(request);
    });

    await page.goto(`${session.server.url}${APP_PATH}/graph-query`);
    const query = 'federationGraphQueryEditor';
    const model = 'federationModelEditorJson';
    await bySubj(page, query).locator('.monaco-editor').waitFor({ timeout: 60_000 });
    await bySubj(page, model).locator('.monaco-editor').waitFor();
    // The editor is one text box, named for screen readers.
    await expect(
      bySubj(page, query).getByRole('textbox').getAttribute('aria-label')
    ).resolves.toBeTruthy();

    // The model editor validates against the model's JSON schema in the JSON worker.
    await paste(page, model, JSON.stringify({ label: GRAPH, entities: 'none' }, null, 2));
    await bySubj(page, model).locator('.squiggly-warning').first().waitFor({ timeout: 30_000 });
    await paste(page, model, JSON.stringify(MODEL, null, 2));
    await expect.poll(() => bySubj(page, model).locator('.squiggly-warning').count()).toBe(0);

    // Highlighting from the shared lexer, in the theme's colours.
    const typed = `SELECT p FROM "${GRAPH}" MATCH (p:Person)`;
    await paste(page, query, typed);
    const colourOf = (text: string) =>
      bySubj(page, query)
        .locator('.view-line span span')
        .filter({ hasText: text })
        .first()
        .evaluate((el) => getComputedStyle(el).color)
        .catch(() => '');
    await expect.poll(() => colourOf('SELECT')).toBe(themeColour('keyword'));
    await expect.poll(() => colourOf(`"${GRAPH}"`)).toBe(themeColour('string'));

    // Completion of p's properties (from the index mapping), chosen with the keyboard.
    await paste(page, query, `SELECT p FROM "${GRAPH}" MATCH (p:Person) ORDER BY p.`);
    await page.keyboard.press('End');
    const suggestions = page.locator('.suggest-widget.visible .monaco-list-row');
    await expect
      .poll(
        async () => {
          await page.keyboard.press('Escape');
          await page.keyboard.press('Control+Space');
          await suggestions
            .first()
            .waitFor({ timeout: 5_000 })
            .catch(() => undefined);
          return suggestions.allInnerTexts();
        },
        { timeout: 30_000 }
      )
      .toEqual(expect.arrayContaining([expect.stringContaining('name')]));
    const labels = await suggestions.allInnerTexts();
    const target = labels.findIndex((label) => label.startsWith('name'));
    for (let i = 0; i < target; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => shownText(page, query))
      .toBe(`SELECT p FROM "${GRAPH}" MATCH (p:Person) ORDER BY p.name`);

    // An error marker at the parser's range, with the parser's message.
    const broken = `SELECT p FROM "${GRAPH}" MATCH (p:Person) WHERE p.age = = 1`;
    await paste(page, query, broken);
    const squiggle = bySubj(page, query).locator('.squiggly-error');
    const [expectedError] = parseGql(broken).errors;
    // F8 (go to next problem) opens the problem under the text, from the keyboard. Markers follow
    // the text a moment after typing stops, so ask again until they have caught up.
    await expect
      .poll(async () => {
        await page.keyboard.press('Escape');
        await page.keyboard.press('F8');
        return page.locator('.marker-widget').allInnerTexts();
      })
      .toEqual([expect.stringContaining(expectedError.message)]);
    await expect(squiggle.count()).resolves.toBe(parseGql(broken).errors.length);
    // The squiggle sits under the parser's range (the second `=`).
    const left = async (locator: Locator) => (await locator.boundingBox())?.x ?? Number.NaN;
    const secondEquals = bySubj(page, query)
      .locator('.view-line span span')
      .filter({ hasText: /^=$/ })
      .nth(1);
    await expect
      .poll(async () => Math.abs((await left(squiggle.first())) - (await left(secondEquals))))
      .toBeLessThan(2);
    await screenshot(page, 'code_editor_marker');

    // Ctrl+Enter runs the query.
    await page.keyboard.press('Escape');
    await paste(page, query, `SELECT p.name FROM "${GRAPH}" MATCH (p:Person) ORDER BY p.name`);
    await expect.poll(() => squiggle.count()).toBe(0);
    const graphResponses: Response[] = [];
    page.on('response', (answer) => {
      const { pathname } = new URL(answer.url());
      if (pathname === '/svc/_graph' && answer.request().method() === 'POST') {
        graphResponses.push(answer);
      }
    });
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => graphResponses.length).toBe(1);
    const [response] = graphResponses;
    expect(response.status()).toBe(200);
    expect(JSON.stringify(await response.json())).toContain('Grace');
    // The shortcut ran the query and left the text alone.
    await expect(shownText(page, query)).resolves.toBe(
      `SELECT p.name FROM "${GRAPH}" MATCH (p:Person) ORDER BY p.name`
    );
    await screenshot(page, 'code_editor_run');

    // Both workers came from their own files, and Monaco never fell back to the main thread.
    const workerFiles = new Set(workers.map((request) => new URL(request.url()).pathname));
    expect([...workerFiles].sort()).toEqual(['/ui/editor.worker.js', '/ui/json.worker.js']);
    for (const request of workers) {
      expect((await request.response())?.headers()['content-type']).toBe(
        'text/javascript; charset=utf-8'
      );
    }
    expect(warnings.filter((text) => /web worker/i.test(text))).toEqual([]);

    // Leaving the screen disposes the editors; coming back creates exactly two again.
    await page.getByRole('tab', { name: 'Datasources' }).click();
    await expect.poll(() => page.locator('.monaco-editor').count()).toBe(0);
    await page.getByRole('tab', { name: 'Graph query' }).click();
    await bySubj(page, query).locator('.monaco-editor').waitFor();
    await expect.poll(() => page.locator('.monaco-editor').count()).toBe(2);

    // Monaco's DOM (text box, line numbers, widgets) adds no serious accessibility violation.
    const violations = await seriousAccessibilityViolations(page);
    expect(violations.filter((violation) => /monaco|federationCodeEditor/.test(violation))).toEqual(
      []
    );
    expect(problems).toEqual([]);
    await page.close();
  });
});
