import type { Browser, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { adminSignIn, apiSignUp } from './auth-support';
import { expectNoErrors, holdAnswers, LANGS, prepare, watchErrors, type Lang } from './site-support';

/**
 * Notifications, in both languages and at a phone's and a desktop's width: the admin decides
 * a member's two prompts; the nav's bell counts them; /notifications says what happened, with
 * the reason; opening the page resets the count; Mark all as read reads the rest; a
 * notification leads to its prompt. Without JavaScript the bell is a plain link.
 */
const locale = (lng: Lang, ns: string) => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));

async function pageIn(
  browser: Browser,
  baseURL: string,
  lng: Lang,
  options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {},
) {
  const context = await browser.newContext(options);
  await prepare(context, baseURL, lng, lng === 'en' ? 'light' : 'dark');
  return context.newPage();
}

const bell = (page: Page) => page.getByTestId('notification-bell');

for (const [index, lng] of LANGS.entries()) {
  const width = index === 0 ? 1280 : 360;
  test(`notifications in ${lng} at ${width} px: the bell counts decisions, the page tells them and marks them read`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const n = locale(lng, 'dashboard').notifications;
    const nav = locale(lng, 'site').nav;
    const reasons = locale(lng, 'review').reasons;
    const run = `${lng} ${Date.now().toString(36)}`;

    const admin = await pageIn(browser, baseURL!, lng);
    await adminSignIn(admin.request);
    const ada = await pageIn(browser, baseURL!, lng, { viewport: { width, height: 800 } });
    const errors = watchErrors(ada);
    await apiSignUp(ada.request);
    await ada.goto('/');
    // The bell shows once the viewer is known (the nav is the same cached HTML for everyone): on a loaded machine that takes a while.
    await expect(bell(ada)).toHaveAttribute('aria-label', nav.notifications, { timeout: 20_000 });
    await expect(ada.getByTestId('notification-count')).toHaveCount(0);

    const submit = async (title: string) =>
      (
        await (
          await ada.request.post('/api/prompts', {
            data: { title, description: 'A prompt the admin decides on.', content: 'Write a limerick about the moon.', categoryId: 1 },
          })
        ).json()
      ).id as number;
    const approvedTitle = `Moon limerick ${run}`;
    const rejectedTitle = `Sun limerick ${run}`;
    const approved = await submit(approvedTitle);
    const rejected = await submit(rejectedTitle);
    expect((await admin.request.put(`/api/admin/prompts/${approved}/review`, { data: { isApproved: true } })).status()).toBe(200);
    expect(
      (
        await admin.request.put(`/api/admin/prompts/${rejected}/review`, { data: { isApproved: false, reason: 'low-quality', note: 'Add an example' } })
      ).status(),
    ).toBe(200);

    // The bell asks again when the window regains focus; a fresh page asks at once.
    await ada.goto('/prompts');
    await expect(ada.getByTestId('notification-count')).toHaveText('2');
    await expect(bell(ada)).toHaveAttribute('aria-label', nav.notificationsNew_other.replace('{{count}}', '2'));

    await bell(ada).click();
    await expect(ada).toHaveURL(/\/notifications$/);
    await expect(ada.getByRole('heading', { level: 1 })).toHaveText(n.title);
    const items = ada.getByTestId('notification');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(n.kinds['prompt-rejected'].replace('{{title}}', rejectedTitle));
    await expect(items.nth(0)).toContainText(n.reason.replace('{{reason}}', reasons['low-quality']));
    await expect(items.nth(0)).toContainText(n.note.replace('{{note}}', 'Add an example'));
    await expect(items.nth(1)).toContainText(n.kinds['prompt-approved'].replace('{{title}}', approvedTitle));
    await expect(ada.getByTestId('notification-unread')).toHaveCount(2);
    // Looking at the page is looking: the bell's count is gone, the items stay unread.
    await expect(ada.getByTestId('notification-count')).toHaveCount(0);

    await ada.getByTestId('notifications-mark-all').click();
    await expect(ada.getByText(n.markedAllRead)).toBeVisible();
    await expect(ada.getByTestId('notification-unread')).toHaveCount(0);
    await ada.reload();
    await expect(items.nth(0)).toHaveAttribute('data-read', 'true');

    // A notification leads to its prompt.
    await items.nth(1).getByRole('link').click();
    await expect(ada).toHaveURL(new RegExp(`/prompts/${approved}$`));
    await expectNoErrors(errors);
  });
}

test('without JavaScript the bell is a link to the notifications, which need signing in', async ({ browser, baseURL }) => {
  const page = await pageIn(browser, baseURL!, 'en', { javaScriptEnabled: false });
  await page.goto('/');
  await page.locator('a[href="/notifications"]').first().click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fnotifications/);
});

test("the bell's count asked before the page said you looked does not come back after it", async ({ browser, baseURL }) => {
  const admin = await pageIn(browser, baseURL!, 'en');
  await adminSignIn(admin.request);
  const ada = await pageIn(browser, baseURL!, 'en');
  await apiSignUp(ada.request);
  const created = await ada.request.post('/api/prompts', {
    data: {
      title: `Tide limerick ${Date.now().toString(36)}`,
      description: 'A prompt the admin decides on.',
      content: 'Write a limerick about the tide.',
      categoryId: 1,
    },
  });
  const id = ((await created.json()) as { id: number }).id;
  expect((await admin.request.put(`/api/admin/prompts/${id}/review`, { data: { isApproved: true } })).status()).toBe(200);
  // The bell's question reaches the server before the page's write that Ada looked, and its
  // answer comes back after the write's, as on a slow connection.
  const count = await holdAnswers(ada, '**/api/me/notifications/count');
  await ada.route('**/api/me/notifications/seen', async (route) => {
    await count.fetched;
    await route.fulfill({ response: await route.fetch() });
    count.release();
  });
  await ada.goto('/notifications');
  await expect(ada.getByTestId('notification')).toHaveCount(1);
  await ada.waitForLoadState('networkidle');
  await expect(bell(ada)).toHaveAttribute('data-unseen', '0');
  await expect(ada.getByTestId('notification-count')).toHaveCount(0);
});
