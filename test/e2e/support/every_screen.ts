/**
 * One pass over every screen of the app, for the tests that hold a whole page to a rule (no CSP
 * violation, no console error): inside the OSD-like page (osd_bundle.e2e.test.ts) and on the
 * standalone host (standalone_csp.e2e.test.ts). The graph query with both editors (a mistake's
 * squiggle and hover, the suggest widget), a run, its table and its cytoscape picture; the join
 * explorer's index picker; the datasource and virtual-index lists.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { openSearchClient } from '../../bed/context';
import { bySubj, screenshot } from './app_session';
import { focusEditor, hoverFirstError, pasteIntoEditor } from './monaco';

export interface EveryScreenFixture {
  /** Two people (Ada, Bob) who work at one company (Acme): names of the two indices. */
  people: string;
  companies: string;
  /** Screenshots are saved as `<prefix>_<screen>.png`. */
  screenshotPrefix: string;
}

/** The fixture's indices in the test bed's OpenSearch; `removeEveryScreenFixture` deletes them. */
export async function createEveryScreenFixture({
  people,
  companies,
}: EveryScreenFixture): Promise<void> {
  const client = openSearchClient();
  const keywords = (...fields: string[]) => ({
    mappings: {
      properties: Object.fromEntries(fields.map((f) => [f, { type: 'keyword' as const }])),
    },
  });
  await client.indices.create({ index: people, body: keywords('id', 'name', 'company_id') });
  await client.indices.create({ index: companies, body: keywords('id', 'name') });
  await client.bulk({
    refresh: true,
    body: [
      { index: { _index: people, _id: 'p1' } },
      { id: 'p1', name: 'Ada', company_id: 'c1' },
      { index: { _index: people, _id: 'p2' } },
      { id: 'p2', name: 'Bob', company_id: 'c1' },
      { index: { _index: companies, _id: 'c1' } },
      { id: 'c1', name: 'Acme' },
    ],
  });
}

export async function removeEveryScreenFixture({
  people,
  companies,
}: EveryScreenFixture): Promise<void> {
  await openSearchClient().indices.delete({
    index: [people, companies],
    ignore_unavailable: true,
  });
}

/** Drives every screen, starting on the graph query tab of a mounted app. */
export async function driveEveryScreen(page: Page, fixture: EveryScreenFixture): Promise<void> {
  const { people, companies, screenshotPrefix } = fixture;
  const shot = (name: string) => screenshot(page, `${screenshotPrefix}_${name}`);

  // --- Graph query: the editors, their widgets, Run ---
  const model = {
    label: 'people',
    entities: [
      { label: 'Person', indices: [people], id: 'id' },
      { label: 'Company', indices: [companies], id: 'id' },
    ],
    relations: [
      {
        label: 'WORKS_AT',
        from: { entity: 'Person', field: 'company_id' },
        to: { entity: 'Company' },
      },
    ],
  };
  await pasteIntoEditor(page, 'federationModelEditorJson', JSON.stringify(model, null, 2));
  const queryEditor = 'federationGraphQueryEditor';
  // A mistake: its squiggle and hover (Monaco's hover widget and its styles).
  await pasteIntoEditor(page, queryEditor, 'SELECT p.name FROM "people" MATCH (p:Person');
  await expect(hoverFirstError(page, queryEditor)).resolves.toMatch(/\S/);
  // Completion (the suggest widget).
  await focusEditor(page, queryEditor);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Control+Space');
  await page.locator('.suggest-widget.visible').waitFor();
  await shot('editor_widgets');
  await page.keyboard.press('Escape');

  await pasteIntoEditor(
    page,
    queryEditor,
    'SELECT p, c, p.name FROM "people" MATCH (p:Person)-[:WORKS_AT]->(c:Company) LIMIT 10'
  );
  await bySubj(page, 'federationGraphRunButton').click();
  const results = bySubj(page, 'federationGraphResultsTable');
  await results.waitFor({ timeout: 30_000 });
  await expect(results.innerText()).resolves.toMatch(/Ada[\s\S]*Bob|Bob[\s\S]*Ada/);
  await shot('graph_query');

  // --- The picture: cytoscape draws, with one stylesheet (the one the app made for it) ---
  await page.getByRole('tab', { name: 'Picture' }).click();
  await bySubj(page, 'federationGraphDrawing').locator('canvas').first().waitFor({
    timeout: 20_000,
  });
  await expect(page.locator('style#__________cytoscape_stylesheet').count()).resolves.toBe(1);
  await shot('graph_picture');

  // --- Join explorer: the index picker lists the cluster's indices ---
  await bySubj(page, 'federationTab-join_explorer').click();
  const picker = page.getByLabel('Parent indices', { exact: true });
  await picker.click();
  await picker.pressSequentially(people);
  await page.getByRole('listbox').getByRole('option').first().waitFor();
  await expect(page.getByRole('listbox').getByRole('option').allInnerTexts()).resolves.toEqual([
    expect.stringMatching(new RegExp(`^${people}\\b`)),
  ]);
  await shot('join_explorer');
  await page.keyboard.press('Escape');

  // --- Datasources and virtual indices: their lists load (a table, or the empty prompt when
  // the catalog holds none: other tests may have removed every one they made) ---
  const listLoaded = (prefix: string) =>
    bySubj(page, `${prefix}Table`)
      .or(bySubj(page, `${prefix}EmptyPrompt`))
      .first()
      .waitFor();
  await bySubj(page, 'federationTab-datasources').click();
  await listLoaded('federationDatasources');
  await shot('datasources');
  await bySubj(page, 'federationTab-virtual_indices').click();
  await listLoaded('federationVirtualIndices');
  await shot('virtual_indices');
}

/** The nonce the server rendered into the page (a `<meta>`; nonce attributes are hidden). */
export function pageNonce(page: Page): Promise<string> {
  return page.evaluate(
    () => document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? ''
  );
}

/** The nonce a `<style>` element was admitted with (its IDL `nonce`, which the browser keeps). */
export function styleNonce(page: Page, selector: string): Promise<string | undefined> {
  return page.evaluate(
    (s) => (document.querySelector(s) as HTMLStyleElement | null)?.nonce,
    selector
  );
}
