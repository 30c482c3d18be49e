import { readFileSync } from 'node:fs';
import { expect, islandsReady, test } from './fixtures';
import { adminSignIn, apiSignUp } from './auth-support';
import { LANGS, prepare, watchErrors, expectNoErrors } from './site-support';

/**
 * A published prompt's page in both languages, as its author behind a pen name and as a reuser:
 * the author gets Edit, Version history and Delete (Undo in the toast), never Rate, Report or
 * Save a copy; the reuser saves a copy (opened from the toast, linked back to the original,
 * whose page then counts it) and downloads the prompt as a file.
 */
const text = (lng: string, ns: string) => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));

for (const lng of LANGS) {
  test(`a pen-named author's own actions, and a reuser's saved copy and download (${lng})`, async ({ page, browser, context, baseURL }) => {
    test.setTimeout(150_000);
    const prompts = text(lng, 'prompts');
    const review = text(lng, 'review');
    await prepare(context, baseURL!, lng);
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': lng === 'en' ? '198.51.100.91' : '198.51.100.92' });
    const errors = watchErrors(page);
    await apiSignUp(page.request);
    const title = `${lng} pen-named weekly report ${Date.now().toString(36)}`;
    const content = 'Write my weekly report from {{notes}} in a {{tone:calm|brisk}} tone.';
    const submitted = await page.request.post('/api/prompts', {
      data: { title, description: 'Turns my notes into the weekly report.', content, categoryId: 1, authorName: 'Quill' },
    });
    expect(submitted.status()).toBe(201);
    const id = (await submitted.json()).id as number;
    const admin = await browser.newContext();
    await adminSignIn(admin.request);
    expect((await admin.request.put(`/api/admin/prompts/${id}/review`, { data: { isApproved: true } })).status()).toBe(200);
    await admin.close();

    // 1. Its author, though the page names only "Quill": their own actions, no Rate, Report or copy.
    await page.goto(`/prompts/${id}`);
    await islandsReady(page);
    const own = page.getByTestId('own-actions');
    await expect(own.getByTestId('own-edit')).toHaveAttribute('href', `/prompts/${id}/edit`);
    await expect(own.getByTestId('own-versions')).toHaveAttribute('href', `/prompts/${id}/versions`);
    await expect(page.getByTestId('rate-helpful')).toHaveCount(0);
    await expect(page.getByTestId('save-copy')).toHaveCount(0);
    await page.getByTestId('comment-form').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll('astro-island')].every((el) => !el.hasAttribute('ssr')));
    await expect(page.getByTestId('report-prompt')).toHaveCount(0);

    // 2. A reuser saves a copy; the toast opens it, linked back to the original by its author.
    const reuser = await browser.newContext();
    await prepare(reuser, baseURL!, lng);
    await reuser.setExtraHTTPHeaders({ 'x-forwarded-for': lng === 'en' ? '198.51.100.93' : '198.51.100.94' });
    const other = await reuser.newPage();
    await apiSignUp(other.request);
    await other.goto(`/prompts/${id}`);
    await islandsReady(other);
    await expect(other.getByTestId('rate-helpful')).toBeVisible();
    await expect(other.getByTestId('copy-count')).toHaveText('0');
    await other.getByTestId('save-copy').click();
    const saved = other.getByTestId('toast');
    await expect(saved).toContainText(prompts.copies.savedTitle);
    await saved.getByRole('button', { name: prompts.copies.open }).click();
    await expect(other.getByTestId('own-prompt').getByTestId('status-badge')).toHaveAttribute('data-status', 'private');
    await expect(other.getByTestId('prompt-content')).toHaveText(content);
    const link = other.getByTestId('copied-from').getByRole('link');
    await expect(link).toHaveText(review.own.copiedFrom.replace('{{title}}', title).replace('{{author}}', 'Quill'));
    await link.click();
    await expect(other).toHaveURL(new RegExp(`/prompts/${id}$`));
    await expect(other.getByTestId('copy-count')).toHaveText('1');

    // 3. The prompt as a file, from plain links (no script needed).
    const markdown = other.getByTestId('downloads').getByRole('link', { name: prompts.detail.formats.markdown });
    const download = await Promise.all([other.waitForEvent('download'), markdown.click()]).then(([d]) => d);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${id}-.*\\.md$`));
    const file = readFileSync((await download.path())!, 'utf8');
    expect(file).toContain(`title: ${JSON.stringify(title)}`);
    expect(file.endsWith(`${content}\n`)).toBe(true);
    const plain = await other.request.get((await other.getByTestId('download-text').getAttribute('href'))!);
    expect(await plain.text()).toBe(`${content}\n`);
    await reuser.close();

    // 4. Its author deletes it from its page, by keyboard: it leaves the public lists; Undo in the toast brings it back.
    page.once('dialog', (d) => void d.accept());
    await own.getByTestId('own-delete').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('own-deleted')).toContainText(prompts.rating.deletedNotice);
    expect((await page.request.get(`/api/prompts/${id}`)).status()).toBe(404);
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText(review.mine.deletedTitle);
    await toast.getByRole('button', { name: review.mine.undo }).click();
    await expect(page.getByTestId('toast')).toContainText(review.mine.restoredTitle);
    // Undone at once, it is back as it was: published, with its author's actions on its page.
    await expect(page.getByTestId('own-actions')).toBeVisible();
    expect((await page.request.get(`/api/prompts/${id}`)).status()).toBe(200);
    await expectNoErrors(errors);
  });
}
