import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { apiSignUp } from './auth-support';
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
    const answerDialog = (p: Page, expected: string, answer?: string) =>
      p.once('dialog', (dialog) => {
        expect(dialog.message()).toBe(expected);
        void dialog.accept(answer);
      });

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
    answerDialog(page, fill(T.renamePrompt, { tag: w.draft }), w.ideas);
    await page.getByTestId('tag-rename').click();
    await expect(page).toHaveURL(new RegExp(`[?&]tag=${encodeURIComponent(w.ideas)}(&|$)`));
    await expect(page.getByTestId('tag-filtered')).toHaveText(fill(T.filtered, { tag: w.ideas }));
    await expect(chips(first)).toHaveText([w.work, w.ideas]);
    await expect(filter(w.draft)).toHaveCount(0);

    // Renamed to a tag already used: the two merge, the prompt keeps it once.
    answerDialog(page, fill(T.renamePrompt, { tag: w.ideas }), w.work);
    await page.getByTestId('tag-rename').click();
    await expect(page).toHaveURL(new RegExp(`[?&]tag=${encodeURIComponent(w.work)}(&|$)`));
    await expect(page.getByTestId('submission')).toHaveCount(2);
    await expect(chips(first)).toHaveText([w.work]);
    await expect(filter(w.work)).toHaveText(`${w.work} 2`);
    await expect(filter(w.ideas)).toHaveCount(0);

    // Delete: gone from every prompt, the prompts stay, the filter is lifted.
    await filter(w.trip).click();
    await expect(page).toHaveURL(new RegExp(`[?&]tag=${encodeURIComponent(w.trip)}(&|$)`));
    await expect(page.getByTestId('submission')).toHaveCount(1);
    answerDialog(page, fill(T.deleteConfirm, { tag: w.trip }));
    await page.getByTestId('tag-delete').click();
    await expect(page).not.toHaveURL(/[?&]tag=/);
    await expect(page.getByTestId('submission')).toHaveCount(2);
    await expect(chips(second)).toHaveText([w.work]);
    await expect(filter(w.trip)).toHaveCount(0);
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
