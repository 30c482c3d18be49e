/**
 * Screenshots of the library screens (light/dark, en/zh-HK, desktop/360 px) and the JavaScript
 * a visitor and a signed-in user download on /prompts and /prompts/{id}. Against a running
 * build: `BASE=http://127.0.0.1:5201 DATA_DIR=… npx tsx tests/bench/library-shots.ts OUT_DIR`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../support/chromium';

const base = process.env.BASE ?? 'http://127.0.0.1:5201';
const dataDir = process.env.DATA_DIR!;
const out = process.argv[2] ?? '/tmp/library-shots';

async function signUp(context: BrowserContext) {
  const email = `shots-${Date.now().toString(36)}@example.com`;
  await context.request.post(`${base}/api/auth/register`, { data: { name: 'Mei Chan', email } });
  let file: string | undefined;
  for (let i = 0; i < 50 && !file; i++) {
    file = readdirSync(join(dataDir, 'outbox')).find((f) => f.includes(email));
    if (!file) await new Promise((r) => setTimeout(r, 200));
  }
  const text = readFileSync(join(dataDir, 'outbox', file!), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const token = /token=([A-Za-z0-9_-]+)/.exec(text)![1];
  await context.request.post(`${base}/api/auth/set-password`, { data: { email, token, password: 'correct horse battery' } });
}

async function jsBytes(page: Page, path: string): Promise<number> {
  const sizes: Promise<number>[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script')
      sizes.push(
        r
          .body()
          .then((b) => gzipSync(b).length)
          .catch(() => 0),
      );
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  // Islands hydrate when the browser is idle (and signed-in code loads after /api/auth/me).
  await page.waitForFunction(
    () => [...document.querySelectorAll('astro-island')].every((el) => !el.hasAttribute('ssr') || el.getAttribute('client') === 'visible'),
    null,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle');
  return (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
}

const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs, '--headless'] });
const prompts = (await (await fetch(`${base}/api/prompts`)).json()) as { id: number }[];
const id = prompts[0].id;

for (const signedIn of [false, true]) {
  const context = await browser.newContext();
  if (signedIn) await signUp(context);
  for (const path of [`/prompts/${id}`, '/prompts']) {
    const page = await context.newPage();
    console.log(`${signedIn ? 'signed in' : 'visitor'} ${path}: ${((await jsBytes(page, path)) / 1024).toFixed(1)} KB gzipped JS`);
    await page.close();
  }
  await context.close();
}

if (process.env.SHOTS === '0') process.exit(0);

// One user with data to show, then every screen in every combination.
const seedContext = await browser.newContext();
await signUp(seedContext);
const cookies = await seedContext.cookies();
const r = seedContext.request;
const col = await (
  await r.post(`${base}/api/collections`, { data: { name: 'Writing helpers', description: 'Prompts I use for daily writing', isPublic: true } })
).json();
await r.post(`${base}/api/collections`, { data: { name: 'Quick picks', description: 'My collection of prompts', isPublic: false } });
for (const p of prompts.slice(0, 3)) {
  await r.post(`${base}/api/favorites`, { data: { promptId: p.id } });
  await r.post(`${base}/api/collections/${col.id}/prompts`, { data: { promptId: p.id } });
  await r.put(`${base}/api/prompts/${p.id}/use`);
  await r.post(`${base}/api/history`, { data: { promptId: p.id } });
}
await r.post(`${base}/api/ratings`, { data: { promptId: id, value: 5 } });

const screens: [string, string][] = [
  ['detail', `/prompts/${id}`],
  ['browse-bookmarks', '/prompts?tab=favorites'],
  ['dashboard-collections', '/dashboard'],
  ['dashboard-bookmarks', '/dashboard?tab=bookmarks'],
  ['dashboard-history', '/dashboard?tab=history'],
  ['collections', '/dashboard/collections'],
  ['collection-view', `/collections/${col.id}`],
];
for (const lng of ['en', 'zh-HK']) {
  for (const theme of ['light', 'dark'] as const) {
    for (const [w, h, label] of [
      [1280, 900, 'desktop'],
      [360, 780, 'mobile'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: theme });
      await context.addCookies([...cookies, { name: 'i18next', value: lng, url: base }]);
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const page = await context.newPage();
      for (const [name, path] of screens) {
        await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${out}/${name}-${lng}-${theme}-${label}.png`, fullPage: label === 'desktop' ? false : true });
      }
      // The dialogs.
      await page.goto(`${base}/dashboard/collections`, { waitUntil: 'networkidle' });
      await page.getByTestId('new-collection').click();
      await page.getByTestId('create-collection').click();
      await page.screenshot({ path: `${out}/dialog-new-${lng}-${theme}-${label}.png` });
      await page.goto(`${base}/prompts/${id}`, { waitUntil: 'networkidle' });
      await page.getByTestId('prompt-detail').getByTestId('add-to-collection').click();
      await page.getByTestId('pick-collection').first().waitFor();
      await page.screenshot({ path: `${out}/dialog-add-${lng}-${theme}-${label}.png` });
      await context.close();
    }
  }
}
await browser.close();
