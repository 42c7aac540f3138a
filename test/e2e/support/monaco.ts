/**
 * Driving a Monaco editor as a user does: clicking into it, typing and pasting, opening the
 * suggest widget and choosing an item with the arrow keys, hovering a squiggle for its message,
 * and reading the whole text back through copy (Monaco draws only the lines in view).
 */
import type { Locator, Page } from 'playwright-core';
import { bySubj } from './app_session';

/** The editor inside the element with this data-test-subj (CodeEditor's `dataTestSubj`). */
export function monacoIn(page: Page, subj: string): Locator {
  return bySubj(page, subj).locator('.monaco-editor');
}

/** Clicks into the text (which focuses the editor) once Monaco has drawn it. */
export async function focusEditor(page: Page, subj: string): Promise<void> {
  const lines = monacoIn(page, subj).locator('.view-lines');
  await lines.waitFor({ timeout: 30_000 });
  await lines.click();
}

/** Lets the page read and write the clipboard, for pasting and copying as a user does. */
async function allowClipboard(page: Page): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(page.url()).origin,
  });
}

/**
 * Replaces the whole text, as a user who selects all and pastes (through the clipboard: typed
 * text would be auto-indented and auto-closed by the editor).
 */
export async function pasteIntoEditor(page: Page, subj: string, text: string): Promise<void> {
  await allowClipboard(page);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await focusEditor(page, subj);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

/** The editor's whole text: select all and copy, then read the clipboard. */
export async function editorText(page: Page, subj: string): Promise<string> {
  await allowClipboard(page);
  await focusEditor(page, subj);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+C');
  const text = await page.evaluate(() => navigator.clipboard.readText());
  // Leave the caret at the end, not with everything selected.
  await page.keyboard.press('ControlOrMeta+End');
  return text.replace(/\r\n/g, '\n');
}

const SUGGEST_WIDGET = '.suggest-widget.visible';

/** The labels the open suggest widget lists (the rendered rows), in order. */
export async function suggestionLabels(page: Page): Promise<string[]> {
  return page.locator(`${SUGGEST_WIDGET} .monaco-list-row .label-name`).allInnerTexts();
}

/**
 * Chooses `label` in the suggest widget with the keyboard: the widget must be open (typing a
 * trigger character opens it) or is opened with Ctrl+Space; the arrow keys move the focus to the
 * item and `accept` (Enter or Tab) inserts it. The widget is asked again while `label` is not
 * offered yet (completion reads the model's mappings once they have loaded).
 */
export async function chooseSuggestion(
  page: Page,
  label: string,
  {
    accept = 'Enter',
    timeoutMs = 15_000,
    beforeAccept,
  }: {
    accept?: 'Enter' | 'Tab';
    timeoutMs?: number;
    /** Runs with the item focused, before it is accepted (e.g. a screenshot of the widget). */
    beforeAccept?: () => Promise<void>;
  } = {}
): Promise<void> {
  const widget = page.locator(SUGGEST_WIDGET);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!(await widget.isVisible())) await page.keyboard.press('Control+Space');
    await widget.waitFor({ timeout: 5_000 }).catch(() => undefined);
    const labels = await suggestionLabels(page);
    if (labels.includes(label)) break;
    if (Date.now() > deadline) {
      throw new Error(
        `The suggest widget does not offer ${label}; it offers: ${labels.join(', ')}`
      );
    }
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
  }
  const focused = page.locator(`${SUGGEST_WIDGET} .monaco-list-row.focused .label-name`);
  for (let moves = 0; moves < 50; moves++) {
    if ((await focused.innerText()) === label) {
      await beforeAccept?.();
      await page.keyboard.press(accept);
      await widget.waitFor({ state: 'hidden' });
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`The arrow keys never reached ${label} in the suggest widget`);
}

/** The error squiggles Monaco draws for the editor's markers. */
export function errorSquiggles(page: Page, subj: string): Locator {
  return monacoIn(page, subj).locator('.squiggly-error');
}

/**
 * The squiggles once the markers have caught up with the text (they follow it after a short
 * delay, so right after typing the previous text's squiggles may still show): their boxes the
 * same over several reads.
 */
async function settledSquiggleBoxes(page: Page, subj: string): Promise<DOMRectReadOnly[]> {
  const read = () =>
    errorSquiggles(page, subj).evaluateAll((nodes) =>
      nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRectReadOnly)
    );
  let last = JSON.stringify(await read());
  let stableSince = Date.now();
  const deadline = Date.now() + 10_000;
  while (Date.now() - stableSince < 800) {
    if (Date.now() > deadline) throw new Error('The error squiggles never settled');
    await page.waitForTimeout(100);
    const now = JSON.stringify(await read());
    if (now !== last) {
      last = now;
      stableSince = Date.now();
    }
  }
  return JSON.parse(last) as DOMRectReadOnly[];
}

/**
 * The texts of the open hover's status-bar parts (e.g. "View Problem (Alt+F8)") that do not fit
 * in it, each with its drawn and full width; an empty list when every part shows whole.
 */
export async function clippedHoverActions(page: Page): Promise<string[]> {
  // The hover's status bar fills in a moment after it opens.
  await page.waitForTimeout(500);
  return page
    .locator('.monaco-hover:not(.hidden) .hover-row.status-bar .actions > *')
    .evaluateAll((parts) =>
      parts
        .filter((part) => (part as HTMLElement).offsetParent !== null)
        .filter((part) => part.scrollWidth > part.clientWidth + 1)
        .map((part) => `${part.textContent}: ${part.clientWidth} of ${part.scrollWidth}px`)
    );
}

/** Hovers the first error squiggle and returns the text of the hover that opens. */
export async function hoverFirstError(page: Page, subj: string): Promise<string> {
  await errorSquiggles(page, subj).first().waitFor();
  const [box] = await settledSquiggleBoxes(page, subj);
  if (!box) throw new Error('The error squiggle went away');
  // Into the editor first, then onto the squiggle, as a pointer travels.
  await page.mouse.move(box.x + box.width / 2, box.y - 20);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
  const hover = page.locator('.monaco-hover:not(.hidden)').filter({ hasText: /\S/ });
  await hover.first().waitFor({ timeout: 10_000 });
  return hover.first().innerText();
}
