import type { Browser } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, islandsReady, test } from './fixtures';
import { signedInPage } from './auth-support';
import { LANGS, prepare, type Lang } from './site-support';

/**
 * Private prompts, in both languages: a user saves a private prompt from the create
 * page; another user and a visitor can neither find nor open it; its owner sees it in My
 * Prompts as Private and submits it; the admin approves it from the queue; it is public.
 */
const locale = (lng: Lang) => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/review.json`, import.meta.url), 'utf8'));
const fillStrings = (lng: Lang) => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/prompts.json`, import.meta.url), 'utf8')).fill;

const signedIn = (browser: Browser, baseURL: string, lng: Lang) => signedInPage(browser, baseURL, lng);

const adminPage = (browser: Browser, baseURL: string, lng: Lang) => signedInPage(browser, baseURL, lng, 'admin');

for (const lng of LANGS) {
  test(`a private prompt in ${lng}: only its owner sees it until they submit it and the admin approves it`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const t = locale(lng);
    const title = `Private ${lng} ${Date.now().toString(36)}`;

    // 1. The owner saves it as private from the create page (public is the default).
    const owner = await signedIn(browser, baseURL!, lng);
    await owner.goto('/prompts/create');
    await islandsReady(owner);
    const form = owner.getByTestId('create-form');
    await expect(form.getByRole('radio', { name: t.visibility.public })).toBeChecked();
    await form.locator('[name=title]').fill(title);
    await form.locator('[name=categoryId]').selectOption('2');
    await form.locator('[name=description]').fill('Kept for myself while I try it out.');
    await form.locator('[name=content]').fill('Write about {{topic}} in a {{tone:formal|casual}} tone.');
    await form.getByRole('radio', { name: t.visibility.private }).check();
    await owner.getByTestId('create-prompt-send').click();
    await expect(owner).toHaveURL(/\/prompts\/\d+$/);
    const id = Number(new URL(owner.url()).pathname.split('/').pop());
    await expect(owner.getByTestId('own-prompt')).toBeVisible();
    await expect(owner.getByTestId('own-prompt').getByTestId('status-badge')).toHaveText(t.status.private);

    // The owner fills it in and copies the filled text (no public use: it is private).
    await owner.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await islandsReady(owner);
    await owner.getByTestId('own-copy').click();
    const panel = owner.getByRole('dialog', { name: fillStrings(lng).title });
    await panel.getByLabel('topic', { exact: true }).fill('季度報告');
    await panel.getByLabel('tone', { exact: true }).selectOption('casual');
    await panel.getByRole('button', { name: fillStrings(lng).copy }).click();
    await expect(panel).toBeHidden();
    await expect.poll(() => owner.evaluate(() => navigator.clipboard.readText())).toBe('Write about 季度報告 in a casual tone.');

    // 2. Another user and a visitor can neither find it nor open it.
    const other = await signedIn(browser, baseURL!, lng);
    await other.goto(`/prompts?q=${encodeURIComponent(title)}`);
    await expect(other.getByText(title)).toHaveCount(0);
    const otherDetail = await other.goto(`/prompts/${id}`);
    expect(otherDetail?.status()).toBe(404);
    await islandsReady(other);
    await expect(other.getByTestId('own-prompt')).toHaveCount(0);
    await expect(other.getByText(title)).toHaveCount(0);
    const visitorContext = await browser.newContext();
    await prepare(visitorContext, baseURL!, lng);
    const visitor = await visitorContext.newPage();
    expect((await visitor.goto(`/prompts/${id}`))?.status()).toBe(404);
    await expect(visitor.getByText(title)).toHaveCount(0);
    await visitor.goto(`/community?q=${encodeURIComponent(title)}`);
    await expect(visitor.getByText(title)).toHaveCount(0);

    // 3. The owner finds it in My Prompts as Private and submits it to the community.
    await owner.goto('/dashboard?tab=submissions');
    await expect(owner.getByTestId('dashboard-tab-submissions')).toHaveText(t.mine.title);
    await islandsReady(owner);
    const card = owner.locator(`[data-testid=submission][data-prompt-id="${id}"]`);
    await expect(card).toHaveAttribute('data-status', 'private');
    await expect(card.getByTestId('status-badge')).toHaveText(t.status.private);
    // Search within My Prompts: a word of the content finds it, a word of nothing finds nothing.
    const search = owner.getByRole('searchbox', { name: t.mine.search });
    await search.fill('zzz-no-such-prompt');
    await expect(owner.getByTestId('my-prompts-no-match')).toHaveText(t.mine.noMatch);
    await search.fill(title);
    await expect(owner.getByTestId('submission')).toHaveCount(1);
    await expect(card).toBeVisible();
    owner.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: t.mine.share }).click();
    await expect(card).toHaveAttribute('data-status', 'pending');
    await expect(card.getByTestId('status-badge')).toHaveText(t.status.pending);

    // 4. The admin approves it (through the API: the shared e2e queue may hold it past its first page).
    const admin = await adminPage(browser, baseURL!, lng);
    expect((await admin.request.put(`/api/admin/prompts/${id}/review`, { data: { isApproved: true } })).status()).toBe(200);
    await expect.poll(async () => (await visitor.goto(`/prompts/${id}`))?.status()).toBe(200);
    await expect(visitor.getByTestId('prompt-detail')).toContainText(title);
    await owner.reload();
    await expect(card.getByTestId('status-badge')).toHaveText(t.mine.published);
  });
}
