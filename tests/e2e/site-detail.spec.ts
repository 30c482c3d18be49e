import { fillTemplate } from '../../modules/prompts/contracts';
import { expect, test } from './fixtures';
import { expectNoErrors, LANGS, prepare, T, THEMES, watchErrors } from './site-support';

/** Prompt detail (/prompts/{id}). */

interface Prompt {
  id: number;
  title: string;
  description: string;
  content: string;
  usageCount: number;
  authorName: string;
  isFeatured: boolean;
  isEditorsPick: boolean;
}

async function somePrompt(request: import('@playwright/test').APIRequestContext, pick: (p: Prompt) => boolean = () => true) {
  const all = (await (await request.get('/api/prompts')).json()) as Prompt[];
  return all.find(pick)!;
}

for (const [l, lng] of LANGS.entries()) {
  for (const [t, theme] of THEMES.entries()) {
    test(`detail in ${lng}, ${theme}: every field, copy, share`, async ({ page, context, baseURL }) => {
      await prepare(context, baseURL!, lng, theme);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const errors = watchErrors(page);
      // A use counts once per visitor per prompt per day: each run copies a featured prompt of
      // its own, never the most or least used one (other tests copy those).
      const all = (await (await page.request.get('/api/prompts')).json()) as Prompt[];
      const others = new Set([all[0].id, all.at(-1)!.id]);
      const featured = all.filter((p) => p.isFeatured && !others.has(p.id)).sort((a, b) => a.id - b.id);
      const prompt = featured[l * THEMES.length + t];
      await page.goto(`/prompts/${prompt.id}`);
      const detail = page.getByTestId('prompt-detail');
      await expect(detail.getByRole('heading', { level: 1 })).toHaveText(prompt.title);
      await expect(detail).toContainText(prompt.description);
      await expect(detail.locator('.badge-featured')).toBeVisible();
      await expect(page.getByTestId('author')).toContainText(prompt.authorName);
      await expect(page.getByTestId('usage-count')).toHaveText(new Intl.NumberFormat(lng).format(prompt.usageCount));
      await expect(detail.locator('time').first()).toBeVisible();
      const content = page.getByTestId('prompt-content');
      expect(await content.textContent()).toBe(prompt.content);
      expect(await content.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono|Menlo|Consolas|Courier/i);

      // Copy Prompt: the seeded prompts have fill-in variables, so it opens the fill-in panel
      // (tests/e2e/fill-variables.spec.ts); copied as it comes, it records a use, copies the
      // content with its defaults, "Copied!" for 2 s, toast.
      const copy = page.getByTestId('copy-prompt');
      const use = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/prompts/${prompt.id}/use`));
      await copy.click();
      // The 2 s start when the filled text is copied, from the panel's button, not at the first click.
      await page.getByTestId('fill-copy').click();
      const copiedAt = Date.now();
      expect((await use).status()).toBe(200);
      await expect(copy).toHaveText(T[lng].copied);
      await expect(page.getByTestId('toast')).toContainText(T[lng].promptCopied);
      await expect(page.getByTestId('toast')).toContainText(T[lng].promptCopiedText);
      await expect(page.getByTestId('usage-count')).toHaveText(new Intl.NumberFormat(lng).format(prompt.usageCount + 1));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fillTemplate(prompt.content, {}));
      // Still "Copied!" 1.5 s after the copy (counted from the click: the checks above take a
      // while on a busy machine, and 1.5 s after them can be past the 2 s), back once the 2 s are
      // over (the wait allows for a loaded machine's scheduling, not for a longer label).
      await page.waitForTimeout(Math.max(0, copiedAt + 1500 - Date.now()));
      await expect(copy).toHaveText(T[lng].copied);
      await expect(copy).toHaveText(T[lng].copyPrompt, { timeout: 3000 });

      // The copy icon copies without recording a use.
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await page.getByTestId('copy-icon').click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(prompt.content);

      // Share: no native share here, so the link is copied.
      await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
      await page.getByTestId('share').click();
      await expect(page.getByTestId('toast')).toContainText(T[lng].linkCopied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/prompts/${prompt.id}$`));
      await expectNoErrors(errors);
    });
  }
}

test('native share is used when the browser has it', async ({ page }) => {
  const prompt = await somePrompt(page.request);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', {
      value: (data: ShareData) => {
        (window as unknown as { __shared: ShareData }).__shared = data;
        return Promise.resolve();
      },
      configurable: true,
    });
  });
  await page.goto(`/prompts/${prompt.id}`);
  await page.getByTestId('share').click();
  const shared = await page.evaluate(() => (window as unknown as { __shared: ShareData }).__shared);
  expect(shared.title).toBe(prompt.title);
  expect(shared.url).toMatch(new RegExp(`/prompts/${prompt.id}$`));
});

test('a failed use shows the error toast and copies nothing', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const prompt = await somePrompt(page.request);
  await page.goto(`/prompts/${prompt.id}`);
  await page.route('**/use', (route) => route.fulfill({ status: 500, body: '{"error":"boom"}' }));
  await page.evaluate(() => navigator.clipboard.writeText('untouched'));
  await page.getByTestId('copy-prompt').click();
  await page.getByTestId('fill-copy').click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Error');
  await expect(toast).toContainText('Failed to process your request.');
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('untouched');
});

test('visitors: rating asks to sign in and goes to /auth; bookmarking asks to sign in', async ({ page }) => {
  const prompt = await somePrompt(page.request);
  await page.goto(`/prompts/${prompt.id}`);
  await expect(page.getByRole('button', { name: 'Not Helpful' })).toBeVisible();
  await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText(T.en.signInBookmark);
  await page.getByRole('button', { name: 'Helpful', exact: true }).click();
  // Signing in brings the visitor back to the rating card they clicked.
  await page.waitForURL((url) => url.pathname === '/auth');
  expect(new URL(page.url()).searchParams.get('next')).toBe(`/prompts/${prompt.id}#rating`);
  await expect(page.getByTestId('toast')).toContainText(T.en.authRequired);
  await expect(page.getByTestId('toast')).toContainText(T.en.signInRate);
});

for (const lng of LANGS) {
  test(`missing, unapproved and malformed prompts answer "Error Loading Prompt" with 404 (${lng})`, async ({ page, context, baseURL }) => {
    await prepare(context, baseURL!, lng);
    // A pending submission exists but must not be visible.
    const created = await page.request.post('/api/prompts', {
      headers: { 'content-type': 'application/json', origin: baseURL! },
      data: {
        title: 'Pending prompt for the 404 test',
        description: 'A prompt that has not been reviewed yet.',
        content: 'This content must not be visible to anybody yet.',
        categoryId: 1,
        authorName: 'Tester',
      },
    });
    const pendingId = created.ok() ? ((await created.json()) as { id: number }).id : 999_998;
    for (const path of ['/prompts/999999', `/prompts/${pendingId}`, '/prompts/abc', '/prompts/-1']) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(404);
      const error = page.getByTestId('prompt-error');
      await expect(error.getByRole('heading', { level: 1 })).toHaveText(T[lng].errorLoading);
      await expect(error).toContainText(T[lng].errorText);
      await expect(error.getByRole('link', { name: T[lng].backToPrompts })).toHaveAttribute('href', '/prompts');
    }
  });
}

test('without JavaScript the prompt reads fully and JS-only actions are hidden', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const prompt = await somePrompt(page.request);
  await page.goto(`/prompts/${prompt.id}`);
  expect(await page.getByTestId('prompt-content').textContent()).toBe(prompt.content);
  await expect(page.getByTestId('copy-prompt')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Sign in to rate this prompt' })).toBeVisible();
  await context.close();
});
