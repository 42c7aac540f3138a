/**
 * What every step of a browser flow ends with: a screenshot named after the step (to look at)
 * and an accessibility check of the page as it is then. The check is a soft assertion, so one
 * screen's violations do not hide the rest of the flow, yet still fail the test.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, seriousAccessibilityViolations } from './app_session';

export async function lookAt(
  page: Page,
  step: string,
  { keepPointer = false }: { keepPointer?: boolean } = {}
): Promise<void> {
  // The pointer's last hover (a tooltip) is not part of the screen, unless it is the point.
  if (!keepPointer) await page.mouse.move(0, 0);
  await screenshot(page, step);
  expect.soft(await seriousAccessibilityViolations(page), `accessibility of ${step}`).toEqual([]);
}

/**
 * For `ctx.onTestFailed`: the page as it was when the test failed, and the problems it had
 * recorded so far (a crash often explains a locator that never appeared).
 */
export async function reportFailure(page: Page, name: string, problems: string[]): Promise<void> {
  if (page.isClosed()) return;
  await screenshot(page, name);
  if (problems.length > 0) console.log(`Problems recorded on the page:\n${problems.join('\n')}`);
}
