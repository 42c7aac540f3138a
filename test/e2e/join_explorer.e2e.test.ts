/**
 * The Join explorer as a new user meets it, in real Chromium against the standalone host and the
 * test bed: a parent index of a few hundred documents and a child index, picked from the lists;
 * the join fields, a child query typed into the JSON editor, a sort and a page size of 10; a run
 * that opens a point in time; pages forward twice and back once, each page's ids equal to what
 * the join implies; the total; the request as curl; and the point in time closed in OpenSearch
 * once the user leaves the tab.
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

  beforeAll(async () => {
    const client = openSearchClient();
    cleanups.push(() =>
      client.indices.delete({ index: [parentIndex, childIndex], ignore_unavailable: true })
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
      trs.map(
        (tr) =>
          (
            tr.querySelectorAll('td')[1]?.querySelector('.euiTableCellContent') as HTMLElement
          )?.innerText.trim() ?? ''
      )
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

    await page.goto(`${origin}${APP_PATH}/join-explorer`);
    await bySubj(page, 'federationJoinExplorerEmptyState').waitFor();
    await lookAt(page, 'join_explorer_01_empty');

    // --- The join, from the pickers ---
    await pick(page, 'Parent indices', parentIndex);
    await pick(page, 'Child index', childIndex);
    await pick(page, 'Parent field', 'pid');
    await pick(page, 'Child field', 'parent_id');
    await pasteIntoEditor(page, 'federationJoinExplorerChildQuery', JSON.stringify(CHILD_QUERY));
    await page.getByLabel('Sort by').selectOption('pid');
    await page.getByLabel('Order', { exact: true }).selectOption('asc');
    await page.getByLabel('Page size').fill(String(PAGE_SIZE));
    await lookAt(page, 'join_explorer_02_form');

    // --- Run: the first page ---
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await waitForPage(page, 1);
    await expect(bySubj(page, 'federationJoinExplorerTotal').innerText()).resolves.toBe(
      `${matching.length} parent documents match the join`
    );
    await expect(shownIds(page)).resolves.toEqual(expectedPage(0));
    expect(await parentPitSegments()).toBeGreaterThan(0);
    await lookAt(page, 'join_explorer_03_page_1');

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

    // --- The request as curl: the PIT on the parents, the join, the page shown ---
    await page.getByRole('tab', { name: 'curl' }).click();
    const curl = await bySubj(page, 'federationJoinExplorerRequestCurl').innerText();
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
    await lookAt(page, 'join_explorer_05_curl');

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
});
