import { type Page } from '@playwright/test';
import { fillTemplate } from '../../modules/prompts/contracts';
import { expect, test } from './fixtures';
import { cardTitles, expectNoErrors, LANGS, prepare, T, watchErrors } from './site-support';

/** Browse (/prompts) and the cards: server-first lists, htmx-style swaps, no-JS path. */

async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
}
async function stillSamePage(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
}

for (const lng of LANGS) {
  test(`browse in ${lng}: tabs, search, filters, sort and reset swap in place`, async ({ page, context, baseURL }) => {
    await prepare(context, baseURL!, lng);
    const errors = watchErrors(page);
    await page.goto('/prompts');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lng].browseTitle);
    const all = await cardTitles(page);
    expect(all.length).toBeGreaterThanOrEqual(20);
    await markPage(page);
    const tabs = page.getByRole('navigation', { name: lng === 'en' ? 'Prompt lists' : '提示詞列表' });

    // Tabs.
    await tabs.getByRole('link', { name: lng === 'en' ? 'Featured' : '精選', exact: true }).click();
    await expect(page).toHaveURL(/\/prompts\?tab=featured$/);
    await expect(page.getByTestId('prompt-card').first()).toBeVisible();
    const featuredCards = page.getByTestId('prompt-card');
    for (const card of await featuredCards.all()) await expect(card.locator('.badge-featured')).toBeVisible();
    await tabs.getByRole('link', { name: lng === 'en' ? "Editor's Pick" : '編輯推介', exact: true }).click();
    await expect(page).toHaveURL(/tab=editors-pick/);
    for (const card of await page.getByTestId('prompt-card').all()) await expect(card.locator('.badge-pick')).toBeVisible();
    await tabs.getByRole('link', { name: lng === 'en' ? 'All' : '全部', exact: true }).click();
    await expect(page).toHaveURL(/\/prompts$/);

    // Search (Latin) with the Search submit.
    const box = page.getByRole('searchbox', { name: lng === 'en' ? 'Search prompts' : '搜尋提示詞' });
    await box.fill('REVIEW');
    await page.getByRole('button', { name: T[lng].search, exact: true }).click();
    await expect(page).toHaveURL(/q=REVIEW/);
    await expect.poll(() => cardTitles(page)).not.toEqual(all);
    const found = await page.getByTestId('prompt-card').allTextContents();
    expect(found.length).toBeGreaterThan(0);
    for (const text of found) expect(text.toLowerCase()).toContain('review');

    // Two-character Traditional Chinese term.
    await box.fill('電郵');
    await box.press('Enter');
    await expect(page).toHaveURL(/q=%E9%9B%BB%E9%83%B5/);
    await expect(page.getByTestId('prompt-card').first()).toContainText('電郵');

    // No results.
    await box.fill('zzqqxxnothing');
    await box.press('Enter');
    await expect(page.getByTestId('empty-state')).toContainText(T[lng].noPrompts);

    // Filters: category and sort (selects submit on change).
    await page.getByRole('link', { name: T[lng].reset }).first().click();
    await expect(page).toHaveURL(/\/prompts$/);
    await page.getByRole('button', { name: T[lng].filters }).click();
    await page.getByLabel(lng === 'en' ? 'Category' : '類別').selectOption('coding');
    await expect(page).toHaveURL(/category=coding/);
    await expect(page.getByTestId('prompt-card').first()).toBeVisible();
    for (const card of await page.getByTestId('prompt-card').all()) {
      await expect(card.locator('.badge-category')).toHaveText(lng === 'en' ? 'Coding' : '編程');
    }
    await page.getByLabel(lng === 'en' ? 'Sort by' : '排序方式').selectOption('newest');
    await expect(page).toHaveURL(/sort=newest/);
    const dates = await page.request.get(`/api/prompts`).then((r) => r.json());
    const codingNewest = (dates as { categoryId: number; createdAt: string; id: number; title: string }[])
      .filter((p) => p.categoryId === 2)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
      .map((p) => p.title);
    await expect.poll(() => cardTitles(page)).toEqual(codingNewest.slice(0, 24));

    // Changing tab resets search, category and sort.
    await tabs.getByRole('link', { name: lng === 'en' ? 'Featured' : '精選', exact: true }).click();
    await expect(page).toHaveURL(/\/prompts\?tab=featured$/);
    await expect(box).toHaveValue('');
    await expect(page.getByLabel(lng === 'en' ? 'Category' : '類別')).toHaveValue('');
    // The sort's first option is the default (Most Popular without a query), sent as no sort at all.
    await expect(page.getByLabel(lng === 'en' ? 'Sort by' : '排序方式')).toHaveValue('');

    // Back and forward restore earlier states.
    await page.goBack();
    await expect(page).toHaveURL(/sort=newest/);
    await expect(page.getByLabel(lng === 'en' ? 'Category' : '類別')).toHaveValue('coding');
    await stillSamePage(page);
    await expectNoErrors(errors);
  });
}

test('six placeholders show while a list loads', async ({ page }) => {
  await page.goto('/prompts');
  await page.route('**/fragments/prompts**', async (route) => {
    await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Prompt lists' }).getByRole('link', { name: 'Featured', exact: true }).click();
  await expect(page.getByTestId('skeleton-card')).toHaveCount(6);
  await expect(page.getByTestId('skeleton-card')).toHaveCount(0, { timeout: 5000 });
  await expect(page.getByTestId('prompt-card').first()).toBeVisible();
});

test('search as you type (debounced) and Load more append in place', async ({ page }) => {
  await page.goto('/prompts');
  await markPage(page);
  await page.getByRole('searchbox').pressSequentially('email', { delay: 40 });
  await expect(page).toHaveURL(/q=email/);
  for (const text of await page.getByTestId('prompt-card').allTextContents()) expect(text.toLowerCase()).toContain('email');
  await page.goto('/prompts');
  const before = await page.getByTestId('prompt-card').count();
  const more = page.locator('[data-load-more]');
  if (before === 24) {
    await markPage(page);
    await more.click();
    await expect.poll(() => page.getByTestId('prompt-card').count()).toBeGreaterThan(24);
    await expect(page).toHaveURL(/page=2/);
    await stillSamePage(page);
  } else {
    await expect(more).toHaveCount(0);
  }
});

test('cards: the three variants, titles link to the detail page, "by Promptory"', async ({ page }) => {
  await page.goto('/prompts');
  const card = page.locator('[data-variant="default"]').first();
  await expect(card.getByRole('button', { name: T.en.save })).toBeVisible();
  await expect(card.getByRole('button', { name: T.en.usePrompt })).toBeVisible();
  await expect(card.getByRole('link', { name: /View Details/ })).toBeVisible();
  await expect(card.locator('.badge-category')).toBeVisible();
  await expect(card).toContainText(/\d+ uses?/);
  const href = await card.locator('h2 a').getAttribute('href');
  expect(href).toMatch(/^\/prompts\/\d+$/);
  await expect(page.getByText('by Promptory').first()).toBeVisible();

  await page.goto('/');
  const featured = page.locator('[data-variant="featured"]').first();
  await expect(featured.locator('.badge-featured, .badge-pick')).toBeVisible();
  await expect(featured.locator('time')).toBeVisible();
  await expect(featured.getByRole('button', { name: 'Bookmark' })).toBeVisible();
  await expect(featured.getByRole('button', { name: T.en.usePrompt })).toBeVisible();
  const compact = page.locator('[data-variant="compact"]').first();
  await expect(compact.locator('.badge-category')).toBeVisible();
  await expect(compact.getByRole('button')).toHaveCount(0);
  await compact.locator('h3 a').click();
  await expect(page).toHaveURL(/\/prompts\/\d+$/);
  await expect(page.getByTestId('prompt-detail')).toBeVisible();
});

test('Use Prompt on a card records a use and copies the content', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // A visitor no other test is: a use counts once per visitor and prompt per day.
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.7' });
  await page.goto('/prompts');
  const card = page.locator('[data-variant="default"]').first();
  const id = (await card.locator('h2 a').getAttribute('href'))!.split('/').pop()!;
  const before = (await (await page.request.get(`/api/prompts/${id}`)).json()) as { usageCount: number; content: string };
  const use = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/prompts/${id}/use`));
  await card.getByRole('button', { name: T.en.usePrompt }).click();
  // The seeded prompts have fill-in variables: the fill-in panel opens; copied as it comes.
  await page.getByTestId('fill-copy').click();
  await use;
  await expect(page.getByTestId('toast')).toContainText(T.en.promptCopied);
  await expect(page.getByTestId('toast')).toContainText(T.en.promptCopiedText);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fillTemplate(before.content, {}));
  const after = (await (await page.request.get(`/api/prompts/${id}`)).json()) as { usageCount: number };
  expect(after.usageCount).toBe(before.usageCount + 1);
});

test('bookmarking as a visitor asks to sign in', async ({ page }) => {
  await page.goto('/prompts');
  await page.locator('[data-variant="default"]').first().getByRole('button', { name: T.en.save }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText(T.en.authRequired);
  await expect(toast).toContainText(T.en.signInBookmark);
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the browse path works with plain links and GET forms', async ({ page }) => {
    await page.goto('/prompts');
    expect(await page.getByTestId('prompt-card').count()).toBeGreaterThanOrEqual(20);
    // The filter panel is simply open; JS-only controls are hidden.
    await expect(page.getByLabel('Category')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Save' }).first()).toBeHidden();

    await page.getByRole('searchbox').fill('code');
    await page.getByLabel('Category').selectOption('coding');
    await page.getByLabel('Sort by').selectOption('newest');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/q=code/);
    await expect(page).toHaveURL(/category=coding/);
    await expect(page).toHaveURL(/sort=newest/);
    const texts = await page.getByTestId('prompt-card').allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) expect(t.toLowerCase()).toContain('code');

    await page.getByRole('navigation', { name: 'Prompt lists' }).getByRole('link', { name: "Editor's Pick", exact: true }).click();
    await expect(page).toHaveURL(/\/prompts\?tab=editors-pick$/);
    await expect(page.getByRole('searchbox')).toHaveValue('');

    // "Use Prompt" is a link to the detail page without JavaScript.
    await page.getByRole('link', { name: 'Use Prompt' }).first().click();
    await expect(page).toHaveURL(/\/prompts\/\d+$/);
    await expect(page.getByTestId('prompt-content')).toBeVisible();

    await page.goto('/prompts?q=zzqqxx');
    await expect(page.getByTestId('empty-state')).toContainText('No prompts found');

    await page.goto('/');
    await page.getByRole('searchbox').fill('電郵');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/prompts\?/);
    await expect(page.getByTestId('prompt-card').first()).toContainText('電郵');
  });

  test('community tabs and load-more links work too', async ({ page }) => {
    await page.goto('/community');
    await page.getByRole('navigation', { name: 'Community lists' }).getByRole('link', { name: 'Trending', exact: true }).click();
    await expect(page).toHaveURL(/tab=trending/);
    await expect(page.getByTestId('prompt-card')).toHaveCount(6);
    await page.goto('/prompts');
    const more = page.locator('[data-load-more]');
    if ((await more.count()) > 0) {
      await more.click();
      await expect(page).toHaveURL(/page=2/);
      // The new page may still be streaming in when its URL commits.
      await expect.poll(() => page.getByTestId('prompt-card').count()).toBeGreaterThan(24);
    }
  });
});
