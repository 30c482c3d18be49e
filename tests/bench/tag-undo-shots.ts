/**
 * Screenshots of My Prompts just after deleting a tag: the list unfiltered and the toast with
 * Undo, at 360, 900 and 1280 px, light and dark, en and zh-HK, written to OUT_DIR (default
 * /tmp/shots-tag-undo). Against a running build started like the e2e server (its outbox in E2E_DATA_DIR):
 *   E2E_PORT=4530 E2E_DATA_DIR=/tmp/e2e-x npx tsx tests/bench/tag-undo-shots.ts [OUT_DIR]
 * Not part of npm test: it is for looking at, not asserting.
 */
import type { APIRequestContext } from 'playwright-core';
import { shootSignedIn } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-tag-undo';

/** Two private prompts tagged travel and ideas. */
async function tagged(request: APIRequestContext) {
  const text = { description: 'Notes for the road.', content: 'Plan {{days}} days in {{city}}.', categoryId: 1, visibility: 'private' };
  for (const title of ['Weekend in Kyoto', 'Hiking checklist']) {
    const saved = await (await request.post('/api/prompts', { data: { ...text, title } })).json();
    await request.put(`/api/prompts/${saved.id}/tags`, { data: { tags: ['travel', 'ideas'] } });
  }
}

await shootSignedIn(
  'tag-undo',
  out,
  async ({ page, lng, shot }) => {
    await page.goto(`/dashboard?tab=submissions&tag=travel&lng=${lng}`, { waitUntil: 'networkidle' });
    await page.getByTestId('tag-delete').click();
    await page.getByTestId('tag-delete-confirm').click();
    await page.getByTestId('toast').waitFor();
    await page.locator('[data-testid=tag-filter][data-tag=travel]').waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    await shot('toast');
    // Undone, so the next width starts from the same library.
    await page.getByTestId('toast').getByRole('button').first().click();
    await page.waitForURL(/tag=travel/);
  },
  { prepare: tagged },
);
