import type { Locator, Page } from '@playwright/test';

/**
 * Journeys take screenshots for a person to look at, of pages as a learner sees them. In CI nobody looks: the clone
 * is thrown away, and a full-page screenshot costs 0.2–1.8 s of a shared core. There they are taken only when
 * E2E_SHOTS=1; a failing journey still gets Playwright's own screenshot (playwright.config.ts) (decision 67).
 */
const REVIEW_SHOTS = !process.env.CI || process.env.E2E_SHOTS === '1';

/** A screenshot to review, saved at `path`: the whole page unless `fullPage` is false. */
export async function reviewShot(target: Page | Locator, path: string, fullPage = true): Promise<void> {
  if (!REVIEW_SHOTS) return;
  await target.screenshot(isPage(target) ? { path, fullPage } : { path });
}

/** A journey's `shot(page, name)`: the page saved as `<dir>/<name>.png`. */
export const shotsIn =
  (dir: string, fullPage = true) =>
  (page: Page, name: string): Promise<void> =>
    reviewShot(page, `${dir}/${name}.png`, fullPage);

const isPage = (t: Page | Locator): t is Page => 'goto' in t;
