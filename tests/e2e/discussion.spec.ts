import type { Browser, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, islandsReady, reactHydrated, test } from './fixtures';
import { adminSignIn, apiSignUp } from './auth-support';
import { expectNoErrors, LANGS, prepare, watchErrors, type Lang } from './site-support';

/**
 * Discussion, in both languages: a member comments on a prompt, replies to the
 * comment, edits it and deletes the reply; another member reports the comment; the admin hides
 * it from the Reports tab with a reason; the comment is gone from the page, and both members
 * read the outcome on their dashboard. Without JavaScript the comment form still posts.
 */
const locale = (lng: Lang, ns: string) => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));

async function member(browser: Browser, baseURL: string, lng: Lang, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext(options);
  await prepare(context, baseURL, lng, lng === 'en' ? 'light' : 'dark');
  const page = await context.newPage();
  await apiSignUp(page.request);
  return page;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await islandsReady(page);
  // The comments load when they come into view (client:visible), as they do for a reader who scrolls to them.
  await page.getByTestId('comments').scrollIntoViewIfNeeded();
  await reactHydrated(page, '[data-testid=comments] h2 ~ *');
}

const thread = (page: Page, text: string) => page.getByTestId('comment').filter({ has: page.getByTestId('comment-body').getByText(text, { exact: true }) });

for (const [index, lng] of LANGS.entries()) {
  test(`discussion in ${lng}: comment, reply, edit, delete; a report the admin resolves by hiding the comment`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const c = locale(lng, 'prompts').comments;
    const notices = locale(lng, 'dashboard').notices;
    const promptId = 5 + index;
    const words = `${lng === 'en' ? 'Works best with a short topic' : '配合簡短主題效果最好'} ${Date.now().toString(36)}`;
    const edited = `${words} — see https://example.com/tips`;

    // 1. A member comments, replies, edits and deletes.
    const ada = await member(browser, baseURL!, lng);
    const errors = watchErrors(ada);
    await open(ada, `/prompts/${promptId}`);
    await expect(ada.getByTestId('comments').getByRole('heading', { name: new RegExp(c.title) })).toBeVisible();
    // An empty comment is refused with the form's message, in the page's language.
    await ada.getByTestId('post-comment').click();
    await expect(ada.getByTestId('comment-form')).toContainText(c.messages.bodyMin.replace('{{limit}}', '1'));
    await ada.getByTestId('comment-form').getByTestId('comment-input').fill(words);
    await ada.getByTestId('post-comment').click();
    await expect(ada.getByText(c.toasts.posted)).toBeVisible();
    await expect(thread(ada, words)).toBeVisible();

    await thread(ada, words).getByTestId('reply').click();
    await ada.getByTestId('comment-thread').first().locator('textarea[name=reply]').fill('+1');
    await ada.getByTestId('post-reply').click();
    await expect(ada.getByTestId('comment-reply').getByText('+1', { exact: true })).toBeVisible();

    await thread(ada, words).getByTestId('edit-comment').click();
    await ada.locator('textarea[name=edit]').fill(edited);
    await ada.getByTestId('save-comment').click();
    await expect(ada.getByText(c.toasts.updated)).toBeVisible();
    const link = ada.getByRole('link', { name: 'https://example.com/tips' });
    await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
    // The text around the link stays as written (a text run and an anchor).
    await expect(thread(ada, edited)).toHaveCount(1);
    await expect(ada.getByTestId('comment').filter({ hasText: c.edited })).toHaveCount(1);

    ada.once('dialog', (d) => void d.accept());
    await ada.getByTestId('comment-reply').getByTestId('delete-comment').click();
    await expect(ada.getByText(c.toasts.deleted)).toBeVisible();
    await expect(ada.getByTestId('comment-reply')).toHaveCount(0);
    await expectNoErrors(errors);

    // The count on the prompt's card (a search for its title lists it).
    const title = (await ada.locator('#prompt-title').textContent())!.trim();
    const visitor = await browser.newPage();
    await prepare(visitor.context(), baseURL!, lng);
    await visitor.goto(`/prompts?q=${encodeURIComponent(title)}`);
    const card = visitor.getByTestId('prompt-card').filter({ has: visitor.locator(`a[href="/prompts/${promptId}"]`) });
    await expect(card.getByTestId('comment-count')).toHaveText(/^\D*1\D*$/);
    await visitor.goto(`/prompts/${promptId}`);
    await expect(visitor.getByTestId('comment-body').filter({ hasText: words })).toBeVisible();

    // 2. Another member reports the comment.
    const bo = await member(browser, baseURL!, lng);
    await open(bo, `/prompts/${promptId}`);
    const adaComment = bo.getByTestId('comment').filter({ hasText: words });
    await expect(adaComment.getByTestId('edit-comment')).toHaveCount(0);
    await adaComment.getByTestId('report-comment').click();
    await bo.getByRole('radio', { name: c.reasons.offensive }).check();
    await bo.getByTestId('report-note').fill('Not about the prompt');
    await bo.getByTestId('send-report').click();
    await expect(bo.getByText(c.toasts.reported)).toBeVisible();

    // 3. The admin hides it from the Reports tab, with a reason.
    const admin = await browser.newPage();
    await prepare(admin.context(), baseURL!, lng);
    await adminSignIn(admin.request);
    await admin.goto('/admin?tab=reports');
    await islandsReady(admin);
    const report = admin.getByTestId('report').filter({ hasText: words });
    await expect(report).toContainText(c.reasons.offensive);
    await report.getByTestId('decision-reason').fill(lng === 'en' ? 'Off topic and rude' : '離題及無禮');
    await report.getByTestId('hide-comment').click();
    await expect(report).toHaveCount(0);

    // 4. Gone from the page for everyone; the reporter and the author read the outcome.
    await visitor.reload();
    await expect(visitor.getByTestId('comment-body').filter({ hasText: words })).toHaveCount(0);
    await ada.goto('/dashboard');
    await expect(ada.getByRole('heading', { name: notices.title })).toBeVisible();
    await expect(ada.locator('[data-testid=report-outcome][data-role=author][data-outcome=hidden]')).toContainText(
      lng === 'en' ? 'Off topic and rude' : '離題及無禮',
    );
    await bo.goto('/dashboard');
    await expect(bo.locator('[data-testid=report-outcome][data-role=reporter][data-outcome=hidden]')).toHaveCount(1);
    await ada.context().close();
    await bo.context().close();
    await admin.context().close();
    await visitor.context().close();
  });
}

test('without JavaScript the comment form posts and the thread shows the comment', async ({ browser, baseURL }) => {
  const page = await member(browser, baseURL!, 'en', { javaScriptEnabled: false });
  const words = `Posted without scripts ${Date.now().toString(36)}`;
  await page.goto('/prompts/7');
  await page.getByTestId('comment-form').locator('textarea[name=body]').fill(words);
  await page.getByTestId('post-comment').click();
  await expect(page).toHaveURL(/\/prompts\/7#comments$/);
  await expect(page.getByTestId('comment-body').filter({ hasText: words })).toBeVisible();
  await page.context().close();
});
