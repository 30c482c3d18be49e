/**
 * Screenshots of a long collection's page: the end of its first page with "Load more", and the
 * next page landed on its first new card, at 360, 900 and 1280 px, light and dark, en and zh-HK,
 * written to OUT_DIR (default /tmp/shots-collection). Against a running build started like the
 * e2e server (its outbox in E2E_DATA_DIR):
 *   E2E_PORT=4530 E2E_DATA_DIR=/tmp/e2e-x npx tsx tests/bench/collection-shots.ts [OUT_DIR]
 * Not part of npm test: it is for looking at, not asserting.
 */
import type { APIRequestContext } from 'playwright-core';
import { shootSignedIn } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-collection';

/** A public collection of 30 of the catalog's prompts. */
async function longShelf(request: APIRequestContext) {
  const shelf = await (
    await request.post('/api/collections', { data: { name: 'Everything for the launch', description: 'Thirty prompts I reach for.', isPublic: true } })
  ).json();
  const all = (await (await request.get('/api/prompts')).json()) as { id: number }[];
  for (const p of all.slice(0, 30)) await request.post(`/api/collections/${shelf.id}/prompts`, { data: { promptId: p.id } });
}

await shootSignedIn(
  'collection',
  out,
  async ({ page, lng, shot }) => {
    const [shelf] = (await (await page.request.get('/api/collections/my')).json()).items as { id: number }[];
    await page.goto(`/collections/${shelf.id}?lng=${lng}`, { waitUntil: 'networkidle' });
    await page.locator('[data-load-more]').scrollIntoViewIfNeeded();
    await shot('more');
    await page.locator('[data-load-more]').click();
    await page.waitForURL(/page=2/);
    await page.waitForLoadState('networkidle');
    await shot('page2');
  },
  { prepare: longShelf },
);
