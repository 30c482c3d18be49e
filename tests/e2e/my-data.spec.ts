import { readFileSync } from 'node:fs';
import { readCsv } from '../../modules/portability/csv';
import { promptoryExport } from '../../modules/portability/contracts';
import { apiSignUp } from './auth-support';
import { expect, test } from './fixtures';
import { expectNoErrors, prepare, watchErrors } from './site-support';

/**
 * "Download my data" on the profile: plain links, so they work before any script
 * runs; each gives a file named for the day, holding the member's own private prompt.
 */
const strings = (lng: string) =>
  JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/dashboard.json`, import.meta.url), 'utf8')).profile.download as Record<string, string>;

for (const lng of ['en', 'zh-HK'] as const) {
  test(`download my data in ${lng}: JSON and CSV from the profile`, async ({ page, context, baseURL }) => {
    const text = strings(lng);
    await prepare(context, baseURL!, lng, lng === 'en' ? 'light' : 'dark');
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': lng === 'en' ? '198.51.100.71' : '198.51.100.72' });
    const errors = watchErrors(page);
    await apiSignUp(page.request);
    const title = `${lng} export ${Date.now().toString(36)}`;
    const saved = await page.request.post('/api/prompts', {
      data: {
        title,
        description: 'Kept for myself, and taken with me.',
        content: 'Summarise {{主題}} in a {{tone:formal|casual}} tone.',
        categoryId: 1,
        visibility: 'private',
      },
    });
    expect(saved.status()).toBe(201);

    await page.goto('/dashboard/profile');
    await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
    const json = page.getByRole('link', { name: text.json });
    const [jsonFile] = await Promise.all([page.waitForEvent('download'), json.click()]);
    expect(jsonFile.suggestedFilename()).toMatch(/^promptory-export-\d{4}-\d{2}-\d{2}\.json$/);
    const data = promptoryExport.parse(JSON.parse(readFileSync((await jsonFile.path())!, 'utf8')));
    expect(data.prompts).toEqual([
      expect.objectContaining({
        title,
        visibility: 'private',
        variables: [{ name: '主題' }, { name: 'tone', default: 'formal', options: ['formal', 'casual'] }],
      }),
    ]);

    const [csvFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: text.csv }).click()]);
    expect(csvFile.suggestedFilename()).toMatch(/\.csv$/);
    const [header, row] = readCsv(readFileSync((await csvFile.path())!, 'utf8'));
    expect(header.slice(0, 2)).toEqual(['act', 'prompt']);
    // prompts.chat's own syntax, so prompts.chat reads the variables back (a choice list keeps its default).
    expect(row.slice(0, 2)).toEqual([title, 'Summarise ${主題} in a ${tone:formal} tone.']);
    await expect(page.getByRole('link', { name: text.markdown })).toHaveAttribute('href', '/api/me/export?format=markdown');
    expectNoErrors(errors);
  });
}

const importStrings = (lng: string) =>
  JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/dashboard.json`, import.meta.url), 'utf8')).import as Record<string, any>;

for (const lng of ['en', 'zh-HK'] as const) {
  test(`import in ${lng}: choose a prompts.chat file, check it, import it, find it in My Prompts, undo it`, async ({ page, context, baseURL }) => {
    const text = importStrings(lng);
    const plural = (key: string, count: number) => (text[`${key}_${count === 1 ? 'one' : 'other'}`] as string).replace('{{count}}', String(count));
    await prepare(context, baseURL!, lng, lng === 'en' ? 'dark' : 'light');
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': lng === 'en' ? '198.51.100.73' : '198.51.100.74' });
    const errors = watchErrors(page);
    await apiSignUp(page.request);

    await page.goto('/dashboard/profile');
    await page.getByTestId('import-link').click();
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    // No format chosen: the server recognises the file.
    await expect(page.getByLabel(text.format)).toHaveValue('');
    // Checking without a file says so at the field.
    await page.getByTestId('import-check').click();
    await expect(page.getByText(text.errors.noFile)).toBeVisible();
    await page.getByLabel(text.file, { exact: true }).setInputFiles('tests/fixtures/formats/prompts-chat.csv');
    await page.getByTestId('import-check').click();

    const summary = text.summary.replace('{{new}}', '4').replace('{{duplicate}}', '0').replace('{{invalid}}', '0');
    await expect(page.getByTestId('import-summary')).toHaveText(summary);
    const items = page.getByTestId('import-items').locator(':scope > li');
    await expect(items).toHaveCount(4);
    await expect(items.nth(2)).toContainText('旅遊行程規劃師 ✈️');
    await expect(items.nth(2)).toContainText(text.variables.replace('{{names}}', '天數, 城市'));
    const readAs = text.readAs.replace('{{format}}', text.formats['prompts-chat-csv']).replace('{{encoding}}', text.encodings['utf-8']);
    await expect(page.getByTestId('import-read-as')).toContainText(readAs);

    await page.getByRole('button', { name: plural('import', 4) }).click();
    await expect(page.getByRole('heading', { name: plural('done', 4) })).toBeVisible();
    const mine = await (await page.request.get('/api/prompts/my')).json();
    expect(mine.items.map((p: { status: string }) => p.status)).toEqual(['private', 'private', 'private', 'private']);
    expect(mine.items.map((p: { content: string }) => p.content)).toContain(
      '請為我規劃{{天數:3}}天的{{城市}}旅遊行程，每天列出早、午、晚的安排，並附上預算建議（新台幣）。',
    );

    await page.getByTestId('import-undo').click();
    await expect(page.getByText(text.undoConfirm)).toBeVisible();
    await page.getByTestId('import-undo-confirm').click();
    const undone = text.undone.description.replace('{{removed}}', '4').replace('{{kept}}', '0');
    await expect(page.getByTestId('import-undone')).toContainText(undone);
    expect((await (await page.request.get('/api/prompts/my')).json()).items).toEqual([]);
    expectNoErrors(errors);
  });
}

// "寫一封信 / 請幫我寫一封感謝信給老師，語氣要溫暖。" as Excel saves a CSV in Big5 (Hong Kong, Taiwan).
const BIG5_CSV = Buffer.from('6163742c70726f6d70740abc67a440abcaab482cbdd0c0b0a7dabc67a440abcab750c1c2ab48b5b9a6d1ae76a141bb79aef0ad6eb7c5b778a1430a', 'hex');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');

for (const lng of ['en', 'zh-HK'] as const) {
  test(`import in ${lng}: a picture is refused on the page saying what it is; a Big5 CSV shows its Chinese in the preview`, async ({
    page,
    context,
    baseURL,
  }) => {
    const text = importStrings(lng);
    await prepare(context, baseURL!, lng, lng === 'en' ? 'light' : 'dark');
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': lng === 'en' ? '198.51.100.75' : '198.51.100.76' });
    const errors = watchErrors(page);
    await apiSignUp(page.request);
    await page.goto('/dashboard/import');
    const file = page.getByLabel(text.file, { exact: true });
    await file.setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('import-check').click();
    // On the page, in the person's language, until they choose another file (not a toast that vanishes).
    const refusals = JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/refusals.json`, import.meta.url), 'utf8'));
    await expect(page.getByTestId('import-error')).toHaveText(refusals.imports.png);

    await file.setInputFiles({ name: 'prompts.csv', mimeType: 'text/csv', buffer: BIG5_CSV });
    await expect(page.getByTestId('import-error')).toHaveCount(0);
    await page.getByTestId('import-check').click();
    const readAs = text.readAs.replace('{{format}}', text.formats['prompts-chat-csv']).replace('{{encoding}}', text.encodings.big5);
    await expect(page.getByTestId('import-read-as')).toContainText(readAs);
    await expect(page.getByTestId('import-sample')).toContainText('請幫我寫一封感謝信給老師，語氣要溫暖。');
    await expect(page.getByTestId('import-items').locator(':scope > li')).toContainText('寫一封信');
    expectNoErrors(errors);
  });
}

for (const lng of ['en', 'zh-HK'] as const) {
  test(`import preview in ${lng}: an over-long title is shortened at a word, and the preview says the full title is kept in the description`, async ({
    page,
    context,
  }) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': lng === 'en' ? '198.51.100.77' : '198.51.100.78' });
    await apiSignUp(page.request);
    const title = 'A remarkably long title for a prompt that reviews travel plans day by day and checks every booking twice over';
    await page.goto(`/dashboard/import?lng=${lng}`);
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'prompts.csv', mimeType: 'text/csv', buffer: Buffer.from(`act,prompt\n${title},Review my travel plan.\n`) });
    await page.getByTestId('import-check').click();
    const item = page.getByTestId('import-items').locator(':scope > li');
    await expect(item.getByTestId('import-title-shortened')).toHaveText(importStrings(lng).titleShortened);
    // Cut after a whole word, marked with an ellipsis.
    await expect(item).toContainText('A remarkably long title for a prompt that reviews travel plans day by day and checks every booking…');
  });
}
