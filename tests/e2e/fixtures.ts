import { test as base, expect, type Page } from '@playwright/test';

/**
 * Islands hydrate after the page's load event (client:idle). A click that lands before its
 * island hydrated does what the server HTML does without JavaScript (a link navigates), which
 * is right for users but not what a test of the hydrated behaviour means to check.
 */
export async function islandsReady(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island')].every((el) => !el.hasAttribute('ssr') || el.getAttribute('client') === 'visible'),
  );
}

/**
 * Waits until React has hydrated the element `selector` (its props are attached). An island
 * drops its `ssr` mark when hydration is scheduled, but React 19 hydrates in a later task: a
 * hover in between is not seen by a handler that listens for pointer enter.
 */
export async function reactHydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return el !== null && Object.keys(el).some((key) => key.startsWith('__reactProps'));
  }, selector);
}

/** `page.goto` that, with JavaScript on, also waits for the page's islands to hydrate. */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false) await islandsReady(page);
      return response;
    };
    await use(page);
  },
});

export { expect };
