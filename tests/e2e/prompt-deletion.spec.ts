import { readFileSync } from 'node:fs';
import { expect, islandsReady, test } from './fixtures';
import { apiSignUp } from './auth-support';
import { LANGS, prepare, watchErrors, expectNoErrors } from './site-support';

/**
 * Deleting your own prompt, in both languages: from its page (then Undo in the toast brings it
 * back), and from My Prompts, into Recently deleted, which restores it.
 */
const mine = (lng: string) => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/review.json`, import.meta.url), 'utf8')).mine;

for (const lng of LANGS) {
  test(`delete your own prompt in ${lng}: Undo from its page, Restore from Recently deleted`, async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    const t = mine(lng);
    await prepare(context, baseURL!, lng);
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': lng === 'en' ? '198.51.100.81' : '198.51.100.82' });
    const errors = watchErrors(page);
    await apiSignUp(page.request);
    const title = `${lng} deletable ${Date.now().toString(36)}`;
    const saved = await page.request.post('/api/prompts', {
      data: { title, description: 'Kept for myself, then deleted.', content: 'Write a haiku about the sea.', categoryId: 1, visibility: 'private' },
    });
    expect(saved.status()).toBe(201);
    const id = (await saved.json()).id as number;

    // 1. From its page: deleted, then Undo in the toast brings it back.
    await page.goto(`/prompts/${id}`);
    await islandsReady(page);
    page.once('dialog', (d) => void d.accept());
    await page.getByTestId('own-delete').click();
    await expect(page.getByTestId('own-prompt-deleted')).toBeVisible();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText(t.deletedTitle);
    await toast.getByRole('button', { name: t.undo }).click();
    await expect(page.getByTestId('own-prompt')).toBeVisible();
    await expect(page.getByTestId('toast')).toContainText(t.restoredTitle);

    // 2. From My Prompts: it moves to Recently deleted, which restores it.
    await page.goto('/dashboard?tab=submissions');
    await islandsReady(page);
    const row = page.getByTestId('submission').filter({ hasText: title });
    await expect(row).toBeVisible();
    page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: t.deleteLabel.replace('{{title}}', title) }).click();
    await expect(row).toHaveCount(0);
    const bin = page.getByTestId('recently-deleted');
    await expect(bin.getByRole('heading', { name: t.recentlyDeleted })).toBeVisible();
    const deleted = bin.getByTestId('deleted-prompt').filter({ hasText: title });
    await expect(deleted).toBeVisible();
    expect((await page.request.get(`/api/prompts/${id}`)).status()).toBe(404);

    await deleted.getByRole('button', { name: t.restoreLabel.replace('{{title}}', title) }).click();
    await expect(page.getByTestId('submission').filter({ hasText: title })).toBeVisible();
    await expect(page.getByTestId('recently-deleted')).toHaveCount(0);
    expect((await page.request.get(`/api/prompts/${id}`)).status()).toBe(200);
    await expectNoErrors(errors);
  });
}
