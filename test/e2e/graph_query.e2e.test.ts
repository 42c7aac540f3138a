/**
 * The Graph query screen as a new user meets it, in real Chromium against the standalone host and
 * the test bed: a small graph (people who work at companies, two OpenSearch indices) whose model
 * the user pastes into the model editor; a GQL query typed in Monaco with the help of completion
 * (graph name, labels, relation and property chosen with the keyboard); an error marker on a
 * broken query, with the parser's message on hover, then fixed; a run with Ctrl+Enter; the result
 * table (rows compared with what the data implies), the steps chart and the picture (a node
 * clicked opens its document); the query saved, reopened after a reload and from the list. The
 * MATCH … RETURN form typed with completion too, its error marked, run. Then the demo: its picture
 * query opened and drawn with readable labels, a company's neighbours expanded from its menu
 * (right-click, then the keyboard), 72 unconnected documents drawn readably too, and a query
 * OpenSearch refuses showing OpenSearch's own reason.
 */
import { randomBytes } from 'crypto';
import { mkdir } from 'fs/promises';
import path from 'path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseGql } from '../../common/gql';
import { APP_PATH, CONNECTOR_BASE_PATH } from '../../common/constants';
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
import { DEMO_SAVED_QUERIES } from '../../scripts/demo/demo_queries';
import { demoRows } from '../../scripts/demo/demo_rows';
import { expansionQuery } from '../../public/components/graph_query/results/neighbour_expansion';
import type { GraphModelJson } from '../../public/services/api/graph_api';
import { DEMO_INDICES, loadDemoData } from '../../scripts/demo/load_demo_data';
import {
  DEMO_DATASOURCE,
  DEMO_VIRTUAL_INDEX,
  registerDemoCatalog,
} from '../../scripts/demo/register_demo_catalog';

const RUN = randomBytes(3).toString('hex');
const GRAPH = `e2e-graph-${RUN}`;
const TITLE = `E2E people at companies ${RUN}`;
const QUERY_EDITOR = 'federationGraphQueryEditor';
/** The demo's picture query. */
const DEMO_PICTURE = DEMO_SAVED_QUERIES.find((q) => q.id === 'demo-articles-and-companies')!;
/** The checkout's demo folder, as `npm start` and the demo's integration test use. */
const DEMO_DIR = path.resolve(__dirname, '../../.data/demo');
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
    // The demo's SQLite file (the virtual index behind its Investment entity) lies in DEMO_DIR.
    await mkdir(DEMO_DIR, { recursive: true });
    session = await startAppSession(inject('opensearchUrl'), { sqliteDirectories: [DEMO_DIR] });
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

  /**
   * The demo as `npm start` sets it up (indices, SQLite file, datasource, virtual index and saved
   * queries, through the same functions); afterwards only what this test made is removed, so a
   * demo a developer runs on this cluster stays.
   */
  async function loadDemo(baseUrl: string): Promise<void> {
    const client = openSearchClient();
    const madeIndices: string[] = [];
    for (const index of [...Object.values(DEMO_INDICES), DEMO_VIRTUAL_INDEX]) {
      if (!(await client.indices.exists({ index })).body) madeIndices.push(index);
    }
    const entries = [
      `${CONNECTOR_BASE_PATH}/datasource/${DEMO_DATASOURCE}`,
      `${CONNECTOR_BASE_PATH}/index/${DEMO_VIRTUAL_INDEX}`,
      ...DEMO_SAVED_QUERIES.map((q) => `${SAVED_QUERY_BASE_PATH}/query/${q.id}`),
    ];
    const madeEntries: string[] = [];
    for (const entry of entries) {
      if ((await rest(baseUrl, 'GET', entry)).status === 404) madeEntries.push(entry);
    }
    cleanups.push(async () => {
      // Saved queries, then the virtual index, then its datasource.
      for (const entry of [...madeEntries].reverse()) await rest(baseUrl, 'DELETE', entry);
      if (madeIndices.length > 0)
        await client.indices.delete({ index: madeIndices }, { ignore: [404] });
    });
    const sqliteFile = path.join(DEMO_DIR, 'investments.sqlite');
    await loadDemoData(client, sqliteFile, () => undefined);
    await registerDemoCatalog(baseUrl, sqliteFile, () => undefined);
  }

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

  it('writes the MATCH … RETURN form with completion, sees its error marked, and runs it', async (ctx) => {
    if (!session) throw new Error('beforeAll did not start the browser and the host');
    if ('skipped' in session) return ctx.skip(session.skipped);
    const { page, problems } = await session.newPage();
    ctx.onTestFailed(() => reportFailure(page, 'graph_query_match_form_failure', problems));
    await page.goto(`${session.server.url}${APP_PATH}/graph-query`);
    await pasteIntoEditor(page, MODEL_EDITOR, JSON.stringify(model, null, 2));

    // Labels, the relation and a property from the model, the form's keywords where they fit;
    // Ctrl+End steps past the brackets the editor closed.
    await focusEditor(page, QUERY_EDITOR);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await typeText(page, 'MATCH (p:');
    await chooseSuggestion(page, 'Person');
    await page.keyboard.press('ControlOrMeta+End');
    await typeText(page, '-[:');
    await chooseSuggestion(page, 'WORKS_AT');
    await page.keyboard.press('ControlOrMeta+End');
    await typeText(page, '->(c:');
    await chooseSuggestion(page, 'Company');
    await page.keyboard.press('ControlOrMeta+End');
    await typeText(page, ' ');
    await chooseSuggestion(page, 'RETURN');
    await typeText(page, ' p.');
    await chooseSuggestion(page, 'name');
    await typeText(page, ' AS person, c.');
    await chooseSuggestion(page, 'city', {
      beforeAccept: () => lookAt(page, 'graph_query_18_match_form_completion'),
    });
    await typeText(page, ' ');
    await chooseSuggestion(page, 'SKIP');
    await typeText(page, ' 0 LIMIT');
    const query =
      'MATCH (p:Person)-[:WORKS_AT]->(c:Company) RETURN p.name AS person, c.city SKIP 0 LIMIT';
    await expect(editorText(page, QUERY_EDITOR)).resolves.toBe(query);

    // LIMIT without its number: the parser's message, where the number is missing.
    const [missing] = parseGql(query).errors;
    await errorSquiggles(page, QUERY_EDITOR).first().waitFor({ timeout: 10_000 });
    await expect(hoverFirstError(page, QUERY_EDITOR)).resolves.toContain(missing.message);
    await lookAt(page, 'graph_query_19_match_form_error', { keepPointer: true });
    await focusEditor(page, QUERY_EDITOR);
    await page.keyboard.press('ControlOrMeta+End');
    await typeText(page, ' 50');
    await errorSquiggles(page, QUERY_EDITOR).first().waitFor({ state: 'detached' });

    await page.keyboard.press('ControlOrMeta+Enter');
    await bySubj(page, 'federationGraphResultsTable').waitFor({ timeout: 30_000 });
    const people = PEOPLE.filter((p) => COMPANIES.some((c) => c.id === p.company_id));
    await expect(bySubj(page, 'federationGraphSummary').innerText()).resolves.toMatch(
      new RegExp(`^${people.length} rows in \\d+ ms$`)
    );
    // The aliases are the columns' headers.
    await expect(
      bySubj(page, 'federationGraphResultsTable').locator('thead th').allInnerTexts()
    ).resolves.toEqual([expect.stringContaining('person'), expect.stringContaining('c.city')]);
    await lookAt(page, 'graph_query_20_match_form_table');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('draws the demo picture query and 72 unconnected documents with readable labels, and shows why OpenSearch refused a query', async (ctx) => {
    if (!session) throw new Error('beforeAll did not start the browser and the host');
    if ('skipped' in session) return ctx.skip(session.skipped);
    const baseUrl = session.server.url;
    await loadDemo(baseUrl);
    const { page, problems } = await session.newPage();
    ctx.onTestFailed(() => reportFailure(page, 'graph_query_demo_failure', problems));
    await page.setViewportSize({ width: 1440, height: 900 });

    // --- The demo's picture query, opened from its URL and run ---
    await page.goto(`${baseUrl}${APP_PATH}/graph-query/${DEMO_PICTURE.id}`);
    await bySubj(page, 'federationSavedQueriesTitle')
      .filter({ hasText: DEMO_PICTURE.body.title })
      .waitFor();
    await focusEditor(page, QUERY_EDITOR);
    await expect(editorText(page, QUERY_EDITOR)).resolves.toBe(DEMO_PICTURE.body.query);
    await runAndOpenPicture(page, 50);
    await expect(bySubj(page, 'federationGraphLegendItem').allInnerTexts()).resolves.toEqual([
      'Company',
      'Article',
    ]);
    const demo = await drawnLabels(page);
    // 50 articles and the companies they mention, each article linked to one company.
    expect(demo.edges).toBe(50);
    // An overview of 60 documents in 10 stars: captions too small to read are left out.
    expectReadable(demo, 'the demo picture at 1,440 px', 0);
    await lookAt(page, 'graph_query_13_demo_picture');
    await page.setViewportSize({ width: 1024, height: 768 });
    expectReadable(await drawnLabels(page), 'the demo picture at 1,024 px', 0);
    await lookAt(page, 'graph_query_14_demo_picture_1024');
    // Zoomed in to full size, as a user does to read them: the captions in view are drawn,
    // none over another.
    await zoomTo(page, 1);
    const zoomed = await drawnLabels(page);
    expect.soft(zoomed.hidden, 'captions hidden at full size').toBe(0);
    expectReadable(zoomed, 'the demo picture at full size', 10);
    await lookAt(page, 'graph_query_14b_demo_picture_zoomed');

    // --- A company's neighbours, from its menu: the query in the editor, the picture grown ---
    // Run again: the picture fitted afresh, at the first size.
    await page.setViewportSize({ width: 1440, height: 900 });
    await runAndOpenPicture(page, 50);
    await expandCompany(page);

    // --- 72 documents and no edge between them (two unconnected patterns) ---
    await page.setViewportSize({ width: 1440, height: 900 });
    await pasteIntoEditor(
      page,
      QUERY_EDITOR,
      'SELECT a, c FROM "investments" MATCH (a:Article), (c:Company)'
    );
    await runAndOpenPicture(page, 720);
    const scattered = await drawnLabels(page);
    expect([scattered.nodes, scattered.edges]).toEqual([72, 0]);
    expectReadable(scattered, '72 unconnected documents at 1,440 px');
    await lookAt(page, 'graph_query_15_unconnected_picture');
    await page.setViewportSize({ width: 1024, height: 768 });
    expectReadable(await drawnLabels(page), '72 unconnected documents at 1,024 px');
    await lookAt(page, 'graph_query_16_unconnected_picture_1024');
    await page.setViewportSize({ width: 1440, height: 900 });

    // --- A query string OpenSearch cannot parse: its reason, not just "all shards failed" ---
    await pasteIntoEditor(
      page,
      QUERY_EDITOR,
      'SELECT a.title FROM "investments" MATCH (a:Article WHERE "title:(unbalanced")'
    );
    await bySubj(page, 'federationGraphRunButton').click();
    const error = bySubj(page, 'federationGraphError');
    await error.waitFor({ timeout: 30_000 });
    await expect(error.innerText()).resolves.toContain('Failed to parse query');
    await lookAt(page, 'graph_query_17_opensearch_reason');

    // The refused query's 400, which Chromium logs as a failed load, is the one expected.
    expect(problems.filter((p) => !/status of 400 .*\/svc\/_graph/.test(p))).toEqual([]);
    await page.close();
  });
});

/**
 * Right-clicks a drawn company that has investments, chooses FUNDS in its menu and checks what a
 * user sees: the expansion's query in the editor, its rows in the summary, the picture grown by
 * the company's investments and links to them, the documents drawn before left where they were.
 * Then the keyboard's way to the same menu, from the node list: its button, Enter, Escape.
 */
async function expandCompany(page: Page): Promise<void> {
  const rows = demoRows();
  await drawnLabels(page); // until the layout has settled
  const drawnBefore = await drawnPositions(page);
  const company = rows.companies.find(
    (c) =>
      drawnBefore[`${DEMO_INDICES.companies}/${c.id}`] !== undefined &&
      rows.investments.some((i) => i.company_id === c.id)
  )!;
  const key = `${DEMO_INDICES.companies}/${company.id}`;
  const investments = rows.investments.filter((i) => i.company_id === company.id);
  await bySubj(page, 'federationGraphDrawing').scrollIntoViewIfNeeded();
  const at = await nodePosition(page, key);
  await page.mouse.click(at.x, at.y, { button: 'right' });
  const menu = page.getByRole('dialog', { name: `Actions on ${company.name}`, exact: true });
  await menu.waitFor();
  await expect(menu.getByRole('button').allInnerTexts()).resolves.toEqual([
    'Open the document',
    'Expand along ← MENTIONS Article',
    'Expand along ← FUNDS Investment',
  ]);
  await lookAt(page, 'graph_query_14c_node_menu', { keepPointer: true });
  await menu.getByRole('button', { name: /FUNDS/ }).click();

  const model = DEMO_PICTURE.body.model as unknown as GraphModelJson;
  const query = expansionQuery(model, {
    node: {
      key,
      document: { _index: DEMO_INDICES.companies, _id: String(company.id), _source: {} },
      label: 'Company',
      caption: company.name,
    },
    along: { relation: 'FUNDS', direction: 'in', other: 'Investment' },
  });
  await expect(editorText(page, QUERY_EDITOR)).resolves.toBe(query);
  await bySubj(page, 'federationGraphSummary')
    .filter({ hasText: new RegExp(`^${investments.length} rows? in \\d+ ms$`) })
    .waitFor({ timeout: 30_000 });
  // Still the picture, grown by the investments, none of what was drawn moved.
  await expect(
    page.getByRole('tab', { name: 'Picture' }).getAttribute('aria-selected')
  ).resolves.toBe('true');
  await expect
    .poll(async () => Object.keys(await drawnPositions(page)).length, { timeout: 20_000 })
    .toBe(Object.keys(drawnBefore).length + investments.length);
  const drawnAfter = await drawnPositions(page);
  for (const investment of investments) {
    expect(drawnAfter[`${DEMO_VIRTUAL_INDEX}/${investment.id}`]).toBeDefined();
  }
  for (const [id, position] of Object.entries(drawnBefore)) {
    expect(drawnAfter[id], id).toEqual(position);
  }
  const grown = await drawnLabels(page);
  expect(grown.edges).toBe(50 + investments.length);
  await lookAt(page, 'graph_query_14d_expanded');

  // The keyboard's way: the node list, the company's menu button, Enter; Escape gives it back.
  const list = bySubj(page, 'federationGraphPictureNodes');
  await list.getByRole('button', { name: /Documents in the picture/ }).click();
  const button = list.getByRole('button', {
    name: `Expand the neighbours of ${company.name}`,
    exact: true,
  });
  await button.focus();
  await page.keyboard.press('Enter');
  await menu.waitFor();
  await expect(menu.getByRole('button').allInnerTexts()).resolves.toContain(
    'Expand along ← FUNDS Investment'
  );
  await expect
    .poll(() => menu.evaluate((dialog) => dialog.contains(document.activeElement)))
    .toBe(true);
  await lookAt(page, 'graph_query_14e_node_menu_keyboard');
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  await expect
    .poll(() => button.evaluate((element) => element === document.activeElement))
    .toBe(true);
}

/** Where cytoscape has each drawn document, in its model coordinates (not moved by a fit). */
async function drawnPositions(page: Page): Promise<Record<string, { x: number; y: number }>> {
  return bySubj(page, 'federationGraphDrawing').evaluate((container) => {
    const cy = (
      container as HTMLElement & {
        _cyreg: {
          cy: {
            nodes(): Array<{ id(): string; position(): { x: number; y: number } }>;
          };
        };
      }
    )._cyreg.cy;
    return Object.fromEntries(
      cy.nodes().map((node) => {
        const { x, y } = node.position();
        return [node.id(), { x: Math.round(x), y: Math.round(y) }];
      })
    );
  });
}

/** Runs the query in the editor, waits for its rows, then opens the Picture tab and its canvas. */
async function runAndOpenPicture(page: Page, rows: number): Promise<void> {
  await bySubj(page, 'federationGraphRunButton').click();
  await bySubj(page, 'federationGraphSummary')
    .filter({ hasText: new RegExp(`^${rows} rows in \\d+ ms$`) })
    .waitFor({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Picture' }).click();
  await bySubj(page, 'federationGraphDrawing')
    .locator('canvas')
    .first()
    .waitFor({ timeout: 20_000 });
}

interface DrawnLabels {
  nodes: number;
  edges: number;
  /** Node captions cytoscape draws at this zoom, and the size it draws them at (px). */
  shown: Array<{
    text: string;
    px: number;
    box: { x1: number; y1: number; x2: number; y2: number };
  }>;
  /** Captions too small to read at this zoom, which cytoscape leaves out until zoomed in. */
  hidden: number;
  /** Caption size (px) once the user zooms in to 100 %. */
  pxAtFullZoom: number;
}

/**
 * The picture's node captions as cytoscape lays them out and draws them (its instance hangs on
 * the container; whether a caption is drawn is its renderer's own test), once the layout and the
 * fit to the container (also after a resize) have settled.
 */
async function drawnLabels(page: Page): Promise<DrawnLabels> {
  const drawing = bySubj(page, 'federationGraphDrawing');
  const read = () =>
    drawing.evaluate((container) => {
      type Box = { x1: number; y1: number; x2: number; y2: number };
      type Node = {
        data(key: string): string;
        style(name: string): string;
        renderedBoundingBox(options: object): Box;
      };
      const cy = (
        container as HTMLElement & {
          _cyreg: {
            cy: {
              zoom(): number;
              nodes(): { map<T>(f: (node: Node) => T): T[]; length: number };
              edges(): { length: number };
              renderer(): { eleTextBiggerThanMin(node: Node): boolean };
              width(): number;
              height(): number;
            };
          };
        }
      )._cyreg.cy;
      const zoom = cy.zoom();
      const labels = cy.nodes().map((node) => {
        const font = parseFloat(node.style('font-size'));
        const { x1, y1, x2, y2 } = node.renderedBoundingBox({
          includeNodes: false,
          includeEdges: false,
          includeLabels: true,
        });
        return {
          text: node.data('caption'),
          px: font * zoom,
          // Drawn: cytoscape's own size test passes, and the caption is not hidden (empty).
          drawn: cy.renderer().eleTextBiggerThanMin(node) && node.style('label') !== '',
          box: { x1, y1, x2, y2 },
          font,
        };
      });
      // What is in view: captions scrolled out of the drawing are not on screen.
      const inView = ({ box }: { box: Box }) =>
        box.x2 > 0 && box.y2 > 0 && box.x1 < cy.width() && box.y1 < cy.height();
      return {
        nodes: cy.nodes().length,
        edges: cy.edges().length,
        shown: labels
          .filter((l) => l.drawn && inView(l))
          .map(({ text, px, box }) => ({ text, px, box })),
        hidden: labels.filter((l) => !l.drawn).length,
        pxAtFullZoom: Math.min(...labels.map((l) => l.font)),
      };
    });
  // The layout and the fit settle in a moment: read until two reads agree.
  let last = await read();
  for (let tries = 0; tries < 20; tries++) {
    await page.waitForTimeout(250);
    const again = await read();
    if (JSON.stringify(again) === JSON.stringify(last)) break;
    last = again;
  }
  return last;
}

/** Zooms the picture to `level` around its centre, as the mouse wheel does. */
async function zoomTo(page: Page, level: number): Promise<void> {
  await bySubj(page, 'federationGraphDrawing').evaluate((container, zoom) => {
    const cy = (
      container as HTMLElement & {
        _cyreg: {
          cy: {
            zoom(options: object): void;
            width(): number;
            height(): number;
            emit(event: string): void;
          };
        };
      }
    )._cyreg.cy;
    cy.zoom({ level: zoom, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
    cy.emit('scrollzoom');
  }, level);
}

/**
 * Readable: every caption drawn is at least 10 px and overlaps no other caption; a caption too
 * small to read is not drawn (it appears on zooming in) rather than drawn as a smudge.
 */
function expectReadable(drawn: DrawnLabels, where: string, minShown = drawn.nodes): void {
  const overlaps: string[] = [];
  for (let i = 0; i < drawn.shown.length; i++) {
    for (let j = i + 1; j < drawn.shown.length; j++) {
      const a = drawn.shown[i].box;
      const b = drawn.shown[j].box;
      if (a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2) {
        overlaps.push(`"${drawn.shown[i].text}" × "${drawn.shown[j].text}"`);
      }
    }
  }
  expect.soft(overlaps, `captions drawn over each other in ${where}`).toEqual([]);
  expect
    .soft(
      drawn.shown.filter((l) => l.px < 10).map((l) => `${l.text}: ${l.px.toFixed(1)} px`),
      `captions too small in ${where}`
    )
    .toEqual([]);
  expect.soft(drawn.pxAtFullZoom, `caption size at 100 % in ${where}`).toBeGreaterThanOrEqual(12);
  // At first sight the picture is labelled: every caption, or (an overview) the hubs'.
  expect.soft(drawn.shown.length, `captions drawn in ${where}`).toBeGreaterThanOrEqual(minShown);
}

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
