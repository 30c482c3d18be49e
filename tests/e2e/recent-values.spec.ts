import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { TemplateVariable } from '../../modules/prompts/contracts';
import { apiSignUp } from './auth-support';
import { expect, test } from './fixtures';
import { expectNoErrors, prepare, watchErrors, type Lang } from './site-support';

/**
 * Remembered values: a signed-in user's filled copy is remembered on the server;
 * with the browser's own memory gone, the panel still offers the value typed the first time;
 * "Clear remembered values" on the profile forgets it.
 */
type Messages = Record<string, any>;
const locale = (lng: Lang, ns: string): Messages => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));
const PROMPT = { en: 'Cover Letter Tailored to a Job Posting', 'zh-HK': '正式商業電郵撰寫助手' } as const;

async function seeded(request: APIRequestContext, title: string): Promise<{ id: number; variables: TemplateVariable[] }> {
  const all = (await (await request.get('/api/prompts')).json()) as { id: number; title: string }[];
  const { id } = all.find((p) => p.title === title)!;
  return (await (await request.get(`/api/prompts/${id}`)).json()) as { id: number; variables: TemplateVariable[] };
}

const openPanel = async (page: Page, id: number, title: string) => {
  await page.goto(`/prompts/${id}`);
  await page.getByTestId('copy-prompt').click();
  const panel = page.getByRole('dialog', { name: title });
  await expect(panel).toBeVisible();
  return panel;
};

for (const lng of ['en', 'zh-HK'] as const) {
  test(`remembered values in ${lng}: offered after the browser forgot them, gone after clearing in the profile`, async ({ page, context, baseURL }) => {
    test.setTimeout(90_000);
    const fill = locale(lng, 'prompts').fill;
    const recent = locale(lng, 'dashboard').profile.recent;
    await prepare(context, baseURL!, lng, lng === 'en' ? 'light' : 'dark');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': lng === 'en' ? '198.51.100.61' : '198.51.100.62' });
    const errors = watchErrors(page);
    await apiSignUp(page.request);

    const prompt = await seeded(page.request, PROMPT[lng]);
    const field = prompt.variables.find((v) => !v.options)!;
    const typed = `${lng} remembered ${Date.now().toString(36)}`;
    const useLabel = fill.useRecent.replace('{{value}}', typed);

    // First fill and copy: the history entry carries the values.
    let panel = await openPanel(page, prompt.id, fill.title);
    await panel.getByLabel(field.name, { exact: true }).fill(typed);
    const history = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/history');
    await panel.getByTestId('fill-copy').click();
    expect((await history).status()).toBe(201);
    await expect(panel).toBeHidden();

    // The browser forgets; the server still offers the value, by keyboard too.
    await page.evaluate((id) => localStorage.removeItem(`promptory:fill:${id}`), prompt.id);
    panel = await openPanel(page, prompt.id, fill.title);
    const input = panel.getByLabel(field.name, { exact: true });
    await expect(input).toHaveValue(field.default ?? '');
    const chip = panel.getByRole('button', { name: useLabel });
    await expect(chip).toBeVisible();
    await chip.focus();
    await page.keyboard.press('Enter');
    await expect(input).toHaveValue(typed);
    await expect(input).toBeFocused();
    await page.keyboard.press('Escape');

    // The profile clears them, after a confirmation.
    await page.goto('/dashboard/profile');
    await expect(page.getByRole('heading', { name: recent.title })).toBeVisible();
    await page.getByRole('button', { name: recent.clear }).click();
    await expect(page.getByText(recent.confirm)).toBeVisible();
    const cleared = page.waitForResponse((r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname === '/api/me/recent-values');
    await page.getByRole('button', { name: recent.confirmClear }).click();
    expect((await cleared).status()).toBe(200);
    await expect(page.getByTestId('toast')).toContainText(recent.cleared.title);

    await page.evaluate((id) => localStorage.removeItem(`promptory:fill:${id}`), prompt.id);
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/prompts/${prompt.id}/recent-values`);
    panel = await openPanel(page, prompt.id, fill.title);
    expect((await asked).status()).toBe(200);
    await expect(panel.getByLabel(field.name, { exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: useLabel })).toHaveCount(0);
    await expect(panel.getByTestId('fill-recent')).toHaveCount(0);
    await expectNoErrors(errors);
  });
}
