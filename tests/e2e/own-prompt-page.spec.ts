import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, islandsReady, test } from './fixtures';
import { adminSignIn, apiSignUp } from './auth-support';

/**
 * Opening your own unpublished prompt on a slow connection: the page is yours from its first
 * byte (200, titled with the prompt), and the "Error Loading Prompt" screen never shows, not
 * even for a moment before the page's scripts run; a rejected one says why and goes back to
 * review from here once edited.
 */

const draft = (title: string) => ({
  title,
  description: 'Twenty characters or more of description.',
  content: 'Content long enough to submit.',
  categoryId: 1,
});

/** Records, from before the first byte is parsed, whether the error screen ever enters the page. */
async function watchForErrorScreen(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { errorScreenSeen: boolean };
    w.errorScreenSeen = false;
    const check = () => {
      if (document.querySelector('[data-testid="prompt-error"]') || document.title.startsWith('Error Loading Prompt')) w.errorScreenSeen = true;
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

async function slowNetwork(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
}

test('your pending prompt: 200 and its own title at once, no error screen on a slow connection', async ({ page }) => {
  await apiSignUp(page.request);
  const created = await page.request.post('/api/prompts', { data: draft('Slow-network pending prompt') });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  await watchForErrorScreen(page);
  await slowNetwork(page);
  const response = await page.goto(`/prompts/${id}?lng=en`);
  expect(response!.status()).toBe(200);
  await expect(page).toHaveTitle('Slow-network pending prompt · Promptory');
  await expect(page.getByTestId('own-prompt').getByTestId('status-badge')).toHaveAttribute('data-status', 'pending');
  await islandsReady(page);
  expect(await page.evaluate(() => (window as unknown as { errorScreenSeen: boolean }).errorScreenSeen)).toBe(false);
});

test('your rejected prompt shows the reason and note, and goes back to review once edited', async ({ browser, page }) => {
  await apiSignUp(page.request);
  const { id } = await (await page.request.post('/api/prompts', { data: draft('Rejected, then fixed') })).json();
  const admin = await browser.newContext();
  await adminSignIn(admin.request);
  const review = await admin.request.put(`/api/admin/prompts/${id}/review`, { data: { isApproved: false, reason: 'low-quality', note: 'Name the tool.' } });
  expect(review.status()).toBe(200);
  await admin.close();

  await watchForErrorScreen(page);
  await page.goto(`/prompts/${id}?lng=en`);
  const own = page.getByTestId('own-prompt');
  await expect(own.getByTestId('rejection')).toContainText('Rejected: Low quality');
  await expect(own.getByTestId('admin-note')).toHaveText('Name the tool.');
  await expect(own.getByTestId('own-edit')).toHaveAttribute('href', `/prompts/${id}/edit`);
  expect((await page.request.patch(`/api/prompts/${id}`, { data: { title: 'Rejected, then fixed for Zoom' } })).status()).toBe(200);
  await islandsReady(page);
  page.once('dialog', (dialog) => void dialog.accept());
  await own.getByTestId('resubmit').click();
  await expect(own.getByTestId('status-badge')).toHaveAttribute('data-status', 'pending');
  await expect(own.getByTestId('rejection')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { errorScreenSeen: boolean }).errorScreenSeen)).toBe(false);
});

test("someone else's unpublished prompt is still the 404 error screen", async ({ browser, page }) => {
  const owner = await browser.newContext();
  await apiSignUp(owner.request);
  const { id } = await (await owner.request.post('/api/prompts', { data: draft('Not yours to see') })).json();
  await owner.close();
  await apiSignUp(page.request);
  const response = await page.goto(`/prompts/${id}?lng=en`);
  expect(response!.status()).toBe(404);
  await expect(page).toHaveTitle('Error Loading Prompt · Promptory');
  await expect(page.getByTestId('prompt-error')).toBeVisible();
  await expect(page.getByText('Not yours to see')).toHaveCount(0);
});

const promptsText = (lng: 'en' | 'zh-HK') => JSON.parse(readFileSync(`src/i18n/locales/${lng}/prompts.json`, 'utf8'));

for (const lng of ['en', 'zh-HK'] as const) {
  test(`your published prompt's page (${lng}): Edit and Version history instead of Rate and Report`, async ({ browser, page }) => {
    await apiSignUp(page.request);
    const { id } = await (await page.request.post('/api/prompts', { data: draft(`Published and mine ${lng}`) })).json();
    const admin = await browser.newContext();
    await adminSignIn(admin.request);
    expect((await admin.request.put(`/api/admin/prompts/${id}/review`, { data: { isApproved: true } })).status()).toBe(200);
    await admin.close();

    await page.goto(`/prompts/${id}?lng=${lng}`);
    await islandsReady(page);
    const own = page.getByTestId('own-actions');
    await expect(page.locator('#rating-card-title')).toHaveText(promptsText(lng).rating.ownTitle);
    await expect(own.getByTestId('own-edit')).toHaveAttribute('href', `/prompts/${id}/edit`);
    await expect(own.getByTestId('own-versions')).toHaveAttribute('href', `/prompts/${id}/versions`);
    await expect(page.getByTestId('rate-helpful')).toHaveCount(0);
    await page.getByTestId('comment-form').scrollIntoViewIfNeeded();
    // The comments hydrate once in view: only then does a signed-in reader get Report prompt.
    await page.waitForFunction(() => [...document.querySelectorAll('astro-island')].every((el) => !el.hasAttribute('ssr')));
    await expect(page.getByTestId('report-prompt')).toHaveCount(0);

    // Anyone else still rates and reports it.
    const other = await browser.newPage();
    await apiSignUp(other.request);
    await other.goto(`/prompts/${id}?lng=${lng}`);
    await islandsReady(other);
    await expect(other.getByTestId('rate-helpful')).toBeVisible();
    await expect(other.getByTestId('own-actions')).toHaveCount(0);
    await other.getByTestId('comment-form').scrollIntoViewIfNeeded();
    await expect(other.getByTestId('report-prompt')).toBeVisible();
    await other.close();
  });
}

test('the create page: choosing Private swaps the review notice for the private one', async ({ page }) => {
  await apiSignUp(page.request);
  const review = JSON.parse(readFileSync('src/i18n/locales/en/review.json', 'utf8'));
  await page.goto('/prompts/create?lng=en');
  await islandsReady(page);
  await expect(page.getByTestId('review-notice')).toContainText('1-2 business days');
  await page.getByTestId('visibility-private').click();
  await expect(page.getByTestId('private-notice')).toHaveText(new RegExp(review.create.privateNoticeText));
  await expect(page.getByTestId('review-notice')).toHaveCount(0);
  await expect(page.getByTestId('terms-note')).toHaveText(review.create.privateTerms);
  await page.getByTestId('visibility-public').click();
  await expect(page.getByTestId('review-notice')).toBeVisible();
});

test('sharing an imported private prompt over 5,000 characters says why it cannot be submitted as it is, in either language', async ({ page }) => {
  await apiSignUp(page.request);
  const refusals = (lng: string) => JSON.parse(readFileSync(`src/i18n/locales/${lng}/refusals.json`, 'utf8')).prompts.shareContentTooLong as string;
  const long = `Review this plan. ${'Every step needs a reason. '.repeat(200)}`;
  const imported = await page.request.post('/api/me/import', { data: { format: 'prompts-chat-csv', content: `act,prompt\nLong plan reviewer,"${long}"\n` } });
  expect(imported.status()).toBe(201);
  const { items } = (await imported.json()) as { items: { promptId?: number }[] };
  const id = items[0].promptId!;
  for (const lng of ['en', 'zh-HK']) {
    await page.goto(`/prompts/${id}?lng=${lng}`);
    await islandsReady(page);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('own-prompt').getByTestId('share').click();
    // An amount, in the language's digit grouping.
    await expect(page.getByTestId('toast')).toContainText(refusals(lng).replace('{{limit}}', '5,000'));
  }
  // Still private: nothing went to review.
  expect(((await (await page.request.get(`/api/prompts/${id}`)).json()) as { status: string }).status).toBe('private');
});
