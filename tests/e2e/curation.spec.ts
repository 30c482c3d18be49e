import type { Browser, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, islandsReady, test } from './fixtures';
import { adminSignIn, apiSignUp } from './auth-support';
import { expectNoErrors, LANGS, prepare, watchErrors, type Lang } from './site-support';

/**
 * Curation, in both languages: a member's near-duplicate of a published Chinese
 * prompt is caught on the create page (with a link to it) and submitted anyway with a note; the
 * admin's queue marks it as a likely duplicate; the admin rejects it with a reason and a note;
 * the author reads both in My Prompts, edits the prompt and resubmits it; the admin's queue
 * shows what changed since the rejected version.
 */
const locale = (lng: Lang, ns = 'review') => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));

async function pageIn(browser: Browser, baseURL: string, lng: Lang): Promise<Page> {
  const context = await browser.newContext();
  await prepare(context, baseURL, lng, lng === 'en' ? 'light' : 'dark');
  return context.newPage();
}

async function go(page: Page, path: string) {
  await page.goto(path);
  await islandsReady(page);
}

const ORIGINAL = '你是一位專業的客戶服務主任。請根據以下客人的電郵，寫一封有禮貌的回覆，先道歉，再提出解決方法，最後感謝對方。\n{{email}}';
const NEAR_COPY = '你是一位專業的客戶服務主任。請根據以下客人的電郵，寫一封有禮貌的回覆：先道歉，再提出解決方法，最後感謝對方的耐心。\n{{email}}';
const REWRITTEN = '你是一位航空公司的客戶服務主任。請根據以下乘客關於行李延誤的電郵，寫一封回覆，列出賠償申請的步驟和所需文件。\n{{email}}';

for (const lng of LANGS) {
  test(`curation in ${lng}: a Chinese near-duplicate is caught at submission, rejected with a reason, and resubmitted`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const t = locale(lng);
    const run = `${lng} ${Date.now().toString(36)}`;

    // A published prompt by someone else.
    const admin = await pageIn(browser, baseURL!, lng);
    await adminSignIn(admin.request);
    const first = await pageIn(browser, baseURL!, lng);
    await apiSignUp(first.request);
    const published = await first.request.post('/api/prompts', {
      data: { title: `電郵回覆助手 ${run}`, description: '寫有禮貌的客戶服務回覆電郵。', content: ORIGINAL, categoryId: 1 },
    });
    const originalId = (await published.json()).id as number;
    expect((await admin.request.put(`/api/admin/prompts/${originalId}/review`, { data: { isApproved: true } })).status()).toBe(200);

    // 1. The author's near-copy is caught on the create page, with a link to the published one.
    const author = await pageIn(browser, baseURL!, lng);
    const errors = watchErrors(author);
    await apiSignUp(author.request);
    await go(author, '/prompts/create');
    const form = author.getByTestId('create-form');
    const title = `客戶電郵回覆 ${run}`;
    await form.locator('[name=title]').fill(title);
    await form.locator('[name=categoryId]').selectOption('1');
    await form.locator('[name=description]').fill('為客戶服務主任寫有禮貌的電郵回覆，先道歉，再提出解決方法，最後致謝。');
    await form.locator('[name=content]').fill(NEAR_COPY);
    await author.getByTestId('create-prompt-send').click();
    const duplicates = author.getByTestId('possible-duplicates');
    await expect(duplicates).toContainText(t.duplicates.title);
    const link = duplicates.locator(`[data-testid=duplicate-match][data-prompt-id="${originalId}"] a`);
    await expect(link).toHaveAttribute('href', `/prompts/${originalId}`);
    await expect(author).toHaveURL(/\/prompts\/create/);
    await expect(author.getByTestId('create-prompt-send')).toHaveText(t.duplicates.submitAnyway);
    await author.getByTestId('duplicate-note').fill('我的版本加上了致謝。');
    await author.getByTestId('create-prompt-send').click();
    await expect(author).toHaveURL(/\/prompts\/\d+$/);
    const id = Number(new URL(author.url()).pathname.split('/').pop());

    // 2. The admin's queue marks it as a likely duplicate, with the link and the note; the admin rejects it with a reason.
    await go(admin, '/admin');
    const row = admin.locator(`[data-testid=pending-row][data-prompt-id="${id}"]`);
    await expect(row.locator(`[data-testid=likely-duplicate][data-prompt-id="${originalId}"]`)).toHaveAttribute('href', `/prompts/${originalId}`);
    await expect(row.getByTestId('likely-duplicates')).toContainText('我的版本加上了致謝。');
    await row.getByTestId('reject').click();
    await row.getByTestId('reject-reason').selectOption('duplicate');
    const note = lng === 'en' ? 'Too close to the published one: make it about a specific trade.' : '與已發佈的太相似：請針對某個行業。';
    await row.getByTestId('reject-note').fill(note);
    await row.getByTestId('confirm-reject').click();
    await expect(admin.getByTestId('toast')).toContainText(t.admin.successTitle);
    await expect(row).toHaveCount(0);

    // 3. The author reads the reason and the note in My Prompts; unchanged, it cannot go back.
    await go(author, '/dashboard?tab=submissions');
    const card = author.locator(`[data-testid=submission][data-prompt-id="${id}"]`);
    await expect(card).toHaveAttribute('data-status', 'rejected');
    await expect(card.getByTestId('rejection')).toContainText(t.mine.rejectedBecause.replace('{{reason}}', t.reasons.duplicate));
    await expect(card.getByTestId('admin-note')).toHaveText(note);
    author.once('dialog', (dialog) => void dialog.accept());
    await card.getByTestId('resubmit').click();
    // Why, said from the refusal's code.
    await expect(author.getByTestId('toast')).toContainText(locale(lng, 'refusals').prompts.unchanged);

    // 4. They edit it and resubmit it.
    await go(author, `/prompts/${id}/edit`);
    await author.getByTestId('edit-form').locator('[name=content]').fill(REWRITTEN);
    await author.getByTestId('edit-save').click();
    await expect(author).toHaveURL(new RegExp(`/prompts/${id}$`));
    await go(author, '/dashboard?tab=submissions');
    author.once('dialog', (dialog) => void dialog.accept());
    await card.getByTestId('resubmit').click();
    await expect(author.getByTestId('toast')).toContainText(t.mine.resubmittedTitle);
    await expect(card).toHaveAttribute('data-status', 'pending');

    // 5. The queue shows the resubmission's changes since the rejected version.
    await go(admin, '/admin');
    const resubmission = admin.locator(`[data-testid=pending-row][data-prompt-id="${id}"] + tr [data-testid=resubmission]`);
    await expect(resubmission).toHaveAttribute('data-rejected-version', '1');
    await resubmission.locator('summary').click();
    await expect(resubmission.getByTestId('diff-content-columns').locator('ins')).toContainText(['航空公司']);

    // 6. The audit log holds the rejection with its reason and note, and the resubmission, filtered by the URL.
    await go(admin, `/admin?tab=audit&promptId=${id}`);
    const rows = admin.getByTestId('audit-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('data-action', 'prompt-resubmitted');
    await expect(rows.nth(1)).toHaveAttribute('data-action', 'prompt-rejected');
    await expect(rows.nth(1).getByTestId('audit-reason')).toContainText(t.reasons.duplicate);
    await expect(rows.nth(1).getByTestId('audit-reason')).toContainText(note);
    const csv = await admin.request.get((await admin.getByTestId('audit-csv').getAttribute('href'))!);
    expect(await csv.text()).toContain(`prompt-rejected`);
    await expectNoErrors(errors);
  });
}
