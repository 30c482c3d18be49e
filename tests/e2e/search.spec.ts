import { fold } from '../../projections/search-fold';
import { expect, test } from './fixtures';
import { cardTitles, expectNoErrors, LANGS, prepare, T, watchErrors } from './site-support';

/**
 * The search engine as a reader meets it (docs/search.md): words of a prompt's body find it, in
 * the other Chinese script too; the card marks the words and shows the body's excerpt; with a
 * query the sort is Relevance unless another is chosen, and the address keeps it.
 */

interface ListedPrompt {
  id: number;
  title: string;
  description: string;
  content: string;
}

const HAN_RUN = /\p{Script=Han}{4}/gu;
const WORD = /\b[a-z]{7,}\b/g;

/** A piece of some prompt's body that no title or description holds: only the body can find it. */
function bodyOnly(prompts: ListedPrompt[], pattern: RegExp): { prompt: ListedPrompt; piece: string } {
  const heads = prompts.map((p) => fold(`${p.title}\n${p.description}`)).join('\n');
  for (const prompt of prompts) {
    for (const [piece] of prompt.content.matchAll(pattern)) {
      if (!heads.includes(fold(piece))) return { prompt, piece };
    }
  }
  throw new Error('no body-only piece in the seed');
}

for (const lng of LANGS) {
  test(`search in ${lng}: body words, either script, marks, excerpt, relevance`, async ({ page, context, baseURL }) => {
    await prepare(context, baseURL!, lng);
    const errors = watchErrors(page);
    const prompts = (await (await page.request.get('/api/prompts')).json()) as ListedPrompt[];

    // A Chinese run of a body, asked for in Simplified: the prompt is found, its excerpt marks the run.
    const chinese = bodyOnly(prompts, HAN_RUN);
    const simplified = fold(chinese.piece);
    await page.goto(`/prompts?q=${encodeURIComponent(simplified)}`);
    const card = page.getByTestId('prompt-card').filter({ hasText: chinese.prompt.title });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('search-excerpt').locator('mark').first()).toHaveText(chinese.piece);
    await expect(page.getByLabel(lng === 'en' ? 'Sort by' : '排序方式')).toHaveValue('');
    await expect(
      page
        .getByLabel(lng === 'en' ? 'Sort by' : '排序方式')
        .locator('option')
        .first(),
    ).toHaveText(lng === 'en' ? 'Relevance' : '相關度');

    // A Latin word of a body, typed as an upper-case prefix.
    const latin = bodyOnly(prompts, WORD);
    const prefix = latin.piece.slice(0, 5).toUpperCase();
    const box = page.getByRole('searchbox', { name: lng === 'en' ? 'Search prompts' : '搜尋提示詞' });
    await box.fill(prefix);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`q=${prefix}`));
    const latinCard = page.getByTestId('prompt-card').filter({ hasText: latin.prompt.title });
    await expect(latinCard).toBeVisible();
    await expect(latinCard.getByTestId('search-excerpt').locator('mark').first()).toHaveText(new RegExp(`^${prefix}$`, 'i'));

    // The same word with two letters swapped: one typo, forgiven; the card marks the word as written.
    const word = latin.piece;
    const at = Array.from(word).findIndex((c, i) => i >= 2 && c !== word[i + 1]);
    const typo = `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`;
    await box.fill(typo);
    await box.press('Enter');
    const typoCard = page.getByTestId('prompt-card').filter({ hasText: latin.prompt.title });
    await expect(typoCard).toBeVisible();
    await expect(
      typoCard
        .getByTestId('search-excerpt')
        .locator('mark', { hasText: new RegExp(`^${word}$`, 'i') })
        .first(),
    ).toBeVisible();

    // Full-width letters find and mark the half-width word.
    const fullWidth = Array.from(word.slice(0, 5).toUpperCase(), (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
    await box.fill(fullWidth);
    await box.press('Enter');
    await expect(latinCard.getByTestId('search-excerpt').locator('mark').first()).toHaveText(new RegExp(`^${word.slice(0, 5)}$`, 'i'));

    // A title match ranks above body mentions: the first card's title is marked.
    await box.fill(prompts[0].title.split(/\s+/)[0]);
    await box.press('Enter');
    await expect(page.getByTestId('prompt-card').first().locator('h2 mark').first()).toBeVisible();

    // Another sort, chosen, stays in the address and orders the same matches.
    const relevance = await cardTitles(page);
    await page.getByRole('button', { name: T[lng].filters }).click();
    await page.getByLabel(lng === 'en' ? 'Sort by' : '排序方式').selectOption('newest');
    await expect(page).toHaveURL(/sort=newest/);
    await expect.poll(async () => (await cardTitles(page)).sort()).toEqual([...relevance].sort());

    // Several words that no prompt holds together: the empty state asks for fewer.
    await box.fill('zzqq xxvv');
    await box.press('Enter');
    await expect(page.getByTestId('empty-state')).toContainText(lng === 'en' ? 'Try fewer words' : '減少字詞');
    await expectNoErrors(errors);
  });
}

for (const lng of LANGS) {
  test(`search in ${lng}: a Simplified query marks a Traditional title; the other script's word is offered`, async ({ page, context, baseURL }) => {
    await prepare(context, baseURL!, lng);
    const errors = watchErrors(page);
    const prompts = (await (await page.request.get('/api/prompts')).json()) as ListedPrompt[];

    // Two characters of a title that Simplified writes otherwise, asked for in Simplified.
    const byChar = (s: string) => Array.from(s, (ch) => fold(ch)).join('');
    const titled = prompts
      .flatMap((prompt) => Array.from(prompt.title.matchAll(/\p{Script=Han}{2,}/gu), ([run]) => ({ prompt, run })))
      .flatMap(({ prompt, run }) =>
        Array.from({ length: Array.from(run).length - 1 }, (_, i) => ({
          prompt,
          piece: Array.from(run)
            .slice(i, i + 2)
            .join(''),
        })),
      )
      .find(({ piece }) => fold(piece) !== piece && fold(piece) === byChar(piece));
    expect(titled, 'a published title with Traditional characters').toBeDefined();
    await page.goto(`/prompts?q=${encodeURIComponent(fold(titled!.piece))}`);
    const card = page.getByTestId('prompt-card').filter({ hasText: titled!.prompt.title });
    await expect(card.locator('h2 mark').first()).toHaveText(titled!.piece);

    // The mainland's 信息 is Hong Kong's 資訊, another word: nothing found, the empty state offers it.
    expect(prompts.some((p) => p.content.includes('資訊'))).toBe(true);
    await page.goto(`/prompts?q=${encodeURIComponent('信息')}`);
    const offer = page.getByTestId('empty-state').getByRole('link', { name: lng === 'en' ? 'Search the other script: 資訊' : '改用另一種寫法搜尋：資訊' });
    await offer.click();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent('資訊')}`));
    await expect(page.getByTestId('prompt-card').first().getByTestId('search-excerpt').locator('mark').first()).toHaveText('資訊');
    await expectNoErrors(errors);
  });
}
