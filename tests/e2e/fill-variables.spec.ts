import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { builtInValues, fillTemplate, type TemplateVariable } from '../../modules/prompts/contracts';
import { adminSignIn, apiSignUp } from './auth-support';
import { expect, test } from './fixtures';
import { expectNoErrors, prepare, watchErrors, type Lang } from './site-support';

/**
 * Fill before copy: on a seeded prompt with variables, Copy Prompt (detail page)
 * and Use Prompt (a card) open the fill-in panel; typing fills the preview; "Copy filled
 * prompt" records the use and copies the filled text; reopening offers the last values.
 */
type Messages = Record<string, any>;
const locale = (lng: Lang, ns: string): Messages => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));

interface Detail {
  id: number;
  title: string;
  content: string;
  usageCount: number;
  variables: TemplateVariable[];
}

async function seeded(request: APIRequestContext, title: string): Promise<Detail> {
  const all = (await (await request.get('/api/prompts')).json()) as { id: number; title: string }[];
  const { id } = all.find((p) => p.title === title)!;
  return (await (await request.get(`/api/prompts/${id}`)).json()) as Detail;
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const usageCount = async (request: APIRequestContext, id: number) => ((await (await request.get(`/api/prompts/${id}`)).json()) as Detail).usageCount;
const useOf = (page: Page, id: number) => page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/prompts/${id}/use`));

// Per language: a prompt for the detail page and one for the cards, their first text field, a choice and a value for it.
const CASES = {
  en: {
    detail: 'Cover Letter Tailored to a Job Posting',
    typed: { 'Why I want this role': 'I love tidy code', Tone: 'warm and confident' },
    card: 'Meeting Notes to Action Items',
    block: 'Notes or transcript',
  },
  'zh-HK': {
    detail: '正式商業電郵撰寫助手',
    typed: { 收件人: '陳經理', 重點一: '報價已更新' },
    choice: ['語言', '中英對照'],
    card: '香港社交媒體貼文策劃',
    block: null,
  },
} as const;

for (const lng of ['en', 'zh-HK'] as const) {
  test(`fill before copy in ${lng}: detail page and card, preview, copy, use recorded, last values offered`, async ({ page, context, baseURL }) => {
    test.setTimeout(90_000);
    const common = locale(lng, 'common');
    const fill = locale(lng, 'prompts').fill;
    const c = CASES[lng];
    await prepare(context, baseURL!, lng, lng === 'en' ? 'light' : 'dark');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // A visitor of its own: a use counts once per visitor and prompt per day.
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': lng === 'en' ? '198.51.100.41' : '198.51.100.42' });
    const errors = watchErrors(page);

    // The detail page: Copy Prompt opens the panel, focused on the first empty field.
    const prompt = await seeded(page.request, c.detail);
    expect(prompt.variables.length).toBeGreaterThan(1);
    await page.goto(`/prompts/${prompt.id}`);
    await page.getByTestId('copy-prompt').click();
    const panel = page.getByRole('dialog', { name: fill.title });
    await expect(panel).toBeVisible();
    const first = prompt.variables.find((v) => !v.default)!;
    await expect(panel.getByLabel(first.name, { exact: true })).toBeFocused();
    for (const v of prompt.variables) await expect(panel.getByLabel(v.name, { exact: true })).toBeVisible();

    // Typing fills the preview as it goes; untouched blanks show their placeholder.
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(c.typed)) {
      await panel.getByLabel(name, { exact: true }).fill(value);
      values[name] = value;
    }
    if ('choice' in c) {
      const [name, option] = c.choice;
      const select = panel.getByLabel(name, { exact: true });
      await expect(select).toHaveValue(prompt.variables.find((v) => v.name === name)!.options![0]);
      await select.selectOption(option);
      values[name] = option;
    }
    const preview = panel.getByTestId('fill-preview');
    const expected = fillTemplate(prompt.content, values);
    await expect(preview).toHaveText(expected);
    for (const value of Object.values(values)) await expect(preview.locator('mark[data-filled]', { hasText: value }).first()).toBeVisible();

    // Copy filled prompt: the use is recorded, the filled text copied, the panel closed.
    const before = prompt.usageCount;
    const use = useOf(page, prompt.id);
    await panel.getByRole('button', { name: fill.copy }).click();
    expect((await use).status()).toBe(200);
    await expect(page.getByTestId('toast')).toContainText(common.toasts.promptCopied.title);
    await expect(panel).toBeHidden();
    expect(await clipboard(page)).toBe(expected);
    expect(expected).not.toContain(`{{${Object.keys(c.typed)[0]}}}`);
    await expect(page.getByTestId('copy-prompt')).toHaveText(common.actions.copied);
    expect(await usageCount(page.request, prompt.id)).toBe(before + 1);

    // After a reload, the panel offers the values typed last; Escape closes it, Enter in a field copies.
    await page.reload();
    await page.getByTestId('copy-prompt').click();
    await expect(panel).toBeVisible();
    for (const [name, value] of Object.entries(values)) await expect(panel.getByLabel(name, { exact: true })).toHaveValue(value);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.getByTestId('copy-prompt').click();
    await expect(panel).toBeVisible();
    const [firstTyped] = Object.keys(c.typed);
    await panel.getByLabel(firstTyped, { exact: true }).fill('Ana');
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await panel.getByLabel(firstTyped, { exact: true }).press('Enter');
    await expect(panel).toBeHidden();
    await expect.poll(() => clipboard(page)).toBe(fillTemplate(prompt.content, { ...values, [firstTyped]: 'Ana' }));

    // A card: Use Prompt opens the same panel (Ctrl+Enter in a long field copies).
    const other = await seeded(page.request, c.card);
    await page.goto(`/prompts?q=${encodeURIComponent(c.card)}`);
    const card = page.getByTestId('prompt-card').filter({ hasText: c.card }).first();
    await card.getByTestId('use-prompt').click();
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('fill-preview')).toHaveText(fillTemplate(other.content, {}));
    const cardUse = useOf(page, other.id);
    if (c.block) {
      const area = panel.getByLabel(c.block, { exact: true });
      await expect(area).toHaveJSProperty('tagName', 'TEXTAREA');
      await area.fill('Line one\nLine two');
      await area.press('Control+Enter');
    } else {
      await panel.getByRole('button', { name: fill.copy }).click();
    }
    expect((await cardUse).status()).toBe(200);
    await expect(panel).toBeHidden();
    expect(await clipboard(page)).toBe(fillTemplate(other.content, c.block ? { [c.block]: 'Line one\nLine two' } : {}));
    await expectNoErrors(errors);
  });
}

test('a prompt without variables copies at once, with no panel', async ({ page, context, browser }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.43' });
  const all = (await (await page.request.get('/api/prompts')).json()) as { id: number }[];
  let plain: Detail | undefined;
  for (const { id } of all) {
    const p = (await (await page.request.get(`/api/prompts/${id}`)).json()) as Detail;
    if (p.variables.length === 0) plain = p;
  }
  // Every seeded prompt has blanks today: the plain one is submitted and approved here.
  if (!plain) plain = await approvedPlainPrompt(page, browser);
  await page.goto(`/prompts/${plain.id}`);
  const use = useOf(page, plain.id);
  await page.getByTestId('copy-prompt').click();
  expect((await use).status()).toBe(200);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => clipboard(page)).toBe(plain.content);
});

/** A prompt without variables, submitted by a new user and approved by the admin through the API. */
async function approvedPlainPrompt(page: Page, browser: Browser): Promise<Detail> {
  await apiSignUp(page.request);
  const submitted = await page.request.post('/api/prompts', {
    data: {
      title: 'Plain prompt, no blanks',
      description: 'A prompt with nothing to fill in.',
      content: 'Explain recursion to a ten-year-old in five sentences.',
      categoryId: 1,
    },
  });
  expect(submitted.status()).toBe(201);
  const { id } = (await submitted.json()) as { id: number };
  const admin = await browser.newContext();
  await adminSignIn(admin.request);
  expect((await admin.request.put(`/api/admin/prompts/${id}/review`, { data: { isApproved: true } })).status()).toBe(200);
  await admin.close();
  await expect.poll(async () => (await page.request.get(`/api/prompts/${id}`)).status()).toBe(200);
  return (await (await page.request.get(`/api/prompts/${id}`)).json()) as Detail;
}

for (const lng of ['en', 'zh-HK'] as const) {
  test(`built-in variables fill themselves in ${lng}: today's date, the member's name and language, the clipboard`, async ({ page, context, baseURL }) => {
    const fill = locale(lng, 'prompts').fill;
    await prepare(context, baseURL!, lng, lng === 'en' ? 'dark' : 'light');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': lng === 'en' ? '198.51.100.43' : '198.51.100.44' });
    const errors = watchErrors(page);
    await apiSignUp(page.request);
    const saved = await page.request.post('/api/prompts', {
      data: {
        title: `Built-ins ${lng} ${Date.now().toString(36)}`,
        description: 'A prompt from Open WebUI with its built-in variables.',
        content: 'On {{CURRENT_DATE}}, {{USER_NAME}} ({{USER_LANGUAGE}}) asks about {{CLIPBOARD}} and {{topic}}.',
        categoryId: 1,
        visibility: 'private',
      },
    });
    expect(saved.status()).toBe(201);
    const { id } = await saved.json();
    await page.goto(`/prompts/${id}`);
    await page.evaluate(() => navigator.clipboard.writeText('the copied paragraph'));
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const today = builtInValues(['CURRENT_DATE'], { now: new Date(), timeZone, language: lng }).CURRENT_DATE;
    const name = ((await (await page.request.get('/api/auth/me')).json()) as { user: { name: string } }).user.name;

    await page.getByTestId('own-copy').click();
    const panel = page.getByRole('dialog', { name: fill.title });
    await expect(panel.getByLabel('CURRENT_DATE', { exact: true })).toHaveValue(today);
    await expect(panel.getByLabel('USER_NAME', { exact: true })).toHaveValue(name);
    await expect(panel.getByLabel('USER_LANGUAGE', { exact: true })).toHaveValue(lng);
    await expect(panel.getByLabel('CLIPBOARD', { exact: true })).toHaveValue('the copied paragraph');
    // An ordinary variable is still the person's to fill.
    await expect(panel.getByLabel('topic', { exact: true })).toHaveValue('');
    await expect(panel.getByTestId('fill-preview')).toContainText(`On ${today}, ${name} (${lng}) asks about the copied paragraph and`);
    expectNoErrors(errors);
  });
}
