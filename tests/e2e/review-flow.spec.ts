import type { Browser, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, islandsReady, test } from './fixtures';
import { adminSignIn, apiSignUp } from './auth-support';

/**
 * Submission and review end to end: a user submits through the three entry points (browse toggle,
 * community dialog, create page), each form showing its validation messages first; the admin
 * sees the submissions arrive in the open queue without reloading, approves one and rejects
 * another; the public side, the author's My Submissions, the review history and the queue
 * "as of" a time before the review all tell the same story.
 */
const review = JSON.parse(readFileSync(new URL('../../src/i18n/locales/en/review.json', import.meta.url), 'utf8'));
/** A message with its {{limit}} filled in. */
const withLimit = (message: string, limit: number) => message.replace('{{limit}}', String(limit));

/** Signs the admin in (its password is set from the start-up mail the first time). */
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await adminSignIn(page.request);
  return page;
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

async function expectDialogValidation(page: Page) {
  const form = page.getByTestId('submit-form');
  await form.locator('[name=title]').fill('');
  await form.locator('[name=authorName]').fill('A');
  await page.getByTestId('submit-prompt-send').click();
  for (const message of [
    withLimit(review.validation.titleMin, 3),
    withLimit(review.validation.descriptionMin, 10),
    withLimit(review.validation.contentMin, 20),
    withLimit(review.validation.authorNameMin, 2),
    review.validation.category,
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
}

async function fillDialog(page: Page, title: string, content = 'Explain the following code step by step, with examples.') {
  const form = page.getByTestId('submit-form');
  await form.locator('[name=title]').fill(title);
  await form.locator('[name=categoryId]').selectOption({ label: 'Coding' });
  await form.locator('[name=description]').fill('A description long enough to pass.');
  await form.locator('[name=content]').fill(content);
  await form.locator('[name=authorName]').fill('Review Tester');
  await page.getByTestId('submit-prompt-send').click();
}

test('submit through all three entry points, review, and see the outcome everywhere', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await apiSignUp(page.request);
  const admin = await adminPage(browser);
  // The admin's queue is open before anything is submitted; it must update by itself.
  await admin.goto('/admin?lng=en');
  await islandsReady(admin);
  await expect(admin.getByTestId('pending-table')).toHaveAttribute('aria-busy', 'false');

  // 1. Browse: the submit toggle opens the dialog; validation first, then success.
  const browseTitle = unique('Browse submission');
  await page.goto('/prompts?lng=en');
  await expect(page.getByTestId('create-prompt-link')).toHaveAttribute('href', '/prompts/create');
  await page.getByTestId('submit-prompt-toggle').click();
  await expectDialogValidation(page);
  await fillDialog(page, browseTitle);
  await expect(page.getByTestId('toast')).toContainText(review.submit.successTitle);
  await expect(page.getByTestId('toast')).toContainText(review.submit.successDescription);
  await expect(page.getByTestId('submit-form')).toHaveCount(0);

  // 2. Community: the Submit Prompt dialog.
  const communityTitle = unique('Community submission');
  await page.goto('/community?lng=en');
  await page.getByTestId('submit-prompt-toggle').click();
  await expectDialogValidation(page);
  // Longer than the admin card's preview, so its Show Full Content has something to show.
  await fillDialog(page, communityTitle, `Review this pull request as a senior engineer. ${'Point out bugs, naming, tests and risks. '.repeat(5)}`);
  await expect(page.getByTestId('toast')).toContainText(review.submit.successTitle);

  // 3. The create page, prefilled from the query (as the extension opens it).
  const createTitle = unique('Created page');
  await page.goto(`/prompts/create?lng=en&title=${encodeURIComponent('Abc')}&content=${encodeURIComponent('short')}`);
  const form = page.getByTestId('create-form');
  await expect(form.locator('[name=title]')).toHaveValue('Abc');
  await expect(page.getByTestId('review-notice')).toContainText('1-2 business days');
  await expect(page.getByTestId('terms-note')).toBeVisible();
  await page.getByTestId('create-prompt-send').click();
  for (const message of [
    withLimit(review.validation.titleMin, 5),
    withLimit(review.validation.descriptionMin, 20),
    withLimit(review.validation.contentMin, 10),
    review.validation.category,
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await form.locator('[name=title]').fill(createTitle);
  await form.locator('[name=categoryId]').selectOption({ label: 'Writing' });
  await form.locator('[name=description]').fill('A description that is at least twenty characters.');
  await form.locator('[name=content]').fill('Rewrite this paragraph in plain English.');
  await page.getByTestId('create-prompt-send').click();
  await page.waitForURL(/\/prompts\/\d+$/);
  await expect(page.getByTestId('toast')).toContainText(review.create.successTitle);
  // The submitter sees their own pending prompt, marked Pending.
  await expect(page.getByTestId('own-prompt')).toContainText(createTitle);
  await expect(page.getByTestId('status-badge')).toHaveText(review.status.pending);
  const createdUrl = new URL(page.url()).pathname;

  const mine = (await (await page.request.get('/api/prompts/my')).json()).items;
  const byTitle = (title: string) => mine.find((p: { title: string }) => p.title === title);
  const [approved, rejected] = [byTitle(browseTitle), byTitle(communityTitle)];
  expect(mine.filter((p: { status: string }) => p.status === 'pending')).toHaveLength(3);

  // The admin's open queue shows all three without a reload (the 30 s refetch).
  for (const p of [approved, rejected]) {
    await expect(admin.locator(`[data-testid=pending-row][data-prompt-id="${p.id}"]`)).toBeVisible({ timeout: 35_000 });
  }

  // A moment after every submission and before any review, for the "as of" queue.
  const lastSubmitted = Math.max(...mine.map((p: { createdAt: string }) => Date.parse(p.createdAt)));
  const beforeReview = Math.ceil(lastSubmitted / 1000) * 1000 + 1000;
  await expect.poll(() => Date.now(), { timeout: 5_000 }).toBeGreaterThan(beforeReview + 100);

  // Approve on the admin page ("Success"), reject on the dashboard's Admin tab ("Prompt rejected").
  await admin.locator(`[data-testid=pending-row][data-prompt-id="${approved.id}"]`).getByTestId('approve').click();
  await expect(admin.getByTestId('toast')).toContainText(review.admin.successTitle);
  await expect(admin.locator(`[data-testid=pending-row][data-prompt-id="${approved.id}"]`)).toHaveCount(0);
  await admin.goto('/dashboard?tab=admin&lng=en');
  const card = admin.locator(`[data-testid=pending-card][data-prompt-id="${rejected.id}"]`);
  // Show Full Content only where the preview cut something: not on the short create-page prompt.
  const createdCard = admin.locator('[data-testid=pending-card]').filter({ hasText: createTitle });
  await expect(createdCard.getByTestId('pending-content')).toHaveText('Rewrite this paragraph in plain English.');
  await expect(createdCard.getByTestId('toggle-content')).toHaveCount(0);
  await card.getByTestId('toggle-content').click();
  await expect(card.getByTestId('toggle-content')).toHaveText(review.admin.hideContent);
  // Reject asks for a reason: without one the form says so and nothing is sent.
  await card.getByTestId('reject').click();
  await card.getByTestId('confirm-reject').click();
  await expect(card.getByTestId('reject-form')).toContainText(review.rejectForm.reasonRequired);
  await card.getByTestId('reject-reason').selectOption('low-quality');
  await card.getByTestId('confirm-reject').click();
  await expect(admin.getByTestId('toast')).toContainText(review.admin.rejectedTitle);
  await expect(card).toHaveCount(0);

  // Public at once: browse, search and community show the approved one, never the rejected one.
  const visitor = await browser.newPage();
  await visitor.goto(`/prompts?lng=en&q=${encodeURIComponent(browseTitle)}`);
  await expect(visitor.getByTestId('browse-root')).toContainText(browseTitle);
  await visitor.goto(`/prompts?lng=en&sort=newest`);
  await expect(visitor.getByTestId('browse-root')).toContainText(browseTitle);
  await visitor.goto(`/community?lng=en&q=${encodeURIComponent(browseTitle)}`);
  await expect(visitor.getByTestId('community-root')).toContainText(browseTitle);
  await visitor.goto(`/prompts?lng=en&q=${encodeURIComponent(communityTitle)}`);
  await expect(visitor.getByTestId('browse-root')).not.toContainText(communityTitle);
  await visitor.goto(`/community?lng=en&q=${encodeURIComponent(communityTitle)}`);
  await expect(visitor.getByTestId('community-root')).not.toContainText(communityTitle);
  expect((await visitor.goto(`/prompts/${rejected.id}?lng=en`))!.status()).toBe(404);
  await expect(visitor.getByTestId('prompt-error')).toBeVisible();
  expect((await visitor.request.get(`/api/prompts/${rejected.id}`)).status()).toBe(404);
  expect((await visitor.goto(`${createdUrl}?lng=en`))!.status()).toBe(404);
  await visitor.close();

  // The author sees both outcomes in My Prompts (an approved one reads Published there), with their timelines.
  await page.goto('/dashboard?tab=submissions&lng=en');
  const approvedItem = page.locator(`[data-testid=submission][data-prompt-id="${approved.id}"]`);
  const rejectedItem = page.locator(`[data-testid=submission][data-prompt-id="${rejected.id}"]`);
  await expect(approvedItem.getByTestId('status-badge')).toHaveText(review.mine.published);
  await expect(rejectedItem.getByTestId('status-badge')).toHaveText(review.status.rejected);
  await expect(approvedItem.getByTestId('timeline').locator('li')).toHaveCount(2);

  // The history lists the four events; the queue as of before the review shows both pending.
  await admin.goto('/admin?tab=history&lng=en');
  const history = admin.getByTestId('history-table');
  for (const [p, decision] of [
    [approved, 'submitted'],
    [approved, 'approved'],
    [rejected, 'submitted'],
    [rejected, 'rejected'],
  ] as const) {
    await expect(history.locator(`[data-testid=history-row][data-prompt-id="${p.id}"][data-decision="${decision}"]`)).toHaveCount(1);
  }
  await admin.getByTestId('history-filter').locator('[name=decision]').selectOption('rejected');
  await admin.getByTestId('history-apply').click();
  await expect(history.locator(`[data-testid=history-row][data-prompt-id="${approved.id}"]`)).toHaveCount(0);
  await expect(history.locator(`[data-testid=history-row][data-prompt-id="${rejected.id}"]`)).toHaveCount(1);

  const local = await admin.evaluate((ms) => {
    const d = new Date(ms);
    return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  }, beforeReview);
  await admin.getByTestId('as-of-input').fill(local);
  await admin.getByTestId('as-of-show').click();
  const asOf = admin.getByTestId('as-of-table');
  await expect(asOf).toHaveAttribute('aria-busy', 'false');
  for (const p of [approved, rejected]) await expect(asOf.locator(`[data-testid=pending-row][data-prompt-id="${p.id}"]`)).toHaveCount(1);
  // The live queue no longer has them.
  const live = (await (await admin.request.get('/api/admin/prompts/pending')).json()).items;
  expect(live.map((p: { id: number }) => p.id)).not.toContain(approved.id);
  await admin.context().close();
});

test('a visitor on the create page is told to sign in and sent to /auth', async ({ page }) => {
  await page.goto('/prompts/create?lng=en', { waitUntil: 'commit' }).catch(() => undefined);
  await page.waitForURL((url) => url.pathname === '/auth');
  await expect(page.getByTestId('toast')).toContainText(review.create.authTitle);
  await expect(page.getByTestId('toast')).toContainText(review.create.authDescription);
});
