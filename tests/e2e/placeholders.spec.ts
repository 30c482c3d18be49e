import type { Browser } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, islandsReady, test } from './fixtures';
import { signedInPage } from './auth-support';
import { LANGS, type Lang } from './site-support';

/**
 * Converting other tools' placeholders on the create page, in both languages: the
 * hint under the content names them, Convert turns them into variables (the duplicate into
 * one), Undo brings the text back, all by keyboard; the saved prompt has those variables.
 */
const locale = (lng: Lang) => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/review.json`, import.meta.url), 'utf8'));

const signedIn = (browser: Browser, baseURL: string, lng: Lang) => signedInPage(browser, baseURL, lng);

const written =
  'Improve my CV for [Job title]:\n\n[Paste your CV here]\n\nAddress it to ${manager} as 【語氣】; see [the guide](https://example.com) and mention [Job title] again.';
const converted =
  'Improve my CV for {{Job title}}:\n\n{{Paste your CV here}}\n\nAddress it to {{manager}} as {{語氣}}; see [the guide](https://example.com) and mention {{Job title}} again.';

for (const lng of LANGS) {
  test(`the create page converts other tools' placeholders into variables, and undoes it (${lng})`, async ({ browser, baseURL }) => {
    const t = locale(lng).placeholders;
    const page = await signedIn(browser, baseURL!, lng);
    await page.goto('/prompts/create');
    await islandsReady(page);
    const form = page.getByTestId('create-form');
    const content = form.locator('[name=content]');
    const hint = form.getByTestId('placeholder-hint');
    await content.fill('Plain text with no blanks at all, and a [link](https://example.com).');
    await expect(hint).toHaveCount(0);

    await content.fill(written);
    // Four distinct placeholders (the repeated one once), the link left out.
    await expect(hint).toContainText(t.found_other.replace('{{count}}', '4'));
    await expect(hint.getByTestId('placeholder-found')).toHaveText(['[Job title]', '[Paste your CV here]', '${manager}', '【語氣】']);

    // By keyboard: Convert, then focus is on Undo.
    await hint.getByRole('button', { name: t.convert }).focus();
    await page.keyboard.press('Enter');
    await expect(content).toHaveValue(converted);
    await expect(hint.getByRole('status')).toHaveText(t.converted_other.replace('{{count}}', '4'));
    const undo = hint.getByRole('button', { name: t.undo });
    await expect(undo).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(content).toHaveValue(written);
    await expect(hint.getByRole('button', { name: t.convert })).toBeFocused();

    // Converted again and saved privately: the prompt has the four variables, the duplicate once.
    await hint.getByRole('button', { name: t.convert }).click();
    await expect(content).toHaveValue(converted);
    const title = `Converted ${lng} ${Date.now().toString(36)}`;
    await form.locator('[name=title]').fill(title);
    await form.locator('[name=categoryId]').selectOption('1');
    await form.locator('[name=description]').fill('A CV prompt written for another tool.');
    await form.getByTestId('visibility-private').check();
    await page.getByTestId('create-prompt-send').click();
    await expect(page).toHaveURL(/\/prompts\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = (await (await page.request.get(`/api/prompts/${id}`)).json()) as { content: string; variables: { name: string }[] };
    expect(saved.content).toBe(converted);
    expect(saved.variables.map((v) => v.name)).toEqual(['Job title', 'Paste your CV here', 'manager', '語氣']);
    await page.context().close();
  });
}
