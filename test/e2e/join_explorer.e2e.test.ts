/**
 * The Join explorer as a new user meets it, in real Chromium against the standalone host and the
 * test bed: a parent index of a few hundred documents and a child index, picked from the lists;
 * the join fields, a child query typed into the JSON editor, a sort and a page size of 10; a run
 * that opens a point in time; pages forward twice and back once, each page's ids equal to what
 * the join implies; the total; the request as curl; and the point in time closed in OpenSearch
 * once the user leaves the tab. Then, on indices named as the demo's are, the join suggested from
 * names and sampled values, and the request copied with one click.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APP_PATH } from '../../common/constants';
import { openSearchClient, uniqueName } from '../bed/context';
import { bySubj, startAppSession, type AppSession } from './support/app_session';
import { lookAt, reportFailure } from './support/look_at';
import { pasteIntoEditor } from './support/monaco';
import { runCleanups } from './support/rest';

const PARENTS = 300;
const PAGE_SIZE = 10;
/** Parents with a `match` child: every third one. */
const hasMatchingChild = (pid: number) => pid % 3 === 0;
const CHILD_QUERY = { term: { kind: 'match' } };

describe('Join explorer', () => {
  let session: AppSession | { skipped: string } | undefined;
  const cleanups: Array<() => Promise<unknown>> = [];
  const parentIndex = uniqueName('e2e-join-parents');
  const childIndex = uniqueName('e2e-join-children');
  // Named as the demo's are (demo-articles, demo-companies): an article names its company.
  const articlesIndex = uniqueName('e2e-join-articles');
  const companiesIndex = uniqueName('e2e-join-companies');

  beforeAll(async () => {
    const client = openSearchClient();
    cleanups.push(() =>
      client.indices.delete({
        index: [parentIndex, childIndex, articlesIndex, companiesIndex],
        ignore_unavailable: true,
      })
    );
    await client.indices.create({
      index: parentIndex,
      body: {
        mappings: { properties: { pid: { type: 'integer' }, name: { type: 'keyword' } } },
      },
    });
    await client.indices.create({
      index: childIndex,
      body: {
        mappings: { properties: { parent_id: { type: 'integer' }, kind: { type: 'keyword' } } },
      },
    });
    const body: unknown[] = [];
    for (let pid = 1; pid <= PARENTS; pid++) {
      body.push({ index: { _index: parentIndex, _id: `parent-${pid}` } }, { pid, name: `P${pid}` });
      if (hasMatchingChild(pid))
        body.push({ index: { _index: childIndex } }, { parent_id: pid, kind: 'match' });
      // Children that must not count: another kind, or no such parent.
      if (pid % 5 === 0)
        body.push({ index: { _index: childIndex } }, { parent_id: pid, kind: 'other' });
    }
    body.push({ index: { _index: childIndex } }, { parent_id: 10_000, kind: 'match' });
    for (const [index, properties] of [
      [
        articlesIndex,
        { id: { type: 'long' }, company_id: { type: 'long' }, title: { type: 'text' } },
      ],
      [companiesIndex, { id: { type: 'long' }, name: { type: 'keyword' } }],
    ] as const) {
      await client.indices.create({ index, body: { mappings: { properties } } });
    }
    for (let id = 1; id <= 5; id++) {
      body.push({ index: { _index: companiesIndex } }, { id, name: `Company ${id}` });
    }
    // Article ids (101…) meet no company id; every article's company_id meets one.
    for (let id = 101; id <= 110; id++) {
      body.push({ index: { _index: articlesIndex } }, { id, company_id: (id % 5) + 1, title: 'T' });
    }
    const bulk = await client.bulk({ refresh: true, body: body as never });
    expect(bulk.body.errors).toBe(false);
    session = await startAppSession(inject('opensearchUrl'));
    if (!('skipped' in session)) cleanups.push(session.close);
  });

  afterAll(async () => {
    await runCleanups(cleanups);
  });

  /** What the join implies, sorted by pid ascending as the request asks. */
  const matching = Array.from({ length: PARENTS }, (_, i) => i + 1)
    .filter(hasMatchingChild)
    .map((pid) => `parent-${pid}`);
  const expectedPage = (index: number) =>
    matching.slice(index * PAGE_SIZE, (index + 1) * PAGE_SIZE);

  /** The `_id` column of the results table, top to bottom. */
  async function shownIds(page: Page): Promise<string[]> {
    const rows = bySubj(page, 'federationJoinExplorerResultsTable').locator('tbody tr');
    return rows.evaluateAll((trs) =>
      trs
        .map((tr) =>
          tr.querySelector<HTMLElement>(
            'td[data-test-subj="federationJoinExplorerIdCell"] .euiTableCellContent'
          )
        )
        // An opened row's JSON is a row of its own, without an id cell.
        .filter((cell): cell is HTMLElement => cell !== null)
        .map((cell) => cell.innerText.trim())
    );
  }

  /** Waits for a page to settle: its status line, and the table no longer loading. */
  async function waitForPage(page: Page, number: number) {
    await bySubj(page, 'federationJoinExplorerPageStatus')
      .filter({ hasText: new RegExp(`^Page ${number} `) })
      .waitFor({ timeout: 20_000 });
    await bySubj(page, 'federationJoinExplorerNextPage').and(page.locator(':enabled')).waitFor();
  }

  /** The OpenSearch point-in-time segments of the parent index (none once every PIT is closed). */
  async function parentPitSegments(): Promise<number> {
    const response = await openSearchClient().transport.request({
      method: 'GET',
      path: '/_cat/pit_segments/_all',
      querystring: { format: 'json' },
    });
    const rows = response.body as Array<{ index: string }>;
    return rows.filter((row) => row.index === parentIndex).length;
  }

  /**
   * Axe's `heading-order` (a moderate best-practice rule the WCAG-tagged check of `lookAt` leaves
   * out) on the page as it is; `lookAt` has loaded axe.
   */
  async function headingOrderViolations(page: Page): Promise<string[]> {
    return page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
        .axe;
      const result = (await axe.run(document, { runOnly: ['heading-order'] })) as {
        violations: { nodes: { target: unknown[] }[] }[];
      };
      return result.violations.flatMap((v) => v.nodes.map((n) => JSON.stringify(n.target)));
    });
  }

  /** Looks at the page at 1,440 px and at 1,024 px (a laptop), then returns to 1,440. */
  async function lookAtWidths(page: Page, step: string) {
    for (const [width, name] of [
      [1024, `${step}_1024`],
      [1440, step],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await lookAt(page, name);
    }
  }

  /** The suggested join pairs as shown, once the value sample has answered. */
  async function suggestions(page: Page): Promise<string[]> {
    const box = bySubj(page, 'federationJoinExplorerJoinSuggestions');
    await box.waitFor();
    await bySubj(page, 'federationJoinExplorerJoinSampling').waitFor({ state: 'detached' });
    // Text, not innerText: the button's flex layout reads as a line break there.
    return box
      .locator('[data-test-subj="federationJoinExplorerJoinSuggestionItem"]')
      .evaluateAll((items) => items.map((item) => item.textContent?.replace(/\s+/g, ' ').trim()));
  }

  /** What the page's clipboard holds now (the page may read it: `pasteIntoEditor` allowed it). */
  const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

  /**
   * Picks `name` in the combo box labelled `label` as a keyboard user does: typing narrows the
   * list to it, the down arrow reaches it and Enter takes it.
   */
  async function pick(page: Page, label: string, name: string) {
    const box = page.getByLabel(label, { exact: true });
    await box.click();
    await box.pressSequentially(name);
    const listbox = page.getByRole('listbox');
    await listbox.getByRole('option').first().waitFor();
    await expect(listbox.getByRole('option').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(new RegExp(`^${name}\\b`)),
    ]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await listbox.waitFor({ state: 'detached' });
  }

  it('pages a join forward and back with a point in time, shows total and curl, closes the PIT on leaving', async (ctx) => {
    if (!session) throw new Error('beforeAll did not start the browser and the host');
    if ('skipped' in session) return ctx.skip(session.skipped);
    const origin = session.server.url;
    const { page, problems } = await session.newPage();
    ctx.onTestFailed(() => reportFailure(page, 'join_explorer_failure', problems));
    expect(await parentPitSegments()).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto(`${origin}${APP_PATH}/join-explorer`);
    await bySubj(page, 'federationJoinExplorerEmptyState').waitFor();
    await lookAt(page, 'join_explorer_01_empty');

    // --- The join, from the pickers ---
    await pick(page, 'Parent indices', parentIndex);
    await pick(page, 'Child index', childIndex);
    // No name relates pid to parent_id; their values do (9 of the parents' 20 commonest pids
    // have a child: 3, 5, 6, 9, 10, 12, 15, 18, 20).
    await expect(suggestions(page)).resolves.toEqual([
      'pid = parent_id (9 of 20 sampled values meet)',
    ]);
    await page.getByRole('button', { name: /^pid = parent_id/ }).click();
    await expect(bySubj(page, 'federationJoinExplorerChildField').innerText()).resolves.toBe(
      'parent_id'
    );
    // A field the child lacks is named before anything runs.
    await pasteIntoEditor(page, 'federationJoinExplorerChildQuery', '{"term":{"knd":"match"}}');
    await expect(
      bySubj(page, 'federationJoinExplorerChildQueryUnknownFields').innerText()
    ).resolves.toMatch(new RegExp(`^The child index ${childIndex} has no field knd\\.`));
    await lookAt(page, 'join_explorer_02_unknown_field');
    await pasteIntoEditor(page, 'federationJoinExplorerChildQuery', JSON.stringify(CHILD_QUERY));
    await bySubj(page, 'federationJoinExplorerChildQueryUnknownFields').waitFor({
      state: 'detached',
    });
    await page.getByLabel('Sort by').selectOption('pid');
    await page.getByLabel('Order', { exact: true }).selectOption('asc');
    await page.getByLabel('Page size').fill(String(PAGE_SIZE));
    await lookAtWidths(page, 'join_explorer_02_form');
    expect(await headingOrderViolations(page)).toEqual([]);

    // --- Run: the first page ---
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await waitForPage(page, 1);
    await expect(bySubj(page, 'federationJoinExplorerTotal').innerText()).resolves.toBe(
      `${matching.length} parent documents match the join`
    );
    await expect(shownIds(page)).resolves.toEqual(expectedPage(0));
    expect(await parentPitSegments()).toBeGreaterThan(0);
    // The parents' own fields are columns (no field was chosen), and a row opens to its JSON.
    await expect(
      bySubj(page, 'federationJoinExplorerResultsTable').locator('thead th').allInnerTexts()
    ).resolves.toEqual(['JSON', '_index', '_id', 'pid', 'name']);
    await page.getByRole('button', { name: 'Show the JSON of parent-3', exact: true }).click();
    await expect(bySubj(page, 'federationJoinExplorerRowJson').innerText()).resolves.toContain(
      '"name": "P3"'
    );
    await lookAtWidths(page, 'join_explorer_03_page_1');
    expect(await headingOrderViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Hide the JSON of parent-3', exact: true }).click();

    // --- Forward twice, back once ---
    await page.getByRole('button', { name: 'Next page' }).click();
    await waitForPage(page, 2);
    await expect(shownIds(page)).resolves.toEqual(expectedPage(1));
    await page.getByRole('button', { name: 'Next page' }).click();
    await waitForPage(page, 3);
    await expect(shownIds(page)).resolves.toEqual(expectedPage(2));
    await lookAt(page, 'join_explorer_04_page_3');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await waitForPage(page, 2);
    await expect(shownIds(page)).resolves.toEqual(expectedPage(1));
    await expect(bySubj(page, 'federationJoinExplorerPageStatus').innerText()).resolves.toBe(
      `Page 2 · hits ${PAGE_SIZE + 1}–${2 * PAGE_SIZE}`
    );

    // --- The request as curl, copied with one click (the page's first copy: the clipboard
    // still holds the child query pasted into the editor) ---
    await page.getByRole('tab', { name: 'curl' }).click();
    const curl = await bySubj(page, 'federationJoinExplorerRequestCurl').innerText();
    await bySubj(page, 'federationJoinExplorerCopyCurl').click();
    await expect(clipboardText(page)).resolves.toBe(curl);
    expect(curl).toContain('curl');
    expect(curl).toContain(`${origin}/svc/${parentIndex}/_pit`);
    expect(curl).toContain(`${origin}/svc/_search`);
    for (const part of [
      `"indices":["${childIndex}"]`,
      '"on":["pid","parent_id"]',
      JSON.stringify({ query: CHILD_QUERY }).slice(1, -1),
      '"search_after":[30,',
      `"size":${PAGE_SIZE}`,
    ]) {
      expect(curl.replace(/\s+/g, '')).toContain(part);
    }
    await lookAtWidths(page, 'join_explorer_05_curl');

    // --- Leaving the tab closes the point in time ---
    const closing = page.waitForRequest(
      (request) => request.method() === 'DELETE' && new URL(request.url()).pathname === '/svc/_pit'
    );
    await page.getByRole('tab', { name: 'Datasources' }).click();
    await closing;
    await expect.poll(parentPitSegments, { timeout: 10_000 }).toBe(0);

    expect(problems).toEqual([]);
    await page.close();
  });

  it('suggests company_id = id for articles joined to companies, and copies the request with one click', async (ctx) => {
    if (!session) throw new Error('beforeAll did not start the browser and the host');
    if ('skipped' in session) return ctx.skip(session.skipped);
    const { page, problems } = await session.newPage();
    ctx.onTestFailed(() => reportFailure(page, 'join_explorer_copy_failure', problems));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${session.server.url}${APP_PATH}/join-explorer`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: session.server.url,
    });
    await bySubj(page, 'federationJoinExplorerEmptyState').waitFor();

    await pick(page, 'Parent indices', articlesIndex);
    await pick(page, 'Child index', companiesIndex);
    await expect(suggestions(page)).resolves.toEqual([
      'company_id = id (5 of 5 sampled values meet)',
      'id = id (0 of 10 sampled values meet)',
    ]);
    await lookAtWidths(page, 'join_explorer_06_suggestions');
    await page.getByRole('button', { name: /^company_id = id/ }).click();

    // Straight to curl, as a first copy on the page: one click must copy it.
    await page.evaluate(() => navigator.clipboard.writeText('nothing copied yet'));
    await page.getByRole('tab', { name: 'curl' }).click();
    const curl = await bySubj(page, 'federationJoinExplorerRequestCurl').innerText();
    expect(curl).toContain(`${companiesIndex}`);
    await bySubj(page, 'federationJoinExplorerCopyCurl').click();
    await expect(clipboardText(page)).resolves.toBe(curl);
    // Said at once, beside the button: not in a tooltip that waits for the pointer to rest.
    expect(
      await bySubj(page, 'federationJoinExplorerCopyCurlStatus').innerText({ timeout: 100 })
    ).toBe('Copied');
    await lookAt(page, 'join_explorer_07_curl_copied', { keepPointer: true });

    await page.getByRole('tab', { name: 'JSON' }).click();
    await bySubj(page, 'federationJoinExplorerCopyJson').click();
    expect(
      await bySubj(page, 'federationJoinExplorerCopyJsonStatus').innerText({ timeout: 100 })
    ).toBe('Copied');
    await expect(clipboardText(page)).resolves.toBe(
      await bySubj(page, 'federationJoinExplorerRequestJson').innerText()
    );
    expect(problems).toEqual([]);
    await page.close();
  });
});
