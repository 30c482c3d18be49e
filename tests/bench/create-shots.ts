/**
 * Screenshots of the create page's placeholder hint: before and after Convert, at
 * 360, 900 and 1280 px, light and dark, en and zh-HK, written to OUT_DIR (default
 * /tmp/shots-create) as create-<state>-<width>-<lng>-<theme>.png. Against a running build
 * started like the e2e server (its outbox in E2E_DATA_DIR):
 *   E2E_PORT=4530 E2E_DATA_DIR=/tmp/e2e-x npx tsx tests/bench/create-shots.ts [OUT_DIR]
 * Not part of npm test: it is for looking at, not asserting.
 */
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { apiSignUp } from '../e2e/auth-support';

const port = Number(process.env.E2E_PORT ?? 4460);
const site = `http://127.0.0.1:${port}`;
const out = process.argv[2] ?? '/tmp/shots-create';
mkdirSync(out, { recursive: true });
const content =
  'Improve my CV for the role of [Job title] at [Company name].\n\n[Paste your CV here]\n\nWrite to ${hiring manager} in a 【語氣】 tone, and see [the guide](https://example.com).';

const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs, '--headless'] });
for (const theme of ['light', 'dark']) {
  const context = await browser.newContext({ baseURL: site });
  await apiSignUp(context.request);
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const page = await context.newPage();
  for (const lng of ['en', 'zh-HK']) {
    for (const width of [360, 900, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/prompts/create?lng=${lng}&content=${encodeURIComponent(content)}`, { waitUntil: 'networkidle' });
      const hint = page.getByTestId('placeholder-hint');
      await hint.waitFor();
      const shot = async (state: string) => {
        await hint.scrollIntoViewIfNeeded();
        const file = join(out, `create-${state}-${width}-${lng}-${theme}.png`);
        await page.screenshot({ path: file });
        console.log(file);
      };
      await shot('found');
      await page.getByTestId('placeholder-convert').click();
      await shot('converted');
    }
  }
  await context.close();
}
await browser.close();
