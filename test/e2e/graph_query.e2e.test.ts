/**
 * The Graph query screen as a new user meets it, in real Chromium against the standalone host and
 * the test bed: a small graph (people who work at companies, two OpenSearch indices) whose model
 * the user pastes into the model editor; a GQL query typed in Monaco with the help of completion
 * (graph name, labels, relation and property chosen with the keyboard); an error marker on a
 * broken query, with the parser's message on hover, then fixed; a run with Ctrl+Enter; the result
 * table (rows compared with what the data implies), the steps chart and the picture (a node
 * clicked opens its document); the query saved, reopened after a reload and from the list.
 */
import { randomBytes } from 'crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseGql } from '../../common/gql';
import { APP_PATH } from '../../common/constants';
import { SAVED_QUERY_BASE_PATH } from '../../common/saved_query_types';
import { openSearchClient, uniqueName } from '../bed/context';
import { bySubj, startAppSession, type AppSession } from './support/app_session';
import { lookAt, reportFailure } from './support/look_at';
import {
  chooseSuggestion,
  editorText,
  errorSquiggles,
  focusEditor,
  clippedHoverActions,
  hoverFirstError,
  pasteIntoEditor,
} from './support/monaco';
import { rest, runCleanups } from './support/rest';

const RUN = randomBytes(3).toString('hex');
const GRAPH = `e2e-graph-${RUN}`;
const TITLE = `E2E people at companies ${RUN}`;
const QUERY_EDITOR = 'federationGraphQueryEditor';
const MODEL_EDITOR = 'federationModelEditorJson';

interface Person {
  id: string;
  name: string;
  age: number;
  company_id: string;
}
interface Company {
  id: string;
  name: string;
  city: string;
}

const PEOPLE: Person[] = [
  { id: 'p1', name: 'Ada', age: 36, company_id: 'c1' },
  { id: 'p2', name: 'Bob', age: 25, company_id: 'c1' },
  { id: 'p3', name: 'Cleo', age: 41, company_id: 'c2' },
  // Works at a company that is not in the data: no row.
  { id: 'p4', name: 'Dan', age: 52, company_id: 'c9' },
  { id: 'p5', name: 'Eve', age: 33, company_id: 'c3' },
  // Not older than 30: no row.
  { id: 'p6', name: 'Finn', age: 30, company_id: 'c2' },
];
const COMPANIES: Company[] = [
  { id: 'c1', name: 'Acme', city: 'Oslo' },
  { id: 'c2', name: 'Globex', city: 'Lyon' },
  { id: 'c3', name: 'Initech', city: 'Turku' },
];
const MIN_AGE = 30;

/** The query the user ends up with, after completion and the fix. */
const FINAL_QUERY =
  `SELECT p, c, p.name FROM "${GRAPH}" ` +
  `MATCH (p:Person WHERE "age:>${MIN_AGE}")-[:WORKS_AT]->(c:Company) LIMIT 50`;

describe('Graph query screen', () => {
  let session: AppSession | { skipped: string } | undefined;
  const cleanups: Array<() => Promise<unknown>> = [];
  const peopleIndex = uniqueName('e2e-gq-people');
  const companiesIndex = uniqueName('e2e-gq-companies');
  const model = {
    label: GRAPH,
    entities: [
      { label: 'Person', indices: [peopleIndex], id: 'id' },
      { label: 'Company', indices: [companiesIndex], id: 'id' },
    ],
    relations: [
      {
        label: 'WORKS_AT',
        from: { entity: 'Person', field: 'company_id' },
        to: { entity: 'Company' },
      },
    ],
  };

  beforeAll(async () => {
    const client = openSearchClient();
    cleanups.push(() =>
      client.indices.delete({ index: [peopleIndex, companiesIndex], ignore_unavailable: true })
    );
    await client.indices.create({
      index: peopleIndex,
      body: {
        mappings: {
          properties: {
            id: { type: 'keyword' },
            name: { type: 'keyword' },
            age: { type: 'integer' },
            company_id: { type: 'keyword' },
          },
        },
      },
    });
    await client.indices.create({
      index: companiesIndex,
      body: {
        mappings: {
          properties: {
            id: { type: 'keyword' },
            name: { type: 'keyword' },
            city: { type: 'keyword' },
          },
        },
      },
    });
    await client.bulk({
      refresh: true,
      body: [
        ...PEOPLE.flatMap((p) => [{ index: { _index: peopleIndex, _id: p.id } }, p]),
        ...COMPANIES.flatMap((c) => [{ index: { _index: companiesIndex, _id: c.id } }, c]),
      ],
    });
    session = await startAppSession(inject('opensearchUrl'));
    if (!('skipped' in session)) {
      const { server, close } = session;
      cleanups.push(close);
      // Whatever saved query carries this run's title, however far the flow got.
      cleanups.push(async () => {
        const found = await rest<{ hits: { hits: Array<{ _id: string }> } }>(
          server.url,
          'GET',
          `${SAVED_QUERY_BASE_PATH}/query/_search?q=${encodeURIComponent(RUN)}`
        );
        for (const hit of found.body.hits?.hits ?? []) {
          await rest(server.url, 'DELETE', `${SAVED_QUERY_BASE_PATH}/query/${hit._id}`);
        }
      });
    }
  });

  afterAll(async () => {
    await runCleanups(cleanups);
  });

  /** What the data implies: one row per person older than MIN_AGE whose company exists. */
  const expectedRows = PEOPLE.filter((p) => p.age > MIN_AGE)
    .flatMap((p) => {
      const company = COMPANIES.find((c) => c.id === p.company_id);
      return company
        ? [[`${peopleIndex}/${p.id}`, `${companiesIndex}/${company.id}`, p.name].join(' | ')]
        : [];
    })
    .sort();

  /** The result table's rows as `person key | company key | name`, from what the cells show. */
  async function tableRows(page: Page): Promise<string[]> {
    const rows = bySubj(page, 'federationGraphResultsTable').locator('tbody tr');
    const out: string[] = [];
    for (const row of await rows.all()) {
      const cells = row.locator('td .euiTableCellContent');
      const badges = await row
        .locator('[data-test-subj="federationGraphDocumentBadge"]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('title') ?? ''));
      out.push([...badges, (await cells.nth(2).innerText()).trim()].join(' | '));
    }
    return out.sort();
  }

  it('writes a query with completion, fixes an error, runs it, sees table, steps and picture, saves and reopens it', async (ctx) => {
    if (!session) throw new Error('beforeAll did not start the browser and the host');
    if ('skipped' in session) return ctx.skip(session.skipped);
    const baseUrl = session.server.url;
    const { page, problems } = await session.newPage();
    ctx.onTestFailed(() => reportFailure(page, 'graph_query_failure', problems));

    await page.goto(`${baseUrl}${APP_PATH}/graph-query`);
    await focusEditor(page, MODEL_EDITOR);
    await focusEditor(page, QUERY_EDITOR);

    // --- The model, pasted into the model editor ---
    await pasteIntoEditor(page, MODEL_EDITOR, JSON.stringify(model, null, 2));
    await lookAt(page, 'graph_query_01_model_pasted');

    // --- The query, typed with completion chosen from the keyboard ---
    // The editor closes brackets and quotes as they are opened; Ctrl+End steps past the closers
    // it added (the query is one line), as a user presses End.
    await focusEditor(page, QUERY_EDITOR);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await typeText(page, 'SELECT p, c FROM ');
    await chooseSuggestion(page, GRAPH);
    await typeText(page, ' MATCH (p:');
    await chooseSuggestion(page, 'Person', {
      beforeAccept: () => lookAt(page, 'graph_query_02_label_completion'),
    });
    await typeText(page, ` WHERE "age:>${MIN_AGE}`);
    await page.keyboard.press('Escape');
    await page.keyboard.press('ControlOrMeta+End');
    await typeText(page, '-[:');
    await chooseSuggestion(page, 'WORKS_AT', { accept: 'Tab' });
    await page.keyboard.press('ControlOrMeta+End');
    await typeText(page, '->(c:');
    await chooseSuggestion(page, 'Company');
    await page.keyboard.press('ControlOrMeta+End');
    await expect(editorText(page, QUERY_EDITOR)).resolves.toBe(
      FINAL_QUERY.replace(', p.name', '').replace(/ LIMIT 50$/, '')
    );
    // A property of p, from the people index's mapping: back to the SELECT list.
    await page.keyboard.press('ControlOrMeta+Home');
    for (let i = 0; i < 'SELECT p, c'.length; i++) await page.keyboard.press('ArrowRight');
    await typeText(page, ', p.');
    await chooseSuggestion(page, 'name', {
      beforeAccept: () => lookAt(page, 'graph_query_03_property_completion'),
    });

    // --- A broken query: the parser's error, marked where it is ---
    await page.keyboard.press('ControlOrMeta+End');
    await typeText(page, ' LIMIT x');
    const broken = FINAL_QUERY.replace(/LIMIT 50$/, 'LIMIT x');
    const parserErrors = parseGql(broken).errors;
    expect(parserErrors.length).toBeGreaterThan(0);
    await errorSquiggles(page, QUERY_EDITOR).first().waitFor({ timeout: 10_000 });
    const hover = await hoverFirstError(page, QUERY_EDITOR);
    expect(hover).toContain(parserErrors[0].message);
    // The hover's action bar is whole: no action cut off by the hover's width.
    await expect(clippedHoverActions(page)).resolves.toEqual([]);
    await lookAt(page, 'graph_query_04_error_marker', { keepPointer: true });

    // Fixed: the squiggle goes.
    await focusEditor(page, QUERY_EDITOR);
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Backspace');
    await typeText(page, '50');
    await errorSquiggles(page, QUERY_EDITOR).first().waitFor({ state: 'detached' });
    await expect(editorText(page, QUERY_EDITOR)).resolves.toBe(FINAL_QUERY);

    // --- Run with Ctrl+Enter ---
    await page.keyboard.press('ControlOrMeta+Enter');
    const table = bySubj(page, 'federationGraphResultsTable');
    await table.waitFor({ timeout: 30_000 });
    await expect(bySubj(page, 'federationGraphSummary').innerText()).resolves.toMatch(
      new RegExp(`^${expectedRows.length} rows in \\d+ ms$`)
    );
    await expect(tableRows(page)).resolves.toEqual(expectedRows);
    await lookAt(page, 'graph_query_05_table');

    // --- The steps, as many as the server ran for this query ---
    const detailed = await rest<{ query_plan_execution: { steps: unknown[] } }>(
      baseUrl,
      'POST',
      '/svc/_graph?detailed=true',
      { model, query: FINAL_QUERY }
    );
    expect(detailed.status, detailed.text).toBe(200);
    await page.getByRole('tab', { name: 'Steps' }).click();
    await bySubj(page, 'federationGraphStepsChart').waitFor();
    await expect(bySubj(page, 'federationGraphStepBar').count()).resolves.toBe(
      detailed.body.query_plan_execution.steps.length
    );
    await lookAt(page, 'graph_query_06_steps');

    // --- The picture: drawn, a legend by label, a node opens its document ---
    await page.getByRole('tab', { name: 'Picture' }).click();
    const drawing = bySubj(page, 'federationGraphDrawing');
    await drawing.locator('canvas').first().waitFor({ timeout: 20_000 });
    await expect(bySubj(page, 'federationGraphLegendItem').allInnerTexts()).resolves.toEqual(
      expect.arrayContaining(['Person', 'Company'])
    );
    const ada = PEOPLE[0];
    await lookAt(page, 'graph_query_07_picture');
    // The whole drawing in view, as a user scrolls to it; then where the node is now.
    await drawing.scrollIntoViewIfNeeded();
    const node = await nodePosition(page, `${peopleIndex}/${ada.id}`);
    await page.mouse.click(node.x, node.y);
    const documentFlyout = bySubj(page, 'federationGraphDocumentFlyout');
    await documentFlyout.waitFor();
    await expect(documentFlyout.innerText()).resolves.toContain(`"name": "${ada.name}"`);
    await lookAt(page, 'graph_query_08_document');
    await page.keyboard.press('Escape');
    await documentFlyout.waitFor({ state: 'detached' });

    // --- Save, with a title ---
    await bySubj(page, 'federationSavedQueriesSaveButton').click();
    const saveModal = page.getByRole('dialog', { name: 'Save query' });
    await saveModal.waitFor();
    await saveModal.getByLabel('Title').fill(TITLE);
    await lookAt(page, 'graph_query_09_save');
    await saveModal.getByRole('button', { name: 'Save' }).click();
    await saveModal.waitFor({ state: 'detached' });
    await expect(bySubj(page, 'federationSavedQueriesTitle').innerText()).resolves.toBe(TITLE);
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByText(`Saved "${TITLE}".`, { exact: true })
      .waitFor();
    const savedPath = new URL(page.url()).pathname;
    expect(savedPath).toMatch(new RegExp(`^${APP_PATH}/graph-query/[^/]+$`));

    // --- Reload: the URL names the query, which opens with its model ---
    await page.reload();
    await expect(
      bySubj(page, 'federationSavedQueriesTitle').filter({ hasText: TITLE }).waitFor()
    ).resolves.toBeUndefined();
    await focusEditor(page, QUERY_EDITOR);
    await expect(editorText(page, QUERY_EDITOR)).resolves.toBe(FINAL_QUERY);
    expect(JSON.parse(await editorText(page, MODEL_EDITOR))).toEqual(model);
    await expect(bySubj(page, 'federationSavedQueriesEdited').count()).resolves.toBe(0);
    await lookAt(page, 'graph_query_10_reloaded');

    // --- New, then reopen it from the saved-queries list ---
    await bySubj(page, 'federationSavedQueriesNewButton').click();
    await expect(new URL(page.url()).pathname).toBe(`${APP_PATH}/graph-query`);
    await bySubj(page, 'federationSavedQueriesOpenButton').click();
    const list = bySubj(page, 'federationSavedQueriesFlyout');
    await list.waitFor();
    // The search is debounced: wait for its answer, then until it is shown (only this run's
    // query), or the click may land while rows above it are still being removed.
    const searched = page.waitForResponse(
      (response) => new URL(response.url()).searchParams.get('q') === RUN
    );
    await list.getByRole('searchbox').fill(RUN);
    await searched;
    const link = list.getByRole('button', { name: new RegExp(TITLE) });
    await link.waitFor();
    await expect
      .poll(async () => [
        await list.locator('.euiBasicTable-loading').count(),
        await list.locator('tbody tr').count(),
      ])
      .toEqual([0, 1]);
    await lookAt(page, 'graph_query_11_open_list');
    await link.click();
    await list.waitFor({ state: 'detached' });
    await bySubj(page, 'federationSavedQueriesTitle').filter({ hasText: TITLE }).waitFor();
    expect(new URL(page.url()).pathname).toBe(savedPath);
    await expect(editorText(page, QUERY_EDITOR)).resolves.toBe(FINAL_QUERY);
    expect(JSON.parse(await editorText(page, MODEL_EDITOR))).toEqual(model);
    await lookAt(page, 'graph_query_12_reopened');

    expect(problems).toEqual([]);
    await page.close();
  });
});

/** Types at a person's pace, so the editor's suggestions keep up as they do for a person. */
async function typeText(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 40 });
}

/**
 * Where on the page the picture draws the node of this document (cytoscape keeps its instance
 * on the container); the test then clicks there, as a user would.
 */
async function nodePosition(page: Page, key: string): Promise<{ x: number; y: number }> {
  const drawing = bySubj(page, 'federationGraphDrawing');
  // The layout runs once the canvas is there; wait until the node has a place.
  await page.waitForFunction(
    ([selector, id]) => {
      const container = document.querySelector(selector) as
        | (HTMLElement & { _cyreg?: { cy?: { getElementById(id: string): { length: number } } } })
        | null;
      return (container?._cyreg?.cy?.getElementById(id).length ?? 0) > 0;
    },
    ['[data-test-subj="federationGraphDrawing"]', key] as const
  );
  const read = () =>
    drawing.evaluate((container, id) => {
      const cy = (
        container as HTMLElement & {
          _cyreg: {
            cy: { getElementById(id: string): { renderedPosition(): { x: number; y: number } } };
          };
        }
      )._cyreg.cy;
      return cy.getElementById(id).renderedPosition();
    }, key);
  // The layout and the fit to the container settle in a moment: wait until the node stays put.
  let position = await read();
  for (let tries = 0; tries < 20; tries++) {
    await page.waitForTimeout(250);
    const again = await read();
    if (again.x === position.x && again.y === position.y) break;
    position = again;
  }
  const box = await drawing.boundingBox();
  if (!box) throw new Error('The drawing has no box');
  return { x: box.x + position.x, y: box.y + position.y };
}
