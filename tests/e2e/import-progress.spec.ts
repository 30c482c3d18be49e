import { readFileSync } from 'node:fs';
import { promptsChatLike } from '../support/prompts-chat-csv';
import { apiSignUp } from './auth-support';
import { expect, test } from './fixtures';
import { expectNoErrors, prepare, watchErrors } from './site-support';

/**
 * A big import on the import page: the preview draws its prompts 100 at a time ("Show 100
 * more"), the summary counts them all, and the saving shows how many prompts are saved (the
 * server's count, read through GET /api/me/imports/{importId}/progress) in a real progress bar.
 */
const importStrings = (lng: string) =>
  JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/dashboard.json`, import.meta.url), 'utf8')).import as Record<string, any>;

const PROMPTS = 600;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

for (const lng of ['en', 'zh-HK'] as const) {
  test(`a big import in ${lng}: the preview grows 100 at a time and the saving counts its prompts`, async ({ page, context, baseURL }) => {
    test.setTimeout(180_000);
    const text = importStrings(lng);
    await prepare(context, baseURL!, lng, lng === 'en' ? 'light' : 'dark');
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': lng === 'en' ? '198.51.100.81' : '198.51.100.82' });
    const errors = watchErrors(page);
    await apiSignUp(page.request);

    await page.goto('/dashboard/import');
    await page.getByTestId('import-file').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(promptsChatLike(PROMPTS)) });
    await page.getByTestId('import-check').click();
    await expect(page.getByTestId('import-summary')).toHaveText(fill(text.summary, { new: PROMPTS, duplicate: 0, invalid: 0 }));
    const items = page.getByTestId('import-items').locator(':scope > li');
    await expect(items).toHaveCount(100);
    const more = page.getByRole('button', { name: text.showMore });
    await expect(more).toBeVisible();
    await expect(page.getByTestId('import-items-shown')).toHaveText(fill(text.showing, { shown: 100, total: PROMPTS }));
    // By keyboard: the focus goes on from the first row added, never back to the page's start.
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(items).toHaveCount(200);
    await expect(items.nth(100)).toBeFocused();
    await expect(page.getByTestId('import-items-shown')).toHaveText(fill(text.showing, { shown: 200, total: PROMPTS }));

    // The import's answer is held back until the page has shown the server's count: on a fast
    // machine the saving may end before the first poll, and the count is what this checks.
    const total = PROMPTS.toLocaleString(lng);
    const counted = page.getByTestId('import-progress').getByRole('status');
    await page.route('**/api/me/import', async (route) => {
      const answer = await route.fetch();
      await expect(counted).toContainText(fill(text.savingCount, { saved: total, total, percent: 100 }), { timeout: 30_000 });
      await expect(page.getByRole('progressbar')).toHaveAttribute('value', '100');
      await route.fulfill({ response: answer });
    });
    await page.getByTestId('import-run').click();
    await expect(page.getByTestId('import-done')).toBeVisible({ timeout: 120_000 });
    await expect(page.getByRole('heading', { name: fill(text.done_other, { count: PROMPTS }) })).toBeVisible();
    expectNoErrors(errors);
  });
}
