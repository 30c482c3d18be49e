import { readFileSync } from 'node:fs';
import { readCsv } from '../../modules/portability/csv';
import { promptoryExport } from '../../modules/portability/contracts';
import { apiSignUp } from './auth-support';
import { expect, test } from './fixtures';
import { expectNoErrors, prepare, watchErrors } from './site-support';

/**
 * "Download my data" on the profile (issue 21): plain links, so they work before any script
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
    expect(row.slice(0, 2)).toEqual([title, 'Summarise {{主題}} in a {{tone:formal|casual}} tone.']);
    await expect(page.getByRole('link', { name: text.markdown })).toHaveAttribute('href', '/api/me/export?format=markdown');
    expectNoErrors(errors);
  });
}
