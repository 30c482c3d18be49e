/**
 * Screenshots of a long collection's page: the end of its first page with "Load more", and the
 * next page landed on its first new card, at 360, 900 and 1280 px, light and dark, en and zh-HK.
 * Against a running build (tests/bench/shots-support.ts):
 *   BASE=http://127.0.0.1:5710 DATA_DIR=/tmp/x npx tsx tests/bench/collection-shots.ts [OUT_DIR]
 * Not part of npm test: it is for looking at, not asserting.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { base, launchShots, lngs, ok, signUp, themes, widths } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-collection';
mkdirSync(out, { recursive: true });
const browser = await launchShots();
const owner = await browser.newContext();
await signUp(owner.request, 'Cleo Collector');
const shelf = await ok(
  'collection',
  owner.request.post(`${base}/api/collections`, { data: { name: 'Everything for the launch', description: 'Thirty prompts I reach for.', isPublic: true } }),
);
const all = (await (await owner.request.get(`${base}/api/prompts`)).json()) as { id: number }[];
for (const p of all.slice(0, 30)) await ok('add', owner.request.post(`${base}/api/collections/${shelf.id}/prompts`, { data: { promptId: p.id } }));

for (const theme of themes) {
  const page = await owner.newPage();
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  for (const lng of lngs)
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/collections/${shelf.id}?lng=${lng}`, { waitUntil: 'networkidle' });
      await page.locator('[data-load-more]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(out, `collection-more-${width}-${lng}-${theme}.png`) });
      await page.locator('[data-load-more]').click();
      await page.waitForURL(/page=2/);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(out, `collection-page2-${width}-${lng}-${theme}.png`) });
      console.log(width, lng, theme);
    }
  await page.close();
}
await browser.close();
