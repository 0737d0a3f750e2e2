import { test as base, type BrowserContext, type Page } from '@playwright/test';

export * from '@playwright/test';

const kept = new WeakSet<BrowserContext>();

/** Leaves the page's browser open for a later journey of the same serial file, which closes it itself. */
export function keptForLater(page: Page): Page {
  kept.add(page.context());
  return page;
}

/**
 * Playwright's `test`, closing after each journey the browsers (contexts) it opened itself for other people
 * (`browser.newContext()`, `sessionOf`). Playwright closes only its own `page` fixture's: the others stayed open for
 * the rest of the worker's run, their pages still polling and playing, taking the cores from every later journey
 * and showing up in their failure screenshots.
 */
export const test = base.extend<{ closesItsBrowsers: void }>({
  closesItsBrowsers: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().map((c) => (before.has(c) || kept.has(c) ? undefined : c.close())));
    },
    { auto: true },
  ],
});
