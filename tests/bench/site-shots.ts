/**
 * Screenshots of every public screen at desktop (1280), tablet (900) and phone (360) width, light and
 * dark, English and Traditional Chinese, into /tmp/shots (or SHOTS_DIR).
 *
 *   npx tsx tests/bench/site-shots.ts http://127.0.0.1:4510 [filter]
 */
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { chromiumArgs, chromiumPath } from '../support/chromium';

const base = process.argv[2] ?? 'http://127.0.0.1:4510';
const filter = process.argv[3];
const out = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(out, { recursive: true });

const pages: { name: string; path: string; full?: boolean; before?: (p: import('@playwright/test').Page) => Promise<void> }[] = [
  { name: 'home', path: '/', full: true },
  { name: 'prompts', path: '/prompts' },
  { name: 'prompts-filtered', path: '/prompts?q=email&category=writing&sort=newest' },
  { name: 'prompts-empty', path: '/prompts?q=zzzzqqq' },
  { name: 'detail', path: '/prompts/1', full: true },
  { name: 'detail-missing', path: '/prompts/999999' },
  { name: 'community', path: '/community' },
  { name: 'community-trending', path: '/community?tab=trending' },
  { name: 'extension', path: '/extension', full: true },
  { name: 'privacy', path: '/privacy-policy' },
  { name: '404', path: '/no-such-page' },
  {
    name: 'mobile-menu',
    path: '/',
    before: async (p) => {
      if ((p.viewportSize()?.width ?? 0) < 768) await p.getByTestId('mobile-menu-button').click();
      else await p.getByTestId('language-menu').click();
    },
  },
];

const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
for (const lng of ['en', 'zh-HK'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    for (const [device, width] of [
      ['desktop', 1280],
      ['tablet', 900],
      ['phone', 360],
    ] as const) {
      const context = await browser.newContext({
        viewport: { width, height: device === 'phone' ? 780 : 860 },
        deviceScaleFactor: 1,
        colorScheme: theme,
        locale: lng,
      });
      await context.addCookies([{ name: 'i18next', value: lng, url: base }]);
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const page = await context.newPage();
      for (const entry of pages) {
        const name = `${entry.name}-${device}-${theme}-${lng}`;
        if (filter && !name.includes(filter)) continue;
        await page.goto(base + entry.path, { waitUntil: 'networkidle' });
        if (entry.before) await entry.before(page);
        await page.waitForTimeout(150);
        await page.screenshot({ path: `${out}/${name}.png`, fullPage: entry.full ?? false });
      }
      await context.close();
    }
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
