import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignUp } from './auth-support';
import { expect, islandsReady, test } from './fixtures';
import { expectNoErrors, holdAnswers, prepare, watchErrors, type Lang } from './site-support';

/**
 * The library's screens, as a new user: bookmarks (cards, detail page, the Bookmarks tab, the
 * dashboard), ratings (stored, changed, the aggregate moving), history, collections (quick
 * button and dialog, fill, empty, view, delete, every validation message) and visitors.
 */
type Messages = Record<string, any>;
const locale = (lng: Lang, ns: string): Messages => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));
const L = {
  en: { common: locale('en', 'common'), prompts: locale('en', 'prompts'), lib: locale('en', 'dashboard').library },
  'zh-HK': { common: locale('zh-HK', 'common'), prompts: locale('zh-HK', 'prompts'), lib: locale('zh-HK', 'dashboard').library },
};

interface Prompt {
  id: number;
  title: string;
  content: string;
  rating: number;
  authorId: number | null;
}

/** Prompts nobody else's test bookmarks or rates: picked by position from the end of the catalog. */
async function prompts(request: APIRequestContext): Promise<Prompt[]> {
  const all = (await (await request.get('/api/prompts')).json()) as Prompt[];
  // The house's seeded prompts only: other specs on the same server publish members' prompts of their own.
  return all.filter((p) => p.authorId === null).sort((a, b) => b.id - a.id);
}

const toast = (page: Page) => page.getByTestId('toast');

// Each test walks a whole journey across many pages (each one waits for its islands).
test.describe.configure({ timeout: 120_000 });

test('bookmarks from a card and the detail page, in the Bookmarks tab and the dashboard, removed both ways (en, light)', async ({ page, context, baseURL }) => {
  const { common, prompts: P, lib } = L.en;
  await prepare(context, baseURL!, 'en', 'light');
  const errors = watchErrors(page);
  await apiSignUp(page.request);
  const [first, second] = (await prompts(page.request)).slice(0, 2);

  // A card on the browse page (searching for its title puts it first): Save, by keyboard.
  await page.goto(`/prompts?q=${encodeURIComponent(first.title)}`);
  const card = page.locator('article', { has: page.locator(`a[href="/prompts/${first.id}"]`) }).first();
  // Signed-in controls appear once the current user is known (the page is the same for everyone).
  await expect(card.getByTestId('add-to-collection')).toBeVisible();
  const save = card.getByRole('button', { name: P.actions.save, exact: true });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page)).toContainText(common.library.bookmarkAdded);
  await expect(card.getByRole('button', { name: P.actions.saved, exact: true })).toHaveAttribute('aria-pressed', 'true');

  // The detail page: Bookmark -> Bookmarked; the button is disabled while the call runs.
  await page.goto(`/prompts/${second.id}`);
  const bookmark = page.getByTestId('prompt-detail').getByRole('button', { name: P.actions.bookmark, exact: true });
  await bookmark.click();
  await expect(toast(page)).toContainText(common.library.bookmarkAdded);
  await expect(page.getByTestId('prompt-detail').getByRole('button', { name: P.actions.bookmarked, exact: true })).toHaveAttribute('aria-pressed', 'true');

  // Browse: the Bookmarks tab (signed in only) lists both.
  await page.goto('/prompts');
  await page.getByRole('link', { name: P.tabs.favorites }).click();
  await expect(page).toHaveURL(/tab=favorites/);
  const grid = page.getByTestId('prompt-grid');
  await expect(grid.locator(`a[href="/prompts/${first.id}"]`).first()).toBeVisible();
  await expect(grid.locator(`a[href="/prompts/${second.id}"]`).first()).toBeVisible();
  await expect(grid.getByRole('button', { name: P.actions.saved, exact: true })).toHaveCount(2);

  // The dashboard's Bookmarks tab: title, "Used on" date, remove, View Prompt.
  await page.goto('/dashboard?tab=bookmarks');
  const items = page.getByTestId('library-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Used on');
  await expect(items.first().getByRole('link', { name: lib.viewPrompt })).toBeVisible();
  await items.filter({ hasText: first.title }).getByTestId('remove-bookmark').click();
  await expect(toast(page)).toContainText(lib.removedFromFavorites);
  await expect(items).toHaveCount(1);

  // Removed the other way: the detail page's toggle.
  await page.goto(`/prompts/${second.id}`);
  await page.getByTestId('prompt-detail').getByRole('button', { name: P.actions.bookmarked, exact: true }).click();
  await expect(toast(page)).toContainText(common.library.bookmarkRemoved);
  await expect(page.getByTestId('prompt-detail').getByRole('button', { name: P.actions.bookmark, exact: true })).toHaveAttribute('aria-pressed', 'false');

  await page.goto('/prompts?tab=favorites');
  await expect(page.getByTestId('empty-state')).toContainText(P.list.emptyBookmarks);
  await page.getByTestId('empty-state').getByRole('link', { name: P.list.browseAll }).click();
  await expect(page).toHaveURL(/\/prompts$/);
  await page.goto('/dashboard?tab=bookmarks');
  await expect(page.getByTestId('empty-state')).toContainText(lib.bookmarksEmpty.title);
  await expectNoErrors(errors);
});

test('a Bookmark clicked before the page has read your bookmarks stays Bookmarked once they arrive', async ({ page, context, baseURL }) => {
  const { common, prompts: P } = L.en;
  await prepare(context, baseURL!, 'en', 'light');
  await apiSignUp(page.request);
  const [, , third] = await prompts(page.request);
  // Your bookmarks answer late, as on a slow connection: the list is read before the click and
  // arrives after it.
  const bookmarks = await holdAnswers(page, '**/api/favorites/my*');
  await page.goto(`/prompts/${third.id}`);
  await bookmarks.fetched;
  const detail = page.getByTestId('prompt-detail');
  const posted = page.waitForResponse((response) => response.url().endsWith('/api/favorites') && response.request().method() === 'POST');
  await detail.getByRole('button', { name: P.actions.bookmark, exact: true }).click();
  // The page either sends the bookmark at once (then the late list must not undo it) or waits for the list first.
  await Promise.race([posted, page.waitForTimeout(2000)]);
  const listed = page.waitForResponse((response) => response.url().includes('/api/favorites/my'));
  bookmarks.release();
  await listed;
  await expect(toast(page)).toContainText(common.library.bookmarkAdded);
  await page.waitForLoadState('networkidle');
  await expect(detail.getByRole('button', { name: P.actions.bookmarked, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.unrouteAll();
  await page.reload();
  await expect(detail.getByRole('button', { name: P.actions.bookmarked, exact: true })).toHaveAttribute('aria-pressed', 'true');
});

test('a member who clicks Bookmark, Helpful and Save a copy before the page knows who they are gets them, not a request to sign in', async ({
  page,
  context,
  baseURL,
}) => {
  const { common, prompts: P } = L.en;
  await prepare(context, baseURL!, 'en', 'light');
  await apiSignUp(page.request);
  const [, , , fourth] = await prompts(page.request);
  // Who is signed in answers late, as on a slow connection: the page (the same for everyone)
  // shows the visitor's controls until then.
  const me = await holdAnswers(page, '**/api/auth/me');
  await page.goto(`/prompts/${fourth.id}`);
  const detail = page.getByTestId('prompt-detail');
  await detail.getByRole('button', { name: P.actions.bookmark, exact: true }).click();
  await page.getByTestId('rate-helpful').click();
  await page.getByTestId('save-copy').click();
  await page.waitForTimeout(300);
  // Not a word yet (a visitor would have been told to sign in by now).
  expect(await toast(page).count()).toBe(0);
  me.release();
  await expect(detail.getByRole('button', { name: P.actions.bookmarked, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('rate-helpful')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('rating-thanks')).toBeVisible();
  // Nobody was asked to sign in, nor sent to the sign-in page.
  await expect(toast(page).filter({ hasText: common.toasts.authRequired.title })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/prompts/${fourth.id}$`));
  // The copy: a private prompt of theirs with the original's title.
  const copies = async () =>
    ((await (await page.request.get('/api/prompts/my')).json()) as { items: { title: string; status: string }[] }).items.filter(
      (p) => p.title === fourth.title && p.status === 'private',
    ).length;
  await expect.poll(copies).toBe(1);
  await page.unrouteAll();
  await page.reload();
  await expect(detail.getByRole('button', { name: P.actions.bookmarked, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('rate-helpful')).toHaveAttribute('aria-pressed', 'true');
});

test('rating: Helpful, reload shows it stored, Not Helpful moves the aggregate; copy records history (zh-HK, dark)', async ({ page, context, baseURL }) => {
  const { common, prompts: P, lib } = L['zh-HK'];
  await prepare(context, baseURL!, 'zh-HK', 'dark');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors = watchErrors(page);
  await apiSignUp(page.request);
  const prompt = (await prompts(page.request))[2];
  const aggregate = page.getByTestId('rating-aggregate').first();

  await page.goto(`/prompts/${prompt.id}`);
  // Unrated: words, not a bare 0; rated: the share of Helpful and how many ratings it rests on.
  await expect(aggregate).toContainText(P.card.noRatings);
  await expect(page.getByTestId('rating-card-summary')).toContainText(P.card.noRatings);
  await expect(page.getByTestId('rate-helpful')).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('rate-helpful').click();
  // The chosen value shows at once, then the reply's aggregate.
  await expect(page.getByTestId('rate-helpful')).toHaveAttribute('aria-pressed', 'true');
  await expect(toast(page)).toContainText(common.library.rated.title);
  await expect(toast(page)).toContainText(common.library.rated.description);
  await expect(page.getByTestId('rating-thanks')).toHaveText(P.rating.thanks);
  await expect(aggregate).toContainText('100% 認為有幫助 · 1 個評分');
  await expect(page.getByTestId('rating-card-summary')).toContainText('100% 認為有幫助 · 1 個評分');

  await page.reload();
  await expect(page.getByTestId('rate-helpful')).toHaveAttribute('aria-pressed', 'true');
  await expect(aggregate).toContainText('100% 認為有幫助 · 1 個評分');
  await page.getByTestId('rate-not-helpful').click();
  await expect(page.getByTestId('rate-not-helpful')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('rate-helpful')).toHaveAttribute('aria-pressed', 'false');
  await expect(aggregate).toContainText('0% 認為有幫助 · 1 個評分');
  // The page is cached per catalog checkpoint: a reload renders the new aggregate. (Reloads, unlike
  // goto, do not wait for the islands: the copy below is a test of the hydrated panel.)
  await page.reload();
  await islandsReady(page);
  await expect(aggregate).toContainText('0% 認為有幫助 · 1 個評分');
  await expect(page.getByTestId('rate-not-helpful')).toHaveAttribute('aria-pressed', 'true');

  // Copy: the use, then the history entry, then the clipboard.
  await page.getByTestId('copy-prompt').click();
  await page.getByTestId('fill-copy').click();
  await expect(toast(page)).toContainText(common.toasts.promptCopied.title);
  await page.goto('/dashboard?tab=history');
  const entry = page.getByTestId('library-item').first();
  await expect(entry).toContainText(prompt.title);
  await entry.getByTestId('use-again').click();
  await expect(toast(page)).toContainText(common.toasts.promptCopied.title);
  await expect(page.getByTestId('library-item')).toHaveCount(2);
  await expect(page.getByTestId('library-item').first()).toContainText(lib.history.useAgain);
  await expectNoErrors(errors);
});

test('collections: quick button, dialog with every message, fill from detail and card, view, empty, privacy, delete (en, dark)', async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  const { lib, common } = L.en;
  await prepare(context, baseURL!, 'en', 'dark');
  const errors = watchErrors(page);
  await apiSignUp(page.request);
  const [, , , a, b] = await prompts(page.request);

  // Quick New Collection on the dashboard: a browser prompt for the name.
  await page.goto('/dashboard');
  page.once('dialog', (d) => void d.accept('ab'));
  await page.getByTestId('quick-new-collection').click();
  await expect(toast(page)).toContainText(lib.createFailed.title);
  await expect(toast(page)).toContainText('Collection name must be at least 3 characters');
  page.once('dialog', (d) => void d.accept('Quick picks'));
  await page.getByTestId('quick-new-collection').click();
  await expect(toast(page)).toContainText(lib.collectionCreated);
  const quick = page.getByTestId('collection-card').filter({ hasText: 'Quick picks' });
  await expect(quick).toContainText('My collection of prompts');
  await expect(quick.getByTestId('visibility')).toHaveText('Private');
  await expect(quick.getByRole('link', { name: lib.viewCollection })).toHaveAttribute('href', /\/collections\/\d+$/);

  // The My Collections page and its dialog: every validation message, word for word.
  await page.goto('/dashboard');
  await page.getByLabel(/^Account menu for/).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: common.library.collections.view }).click();
  await expect(page).toHaveURL(/\/dashboard\/collections$/);
  await page.getByTestId('new-collection').click();
  const dialog = page.getByRole('dialog');
  const name = dialog.getByLabel(lib.dialog.name);
  const description = dialog.getByLabel(lib.dialog.description);
  await dialog.getByTestId('create-collection').click();
  await expect(dialog.getByTestId('error-name')).toHaveText('Collection name must be at least 3 characters');
  // The dialog's description is required (spec: 10 to 200): an empty one is refused too.
  await expect(dialog.getByTestId('error-description')).toHaveText('Description must be at least 10 characters');
  // The inputs stop at the limits table's maxima; without that stop (another client), the
  // contract still answers with the spec's messages.
  await expect(name).toHaveAttribute('maxlength', '50');
  await expect(description).toHaveAttribute('maxlength', '200');
  await name.fill('x'.repeat(51));
  await expect(name).toHaveValue('x'.repeat(50));
  await name.evaluate((el) => el.removeAttribute('maxlength'));
  await description.evaluate((el) => el.removeAttribute('maxlength'));
  await name.fill('x'.repeat(51));
  await description.fill('short');
  await dialog.getByTestId('create-collection').click();
  await expect(dialog.getByTestId('error-name')).toHaveText('Collection name must not exceed 50 characters');
  await expect(dialog.getByTestId('error-description')).toHaveText('Description must be at least 10 characters');
  await description.fill('d'.repeat(201));
  await dialog.getByTestId('create-collection').click();
  await expect(dialog.getByTestId('error-description')).toHaveText('Description must not exceed 200 characters');
  await name.fill('Shared writing set');
  await description.fill('Prompts I share with my team');
  await dialog.getByLabel(lib.dialog.isPublic).check();
  await page.keyboard.press('Enter');
  await expect(toast(page)).toContainText(lib.collectionCreated);
  await expect(dialog).toBeHidden();
  const shared = page.getByTestId('collection-card').filter({ hasText: 'Shared writing set' });
  await expect(shared.getByTestId('visibility')).toHaveText('Public');
  await expect(shared.getByTestId('prompt-count')).toHaveText('0 prompts');

  // Fill it: from the detail page, and from a card.
  await page.goto(`/prompts/${a.id}`);
  await page.getByTestId('prompt-detail').getByTestId('add-to-collection').click();
  await page.getByTestId('pick-collection').filter({ hasText: 'Shared writing set' }).click();
  await expect(toast(page)).toContainText('Added to Shared writing set');
  await page.goto(`/prompts?q=${encodeURIComponent(b.title)}`);
  const card = page.locator('article', { has: page.locator(`a[href="/prompts/${b.id}"]`) }).first();
  await card.getByTestId('add-to-collection').click();
  await page.getByTestId('pick-collection').filter({ hasText: 'Shared writing set' }).click();
  await expect(toast(page)).toContainText('Added to Shared writing set');
  // Create-new inside the picker: checked by the same rules.
  await card.getByTestId('add-to-collection').click();
  await page.getByTestId('create-and-add').click();
  await expect(page.getByTestId('collection-picker').getByTestId('error-name')).toHaveText('Collection name must be at least 3 characters');
  await page.getByTestId('new-collection-name').fill('Made from a card');
  await page.getByTestId('create-and-add').click();
  await expect(toast(page)).toContainText('Added to Made from a card');

  await page.goto('/dashboard/collections');
  await expect(shared.getByTestId('prompt-count')).toHaveText('2 prompts');
  await expect(page.getByTestId('collection-card').filter({ hasText: 'Made from a card' }).getByTestId('prompt-count')).toHaveText('1 prompt');
  await shared.getByRole('link', { name: lib.view, exact: true }).click();
  await expect(page.getByTestId('collection-name')).toHaveText('Shared writing set');
  await expect(page.getByTestId('collection-view')).toContainText('Prompts I share with my team');
  await expect(page.getByTestId('prompt-grid').locator('article')).toHaveCount(2);
  const viewUrl = page.url();
  const privateUrl = new URL(
    `/collections/${(await (await page.request.get('/api/collections/my')).json()).items.find((c: { name: string }) => c.name === 'Quick picks').id}`,
    baseURL,
  ).toString();

  // Others: the public one by its link, the private one is not found.
  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto(viewUrl);
  await expect(visitor.getByTestId('collection-name')).toHaveText('Shared writing set');
  await expect(visitor.getByTestId('remove-from-collection')).toHaveCount(0);
  expect((await visitor.goto(privateUrl))!.status()).toBe(404);
  await expect(visitor.getByTestId('not-found')).toBeVisible();
  await other.close();

  // Empty it.
  await page.getByTestId('remove-from-collection').first().click();
  await expect(toast(page)).toContainText(lib.collectionView.removed);
  await expect(page.getByTestId('prompt-grid').locator('article')).toHaveCount(1);
  await page.getByTestId('remove-from-collection').click();
  await expect(page.getByTestId('empty-state')).toContainText(lib.collectionView.empty);

  // Delete, after the spec's confirmation (a dismissed confirmation keeps it).
  await page.goto('/dashboard/collections');
  page.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure you want to delete this collection?');
    void d.dismiss();
  });
  await shared.getByTestId('delete-collection').click();
  await expect(shared).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await shared.getByTestId('delete-collection').click();
  await expect(toast(page)).toContainText(lib.collectionDeleted);
  await expect(shared).toHaveCount(0);
  await page.goto('/dashboard');
  page.once('dialog', (d) => void d.accept());
  await page.getByTestId('collection-card').filter({ hasText: 'Quick picks' }).getByTestId('delete-collection').click();
  await expect(toast(page)).toContainText(lib.collectionDeleted);
  await expect(page.getByTestId('collection-card').filter({ hasText: 'Quick picks' })).toHaveCount(0);
  await expectNoErrors(errors);
});

test('visitors: bookmark and rate ask to sign in, private library pages send them to /auth (zh-HK, light)', async ({ page, context, baseURL }) => {
  const { common, prompts: P } = L['zh-HK'];
  await prepare(context, baseURL!, 'zh-HK', 'light');
  const errors = watchErrors(page);
  const prompt = (await prompts(page.request))[5];
  await page.goto('/prompts');
  await expect(page.getByRole('link', { name: P.tabs.favorites })).toHaveCount(0);
  await page.getByRole('button', { name: P.actions.save, exact: true }).first().click();
  await expect(toast(page)).toContainText(common.toasts.authRequired.title);
  await expect(toast(page)).toContainText(common.toasts.authRequired.bookmark);
  await expect(page.getByTestId('add-to-collection')).toHaveCount(0);

  await page.goto(`/prompts/${prompt.id}`);
  await page.getByTestId('rate-helpful').click();
  // Signing in brings the visitor back to the rating card they clicked.
  await page.waitForURL((url) => url.pathname === '/auth');
  expect(new URL(page.url()).searchParams.get('next')).toBe(`/prompts/${prompt.id}#rating`);
  await expect(toast(page)).toContainText(common.toasts.authRequired.rate);

  for (const path of ['/dashboard', '/dashboard/collections', '/prompts?tab=favorites']) {
    await page.goto(path);
    // Sign-in brings the visitor back to the page that sent them (a same-site `next`).
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(['', path]).toContain(new URL(page.url()).searchParams.get('next') ?? '');
  }
  await expectNoErrors(errors);
});

test('the Bookmarks list and private pages are never cached, and the shared page carries nothing personal', async ({ page, request }) => {
  await apiSignUp(page.request);
  const favorites = await page.request.get('/prompts?tab=favorites');
  expect(favorites.status()).toBe(200);
  expect(favorites.headers()['cache-control']).toContain('no-store');
  for (const path of ['/dashboard?tab=history', '/dashboard/collections'])
    expect((await page.request.get(path)).headers()['cache-control']).toContain('no-store');
  expect((await request.get('/fragments/prompts?tab=favorites')).status()).toBe(401);
});

for (const lng of ['en', 'zh-HK'] as const) {
  test(`a long collection (${lng}) shows a page of cards, and Load more lands on the first new one, keyboard and all`, async ({ page, context, baseURL }) => {
    const { prompts: P, lib } = L[lng];
    await prepare(context, baseURL!, lng, lng === 'en' ? 'light' : 'dark');
    await page.setViewportSize({ width: lng === 'en' ? 1280 : 360, height: 800 });
    const errors = watchErrors(page);
    await apiSignUp(page.request);
    const made = await page.request.post('/api/collections', { data: { name: `Long shelf ${lng}`, isPublic: true } });
    const { id } = await made.json();
    const picked = (await prompts(page.request)).slice(0, 30);
    expect(picked).toHaveLength(30);
    for (const p of picked) expect((await page.request.post(`/api/collections/${id}/prompts`, { data: { promptId: p.id } })).status()).toBe(200);

    await page.goto(`/collections/${id}`);
    const cards = page.getByTestId('prompt-grid').locator('article');
    await expect(cards).toHaveCount(24);
    await expect(page.getByTestId('collection-view')).toContainText(lib.promptCount_other.replace('{{count}}', '30'));
    await islandsReady(page);
    await page.getByRole('link', { name: P.list.loadMore }).click();
    await expect(cards).toHaveCount(30);
    expect(new URL(page.url()).search + new URL(page.url()).hash).toBe('?page=2#item-25');
    // The first new card is in view, and the keyboard carries on from it.
    await expect(page.locator('#item-25')).toBeInViewport();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[id^="item-"]')?.id)).toBe('item-25');
    await expect(page.getByRole('link', { name: P.list.loadMore })).toHaveCount(0);
    // Most recently added first: the page ends with the first prompt added.
    await expect(cards.last()).toContainText(picked[0].title);
    await expectNoErrors(errors);
  });
}
