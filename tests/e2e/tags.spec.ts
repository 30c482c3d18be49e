import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { adminSignIn, apiSignUp } from './auth-support';
import { expect, test } from './fixtures';
import { expectNoErrors, prepare, watchErrors } from './site-support';

/**
 * Tags on My Prompts, as a new member in each language: tagged with the keyboard, filtered
 * through the tag bar (the address keeps the tag), renamed, merged, deleted, and brought in by
 * an import that carries tags.
 */
type Messages = Record<string, any>;
const locale = (lng: string, ns: string): Messages => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k]);

// Each language tags with its own words; zh-HK also separates with the full-width comma its keyboards type.
const WORDS = {
  en: { work: 'work', draft: 'draft', trip: 'travel', oops: 'oops', ideas: 'ideas', separator: ',' },
  'zh-HK': { work: '工作', draft: '草稿', trip: '出行', oops: '錯字', ideas: '點子', separator: '，' },
} as const;

test.describe.configure({ timeout: 120_000 });

for (const lng of ['en', 'zh-HK'] as const) {
  test(`tags in ${lng}: keyboard tagging, the tag bar's filter, rename, merge, delete, and tags from an import`, async ({ page, context, baseURL }) => {
    const T = locale(lng, 'review').mine.tags as Record<string, string>;
    const imports = locale(lng, 'dashboard').import as Messages;
    const w = WORDS[lng];
    await prepare(context, baseURL!, lng, lng === 'en' ? 'light' : 'dark');
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': lng === 'en' ? '198.51.100.141' : '198.51.100.142' });
    const errors = watchErrors(page);
    await apiSignUp(page.request);

    const stamp = Date.now().toString(36);
    const ids: number[] = [];
    for (const title of [`${lng} first ${stamp}`, `${lng} second ${stamp}`]) {
      const saved = await page.request.post('/api/prompts', {
        data: { title, description: 'Kept for myself.', content: `Write about {{topic}} (${title}).`, categoryId: 1, visibility: 'private' },
      });
      expect(saved.status()).toBe(201);
      ids.push((await saved.json()).id);
    }
    const [first, second] = ids;
    const card = (id: number) => page.locator(`[data-testid="submission"][data-prompt-id="${id}"]`);
    const chips = (id: number) => card(id).getByTestId('tag');
    const bar = page.getByTestId('tag-bar');
    const filter = (tag: string) => bar.locator(`[data-testid="tag-filter"][data-tag="${tag}"]`);
    /**
     * Types `tag` in the focused tag field and ends it with `end` (a key, or a character typed as
     * an input method commits it); the field keeps the focus for the next one, as the save runs.
     */
    const addTag = async (input: Locator, tag: string, end: string) => {
      await page.keyboard.type(tag);
      if (end === 'Enter' || end === ',') await page.keyboard.press(end);
      else await page.keyboard.insertText(end);
      await expect(input).toHaveValue('');
      await expect(input).toBeFocused();
    };
    const storedTags = async (id: number) => {
      const mine = (await (await page.request.get('/api/prompts/my')).json()) as { items: { id: number; tags: string[] }[] };
      return mine.items.find((p) => p.id === id)?.tags;
    };
    // Rename and delete ask in the kit's dialog, with the keyboard: the name is typed over the selected old one, Enter renames.
    const renameTo = async (from: string, to: string) => {
      await page.getByTestId('tag-rename').click();
      const dialog = page.getByRole('dialog', { name: T.renameTitle });
      await expect(dialog).toBeVisible();
      const input = dialog.getByLabel(fill(T.renamePrompt, { tag: from }));
      await expect(input).toBeFocused();
      await expect(input).toHaveValue(from);
      await page.keyboard.type(to);
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
    };

    await page.goto('/dashboard?tab=submissions');
    await expect(bar).toContainText(T.none);

    // The first prompt: Enter adds, the separator adds, Backspace in the empty field takes the last one off.
    const firstInput = card(first).getByLabel(`${T.label}: ${lng} first ${stamp}`);
    await firstInput.focus();
    await addTag(firstInput, w.work, 'Enter');
    await addTag(firstInput, w.draft, w.separator);
    await addTag(firstInput, w.oops, 'Enter');
    await expect(chips(first)).toHaveText([w.work, w.draft, w.oops]);
    await page.keyboard.press('Backspace');
    await expect(chips(first)).toHaveText([w.work, w.draft]);
    await expect.poll(() => storedTags(first)).toEqual([w.work, w.draft]);
    // Each chip's own remove button is named for its tag.
    await expect(card(first).getByRole('button', { name: fill(T.remove, { tag: w.draft }) })).toBeVisible();

    const secondInput = card(second).getByLabel(`${T.label}: ${lng} second ${stamp}`);
    await secondInput.focus();
    await addTag(secondInput, w.trip, 'Enter');
    await addTag(secondInput, w.work, w.separator);
    await expect(chips(second)).toHaveText([w.trip, w.work]);
    await expect.poll(() => storedTags(second)).toEqual([w.trip, w.work]);

    // The tag bar counts each tag; choosing one filters the list and the address keeps it.
    await expect(filter(w.work)).toHaveText(`${w.work} 2`);
    await expect(filter(w.draft)).toHaveText(`${w.draft} 1`);
    await filter(w.draft).click();
    await expect(page).toHaveURL(new RegExp(`[?&]tag=${encodeURIComponent(w.draft)}(&|$)`));
    await expect(page.getByTestId('tag-filtered')).toHaveText(fill(T.filtered, { tag: w.draft }));
    await expect(page.getByTestId('submission')).toHaveCount(1);
    await expect(card(first)).toBeVisible();
    await expect(filter(w.draft)).toHaveAttribute('aria-current', 'page');
    // Reloaded, the address still filters.
    await page.reload();
    await expect(page.getByTestId('submission')).toHaveCount(1);

    // Rename: the address follows the new name.
    await renameTo(w.draft, w.ideas);
    await expect(page).toHaveURL(new RegExp(`[?&]tag=${encodeURIComponent(w.ideas)}(&|$)`));
    await expect(page.getByTestId('tag-filtered')).toHaveText(fill(T.filtered, { tag: w.ideas }));
    await expect(chips(first)).toHaveText([w.work, w.ideas]);
    await expect(filter(w.draft)).toHaveCount(0);

    // Renamed to a tag already used: the two merge, the prompt keeps it once.
    await renameTo(w.ideas, w.work);
    await expect(page).toHaveURL(new RegExp(`[?&]tag=${encodeURIComponent(w.work)}(&|$)`));
    await expect(page.getByTestId('submission')).toHaveCount(2);
    await expect(chips(first)).toHaveText([w.work]);
    await expect(filter(w.work)).toHaveText(`${w.work} 2`);
    await expect(filter(w.ideas)).toHaveCount(0);

    // Delete: gone from every prompt, the prompts stay, the filter is lifted.
    await filter(w.trip).click();
    await expect(page).toHaveURL(new RegExp(`[?&]tag=${encodeURIComponent(w.trip)}(&|$)`));
    await expect(page.getByTestId('submission')).toHaveCount(1);
    // Escape closes the question and changes nothing; the dialog's Delete removes the tag.
    await page.getByTestId('tag-delete').click();
    const deleting = page.getByRole('dialog', { name: T.deleteTitle });
    await expect(deleting).toContainText(fill(T.deleteConfirm, { tag: w.trip }));
    await page.keyboard.press('Escape');
    await expect(deleting).toBeHidden();
    await expect(page.getByTestId('submission')).toHaveCount(1);
    await page.getByTestId('tag-delete').click();
    await deleting.getByRole('button', { name: T.delete }).click();
    await expect(page).not.toHaveURL(/[?&]tag=/);
    await expect(page.getByTestId('submission')).toHaveCount(2);
    await expect(chips(second)).toHaveText([w.work]);
    await expect(filter(w.trip)).toHaveCount(0);
    expect(await storedTags(second)).toEqual([w.work]);
    // The Delete button went with the filter: the keyboard carries on from the tag bar.
    await expect(page.getByTestId('tag-bar')).toBeFocused();
    // The toast's Undo puts it back on its prompt, and the filter with it; deleted again, it stays gone.
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText(fill(T.deletedDescription, { tag: w.trip }));
    await toast.getByRole('button', { name: locale(lng, 'review').mine.undo }).click();
    await expect(toast).toContainText(fill(T.restored, { tag: w.trip }));
    await expect(page).toHaveURL(new RegExp(`[?&]tag=${encodeURIComponent(w.trip)}(&|$)`));
    await expect(page.getByTestId('submission')).toHaveCount(1);
    expect(await storedTags(second)).toEqual([w.trip, w.work]);
    await page.getByTestId('tag-delete').click();
    await deleting.getByRole('button', { name: T.delete }).click();
    await expect(page.getByTestId('submission')).toHaveCount(2);
    expect(await storedTags(second)).toEqual([w.work]);

    // An AI Prompt Genius file carries tags: imported, they are on the prompts and in the bar.
    await page.goto('/dashboard/import');
    await page.getByLabel(imports.file, { exact: true }).setInputFiles('tests/fixtures/formats/ai-prompt-genius.json');
    await page.getByTestId('import-check').click();
    await page.getByTestId('import-run').click();
    await expect(page.getByTestId('import-done')).toBeVisible();

    await page.goto(`/dashboard?tab=submissions&tag=${encodeURIComponent('旅遊')}`);
    await expect(page.getByTestId('tag-filtered')).toHaveText(fill(T.filtered, { tag: '旅遊' }));
    const trip = page.getByTestId('submission');
    await expect(trip).toHaveCount(1);
    await expect(trip).toContainText('旅遊行程規劃師');
    await expect(trip.getByTestId('tag')).toHaveText(['旅遊', '生活']);
    await filter('email').click();
    await expect(page).toHaveURL(/[?&]tag=email(&|$)/);
    await expect(page.getByTestId('submission')).toHaveCount(1);
    await expect(page.getByTestId('submission').getByTestId('tag')).toHaveText(['email', 'work']);
    await expect(filter('legacy')).toHaveText('legacy 1');
    expectNoErrors(errors);
  });
}

for (const lng of ['en', 'zh-HK'] as const) {
  test(`tags in ${lng}: the own prompt's page and its edit form show and save the author's tags`, async ({ page, context, baseURL }) => {
    const T = locale(lng, 'review').mine.tags as Record<string, string>;
    const w = WORDS[lng];
    await prepare(context, baseURL!, lng, lng === 'en' ? 'light' : 'dark');
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': lng === 'en' ? '198.51.100.143' : '198.51.100.144' });
    const errors = watchErrors(page);
    await apiSignUp(page.request);
    const title = `${lng} own page ${Date.now().toString(36)}`;
    const saved = await page.request.post('/api/prompts', {
      // The edit form asks what a published prompt would: a description of 20 characters or more.
      data: { title, description: 'Kept for myself, to plan the week.', content: 'Plan the week.', categoryId: 1, visibility: 'private' },
    });
    const { id } = (await saved.json()) as { id: number };
    expect((await page.request.put(`/api/prompts/${id}/tags`, { data: { tags: [w.work] } })).status()).toBe(200);
    const stored = async () =>
      ((await (await page.request.get('/api/prompts/my')).json()) as { items: { id: number; tags: string[] }[] }).items.find((p) => p.id === id)?.tags;

    // The page shows the author's tags, says they are theirs alone, and saves a tag typed there.
    await page.goto(`/prompts/${id}`);
    const own = page.getByTestId('own-tags');
    await expect(own.getByTestId('tag')).toHaveText([w.work]);
    await expect(own).toContainText(T.private);
    await own.getByLabel(`${T.label}: ${title}`).focus();
    await page.keyboard.type(w.trip);
    await page.keyboard.press('Enter');
    await expect(own.getByTestId('tag')).toHaveText([w.work, w.trip]);
    await expect.poll(stored).toEqual([w.work, w.trip]);

    // The edit form starts from them; a change to the tags alone is saved with the form, back on the page.
    await page.goto(`/prompts/${id}/edit`);
    const field = page.getByTestId('edit-tags');
    await expect(field.getByTestId('tag')).toHaveText([w.work, w.trip]);
    await field.getByRole('button', { name: fill(T.remove, { tag: w.work }) }).click();
    await expect(field.getByLabel(T.label, { exact: true })).toBeFocused();
    await page.keyboard.type(w.draft);
    await page.keyboard.press('Enter');
    await expect(field.getByTestId('tag')).toHaveText([w.trip, w.draft]);
    // Enter in the tag field adds a tag, it does not send the form.
    await expect(page).toHaveURL(new RegExp(`/prompts/${id}/edit$`));
    await page.getByTestId('edit-save').click();
    await expect(page).toHaveURL(new RegExp(`/prompts/${id}$`));
    await expect(page.getByText(T.saved)).toBeVisible();
    await expect(page.getByTestId('own-tags').getByTestId('tag')).toHaveText([w.trip, w.draft]);
    expect(await stored()).toEqual([w.trip, w.draft]);

    // A refused tag (past the length limit) stops the save and says why; nothing changes.
    await page.goto(`/prompts/${id}/edit`);
    await page.getByTestId('edit-tags').getByLabel(T.label, { exact: true }).focus();
    await page.keyboard.type('x'.repeat(31));
    await page.keyboard.press('Enter');
    await page.getByTestId('edit-save').click();
    await expect(page.getByText(fill(locale(lng, 'refusals').tags.tooLong, { limit: '30' }))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/prompts/${id}/edit$`));
    expect(await stored()).toEqual([w.trip, w.draft]);
    expectNoErrors(errors);
  });

  test(`tags in ${lng}: a collection's page filters by its owner's tags; nobody else sees them`, async ({ page, context, baseURL, browser }) => {
    const T = locale(lng, 'review').mine.tags as Record<string, string>;
    const w = WORDS[lng];
    await prepare(context, baseURL!, lng, lng === 'en' ? 'light' : 'dark');
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': lng === 'en' ? '198.51.100.145' : '198.51.100.146' });
    const errors = watchErrors(page);
    await apiSignUp(page.request);
    const stamp = Date.now().toString(36);
    const made = await page.request.post('/api/collections', {
      data: { name: `${lng} tagged ${stamp}`, description: 'Prompts I keep together.', isPublic: true },
    });
    expect(made.status()).toBe(201);
    const collection = ((await made.json()) as { id: number }).id;
    const ids: number[] = [];
    for (const [i, tags] of [[w.work, w.draft], [w.work], []].entries()) {
      const saved = await page.request.post('/api/prompts', {
        data: { title: `${lng} item ${i} ${stamp}`, description: 'Kept for myself.', content: 'Plan the week.', categoryId: 1, visibility: 'private' },
      });
      const { id } = (await saved.json()) as { id: number };
      ids.push(id);
      await page.request.put(`/api/prompts/${id}/tags`, { data: { tags } });
      expect((await page.request.post(`/api/collections/${collection}/prompts`, { data: { promptId: id } })).status()).toBeLessThan(300);
    }
    // A public prompt of the library too, for what others see.
    const [open] = (await (await page.request.get('/api/prompts')).json()) as { id: number }[];
    await page.request.post(`/api/collections/${collection}/prompts`, { data: { promptId: open.id } });
    // A tag on a prompt outside the collection is not offered here.
    const outside = await page.request.post('/api/prompts', {
      data: { title: `${lng} outside ${stamp}`, description: 'Kept for myself.', content: 'Plan the week.', categoryId: 1, visibility: 'private' },
    });
    await page.request.put(`/api/prompts/${((await outside.json()) as { id: number }).id}/tags`, { data: { tags: [w.oops] } });

    const bar = page.getByTestId('collection-tag-bar');
    const filter = (tag: string) => bar.locator(`[data-testid="tag-filter"][data-tag="${tag}"]`);
    const items = page.locator('[data-collection-item]');
    await page.goto(`/collections/${collection}`);
    await expect(items).toHaveCount(4);
    await expect(bar.getByTestId('tag-filter')).toHaveCount(2);
    await expect(filter(w.work)).toHaveText(`${w.work} 2`);
    await expect(filter(w.draft)).toHaveText(`${w.draft} 1`);
    await expect(filter(w.oops)).toHaveCount(0);
    await expect(page.locator(`[data-collection-item="${ids[0]}"]`).getByTestId('tag')).toHaveText([w.work, w.draft]);

    // A tag's chip filters, on the server: the address keeps it, and a reload too.
    await filter(w.work).click();
    await expect(page).toHaveURL(new RegExp(`[?&]tag=${encodeURIComponent(w.work)}(&|$)`));
    await expect(page.getByTestId('tag-filtered')).toHaveText(fill(T.filtered, { tag: w.work }));
    await expect(filter(w.work)).toHaveAttribute('aria-current', 'page');
    await expect(items).toHaveCount(2);
    await page.reload();
    await expect(items).toHaveCount(2);
    // A chip under a card filters as well.
    await page.locator(`[data-collection-item="${ids[0]}"]`).getByTestId('tag').filter({ hasText: w.draft }).click();
    await expect(items).toHaveCount(1);
    await expect(page.locator(`[data-collection-item="${ids[0]}"]`)).toBeVisible();
    // A tag nothing here carries says so, with a way back to every prompt.
    await page.goto(`/collections/${collection}?tag=${encodeURIComponent(w.oops)}`);
    await expect(page.getByTestId('empty-state')).toContainText(fill(T.noneTagged, { tag: w.oops }));
    await page.getByRole('link', { name: T.showAll }).click();
    await expect(items).toHaveCount(4);

    // The route filters through its optional query; without it, it answers as ever.
    const api = async (query = '') =>
      ((await (await page.request.get(`/api/collections/${collection}${query}`)).json()) as { prompts: { id: number; tags?: unknown }[] }).prompts;
    expect((await api(`?tag=${encodeURIComponent(w.work.toUpperCase())}`)).map((p) => p.id).sort()).toEqual([ids[0], ids[1]].sort());
    const all = await api();
    expect(all).toHaveLength(4);
    expect(all.every((p) => p.tags === undefined)).toBe(true);

    // Someone else sees the public prompt, no tags, and a tag in the address filters nothing for them.
    const other = await browser.newContext({ baseURL });
    await prepare(other, baseURL!, lng, 'light');
    const visitor = await other.newPage();
    await visitor.goto(`/collections/${collection}?tag=${encodeURIComponent(w.work)}`);
    await expect(visitor.locator('[data-collection-item]')).toHaveCount(1);
    await expect(visitor.locator(`[data-collection-item="${open.id}"]`)).toBeVisible();
    await expect(visitor.getByTestId('collection-tag-bar')).toHaveCount(0);
    await expect(visitor.getByTestId('item-tags')).toHaveCount(0);
    expect((await (await other.request.get(`/api/collections/${collection}?tag=${encodeURIComponent(w.work)}`)).json()).prompts).toHaveLength(1);
    await other.close();
    expectNoErrors(errors);
  });
}

for (const lng of ['en', 'zh-HK'] as const) {
  test(`tags in ${lng}: a published prompt's shared page gives its owner their tags, and nobody else`, async ({ page, context, baseURL, browser }) => {
    const T = locale(lng, 'review').mine.tags as Record<string, string>;
    const w = WORDS[lng];
    await prepare(context, baseURL!, lng, lng === 'en' ? 'light' : 'dark');
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': lng === 'en' ? '198.51.100.147' : '198.51.100.148' });
    const errors = watchErrors(page);
    await apiSignUp(page.request);
    const stamp = Date.now().toString(36);
    const title = `${lng} published ${stamp}`;
    // A word found nowhere else on the page, to tell it is not there for anyone else.
    const tag = `${w.work}-${stamp}`;
    const saved = await page.request.post('/api/prompts', {
      data: { title, description: 'Shared with everyone, tagged for myself.', content: 'Plan the week.', categoryId: 1, visibility: 'public' },
    });
    const { id } = (await saved.json()) as { id: number };
    const admin = await browser.newContext({ baseURL });
    await adminSignIn(admin.request);
    expect((await admin.request.put(`/api/admin/prompts/${id}/review`, { data: { isApproved: true } })).status()).toBe(200);
    await admin.close();

    // The owner's actions carry the tag field (empty yet): a tag typed there is saved, and is there after a reload.
    await page.goto(`/prompts/${id}`);
    const own = page.getByTestId('own-tags');
    await expect(page.getByTestId('own-actions')).toBeVisible();
    await expect(own).toContainText(T.private);
    await expect(own.getByTestId('tag')).toHaveCount(0);
    await own.getByLabel(`${T.label}: ${title}`).focus();
    await page.keyboard.type(tag);
    await page.keyboard.press('Enter');
    await expect(own.getByTestId('tag')).toHaveText([tag]);
    await expect.poll(async () => (await (await page.request.get(`/api/prompts/${id}/tags`)).json()).tags).toEqual([tag]);
    await page.reload();
    await expect(page.getByTestId('own-tags').getByTestId('tag')).toHaveText([tag]);

    // Another member gets the same shared page: no tags in it, none after hydration, and the route says not found.
    const other = await browser.newContext({ baseURL });
    await prepare(other, baseURL!, lng, 'light');
    await other.setExtraHTTPHeaders({ 'x-forwarded-for': lng === 'en' ? '198.51.100.149' : '198.51.100.150' });
    await apiSignUp(other.request);
    const reader = await other.newPage();
    await reader.goto(`/prompts/${id}`);
    await expect(reader.getByTestId('rate-helpful')).toBeVisible();
    await expect(reader.getByTestId('own-actions')).toHaveCount(0);
    await expect(reader.getByTestId('own-tags')).toHaveCount(0);
    await expect(reader.getByTestId('prompt-detail')).not.toContainText(tag);
    expect((await other.request.get(`/api/prompts/${id}/tags`)).status()).toBe(404);
    await other.close();
    expectNoErrors(errors);
  });
}
