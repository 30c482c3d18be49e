import type { Browser, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, islandsReady, test } from './fixtures';
import { adminSignIn } from './auth-support';

/**
 * The admin's pending queue at 360 px keeps Approve, Reject and View on screen (a
 * stacked card per prompt, no sideways scrolling), and the queue comes a page at a time with a
 * keyboard-reachable Load more.
 */
const review = JSON.parse(readFileSync(new URL('../../src/i18n/locales/en/review.json', import.meta.url), 'utf8'));
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await adminSignIn(page.request);
  return page;
}

const submission = (title: string) => ({
  title,
  description: 'Waiting for the admin to review it.',
  content: 'Summarise this text in three bullet points for a busy reader.',
  categoryId: 1,
  authorName: 'Somebody With A Rather Long Name',
});

test('at 360 px every pending row shows Approve, Reject and View on screen, with no sideways scrolling', async ({ browser }) => {
  // Three page loads (one per width): slow on a busy machine.
  test.setTimeout(120_000);
  const page = await adminPage(browser);
  for (let i = 0; i < 2; i++)
    expect((await page.request.post('/api/prompts', { data: submission(`Narrow screen prompt with a long title ${i} ${Date.now()}`) })).status()).toBe(201);
  for (const width of [360, 900, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/admin');
    await islandsReady(page);
    const row = page.getByTestId('pending-row').first();
    await expect(row).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${width}px page overflow`).toBe(0);
    for (const control of [
      row.getByRole('button', { name: review.admin.approve }),
      row.getByRole('button', { name: review.admin.reject }),
      row.getByTestId('view'),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x, `${width}px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${width}px`).toBeLessThanOrEqual(width);
      // Inside the table's own box too: not hidden behind a sideways-scrolling container.
      const table = (await page.getByTestId('pending-table').boundingBox())!;
      expect(box.x + box.width, `${width}px`).toBeLessThanOrEqual(table.x + table.width + 1);
    }
  }
  await page.context().close();
});

test('the queue loads a page at a time: Load more, reached with the keyboard, appends the next page and goes away at the end', async ({ browser }) => {
  const page = await adminPage(browser);
  const [a, b] = [`Paged first ${Date.now()}`, `Paged second ${Date.now()}`];
  for (const title of [a, b]) expect((await page.request.post('/api/prompts', { data: submission(title) })).status()).toBe(201);
  // One row per page, whatever the island asks for, so two prompts make two pages.
  await page.route('**/api/admin/prompts/pending*', async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('limit', '1');
    const answer = await route.fetch({ url: url.toString() });
    await route.fulfill({ response: answer });
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin');
  await islandsReady(page);
  await expect(page.getByTestId('pending-row')).toHaveCount(1);
  const more = page.getByTestId('load-more');
  await expect(more).toHaveText(review.list.loadMore);
  await more.focus();
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pending-row')).toHaveCount(2);
  const ids = await page.getByTestId('pending-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-prompt-id')));
  expect(new Set(ids).size).toBe(2);
  await page.context().close();
});
