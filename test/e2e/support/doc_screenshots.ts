/**
 * The docs' screenshots (docs/operations/osd_walkthrough.md), taken by the e2e tests of the OSD
 * page when `FEDERATION_DOC_SCREENSHOTS=1`; otherwise nothing is written, so test runs (CI
 * included) never rewrite the docs. Regenerate with
 * `FEDERATION_DOC_SCREENSHOTS=1 npx vitest run --project browser test/e2e/osd_dashboard.e2e.test.ts`.
 */
import { mkdir } from 'fs/promises';
import path from 'path';
import type { Locator, Page } from 'playwright-core';

export const DOC_IMAGES_DIR = path.resolve(__dirname, '..', '..', '..', 'docs', 'images');

export const docScreenshotsWanted = () => process.env.FEDERATION_DOC_SCREENSHOTS === '1';

/**
 * Writes `docs/images/<name>.png` of the viewport (its top `height` pixels when given, to leave
 * out empty space), or of `locator`, when wanted.
 */
export async function docScreenshot(
  page: Page,
  name: string,
  what: Locator | { height: number } | undefined = undefined
): Promise<void> {
  if (!docScreenshotsWanted()) return;
  await mkdir(DOC_IMAGES_DIR, { recursive: true });
  await page.mouse.move(0, 0);
  const file = path.join(DOC_IMAGES_DIR, `${name}.png`);
  if (what === undefined) {
    await page.screenshot({ path: file, animations: 'disabled' });
  } else if ('height' in what) {
    const width = page.viewportSize()?.width ?? 1100;
    await page.screenshot({
      path: file,
      animations: 'disabled',
      clip: { x: 0, y: 0, width, height: what.height },
    });
  } else {
    await what.screenshot({ path: file, animations: 'disabled' });
  }
}
