/**
 * Screenshots of the profile's "Delete my account" card: closed, and open with a
 * wrong password refused, at 360, 900 and 1280 px, light and dark, en and zh-HK, written to
 * OUT_DIR (default /tmp/shots-delete) as delete-<state>-<width>-<lng>-<theme>.png. Against a
 * running build started like the e2e server (its outbox in E2E_DATA_DIR):
 *   E2E_PORT=4530 E2E_DATA_DIR=/tmp/e2e-x npx tsx tests/bench/delete-account-shots.ts [OUT_DIR]
 * Not part of npm test: it is for looking at, not asserting.
 */
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { apiSignUp } from '../e2e/auth-support';

const port = Number(process.env.E2E_PORT ?? 4460);
const site = `http://127.0.0.1:${port}`;
const out = process.argv[2] ?? '/tmp/shots-delete';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs, '--headless'] });
for (const theme of ['light', 'dark']) {
  const context = await browser.newContext({ baseURL: site });
  await apiSignUp(context.request);
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const page = await context.newPage();
  for (const lng of ['en', 'zh-HK']) {
    for (const width of [360, 900, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/dashboard/profile?lng=${lng}`, { waitUntil: 'networkidle' });
      const card = page.getByTestId('delete-account-card');
      const shot = async (state: string) => {
        await card.scrollIntoViewIfNeeded();
        const file = join(out, `delete-${state}-${width}-${lng}-${theme}.png`);
        await page.screenshot({ path: file });
        console.log(file);
      };
      await page.getByTestId('delete-account').waitFor();
      await shot('closed');
      await page.getByTestId('delete-account').click();
      await card.locator('input[type="password"]').fill('not my password');
      await page.getByTestId('delete-account-submit').click();
      await card.locator('[id$="-error"], [role="alert"]').first().waitFor();
      await shot('refused');
    }
  }
  await context.close();
}
await browser.close();
