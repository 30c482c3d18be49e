import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiSignUp } from './auth-support';
import { expect, islandsReady, test } from './fixtures';
import { prepare } from './site-support';

/**
 * A refusal reaches a zh-HK page in Chinese: the server's answer carries a code (and its
 * values), and each screen says the code's text, never the server's English. One real refusal
 * per screen that used to show the English: the device approval, the device list, the access
 * tokens, the import, and the logout (src/client/session.ts).
 */
const locale = (lng: string) => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/refusals.json`, import.meta.url), 'utf8'));
const zh = locale('zh-HK') as Record<string, Record<string, string>>;
const en = locale('en') as Record<string, Record<string, string>>;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The Chinese text is on the page, and no English refusal text is. */
async function saysInChinese(page: Page, chinese: string) {
  await expect(page.locator('body')).toContainText(chinese);
  const shown = await page.locator('body').innerText();
  for (const group of Object.values(en)) for (const english of Object.values(group)) expect(shown).not.toContain(english.split('{{')[0].trim() || '\u0000');
}

test.beforeEach(async ({ context, baseURL }) => {
  await prepare(context, baseURL!, 'zh-HK');
});

/** A connection request as the extension makes it: its key's hash. */
async function askToConnect(page: Page, baseURL: string, name: string) {
  const key = hashOf(randomBytes(32).toString('base64url'));
  const asked = await page.request.post('/api/extension/connection-requests', { data: { name, tokenHash: key }, headers: { origin: baseURL } });
  expect(asked.status()).toBe(201);
  return key;
}

test('the device approval says a used key in Chinese', async ({ page, baseURL }) => {
  await apiSignUp(page.request);
  const key = await askToConnect(page, baseURL!, 'Office PC');
  await page.goto(`/extension/connect?key=${key}`);
  await islandsReady(page);
  // Approved meanwhile (another tab): the page's own approval is refused as used.
  expect((await page.request.post('/api/extension/devices', { data: { name: 'Office PC', tokenHash: key } })).status()).toBe(201);
  await page.getByTestId('connect-approve').click();
  await saysInChinese(page, zh.devices.tokenUsed);
});

test('the device list says an ended session in Chinese', async ({ page, baseURL }) => {
  await apiSignUp(page.request);
  const key = await askToConnect(page, baseURL!, 'Home laptop');
  expect((await page.request.post('/api/extension/devices', { data: { name: 'Home laptop', tokenHash: key } })).status()).toBe(201);
  await page.goto('/dashboard');
  await islandsReady(page);
  await expect(page.getByTestId('device')).toHaveCount(1);
  // Signed out elsewhere: the revoke is refused until the member signs in again.
  await page.request.post('/api/auth/logout', { data: {} });
  await page.getByTestId('device-revoke').click();
  await page.getByTestId('device-revoke-confirm').click();
  await saysInChinese(page, zh.accounts.signInRequired);
});

test('the access tokens say the limit in Chinese, with its number', async ({ page }) => {
  await apiSignUp(page.request);
  for (let i = 1; i <= 20; i++) {
    const made = await page.request.post('/api/tokens', { data: { name: `Tool ${i}`, scope: 'read', expiresInDays: 30 } });
    expect(made.status(), `token ${i}`).toBe(201);
  }
  await page.goto('/dashboard');
  await islandsReady(page);
  const section = page.getByTestId('dashboard-tokens');
  await section.getByRole('textbox').first().fill('One too many');
  await page.getByTestId('token-create').click();
  await saysInChinese(page, fill(zh.tokens.tooMany, { limit: 20 }));
});

test('the import says an unreadable file in Chinese, with the format it expected', async ({ page }) => {
  await apiSignUp(page.request);
  await page.goto('/dashboard/import');
  await islandsReady(page);
  await page.getByTestId('import-format').selectOption('promptory-json');
  await page.getByTestId('import-file').setInputFiles({ name: 'export.json', mimeType: 'application/json', buffer: Buffer.from('this is not JSON') });
  await page.getByTestId('import-check').click();
  await saysInChinese(page, fill(zh.imports.notJson, { format: 'Promptory' }));
});

test('the logout says a refused request in Chinese', async ({ page }) => {
  await apiSignUp(page.request);
  await page.goto('/dashboard');
  await islandsReady(page);
  // The request reaches the server as another site's would: the server itself refuses it (403).
  await page.route('**/api/auth/logout', async (route) =>
    route.fulfill({ response: await route.fetch({ headers: { ...route.request().headers(), origin: 'https://evil.example' } }) }),
  );
  await page.getByTestId('user-menu').click();
  await page.locator('[data-logout]:visible').first().click();
  await saysInChinese(page, zh.accounts.crossOrigin);
  expect((await (await page.request.get('/api/auth/me')).json()).user).not.toBeNull();
});
