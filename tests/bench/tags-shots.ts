/**
 * Screenshots of My Prompts with tags: the tag bar and each prompt's tags, a tag being typed
 * (the field focused), and the list filtered by a tag with its Rename and Delete buttons, at
 * 360, 900 and 1280 px, light and dark, en and zh-HK, written to OUT_DIR (default
 * /tmp/shots-tags) as tags-<state>-<width>-<lng>-<theme>.png. Against a running build started
 * like the e2e server:
 *   E2E_PORT=6901 E2E_DATA_DIR=/tmp/e2e-x npx tsx tests/bench/tags-shots.ts [OUT_DIR]
 * Rename asks with the browser's own prompt box, which a page screenshot does not show.
 * Not part of npm test: it is for looking at, not asserting.
 */
import { shootSignedIn } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-tags';

const PROMPTS = [
  { title: 'Meeting notes summariser', tags: ['work', '會議紀錄', 'summaries'] },
  { title: '旅遊行程規劃師', tags: ['旅遊', 'planning', 'a-rather-long-tag-name-here'] },
];

await shootSignedIn(
  'tags',
  out,
  async ({ page, lng, shot }) => {
    const mine = (await (await page.request.get('/api/prompts/my')).json()) as { items: unknown[] };
    if (mine.items.length === 0)
      for (const { title, tags } of PROMPTS) {
        const saved = await page.request.post('/api/prompts', {
          data: { title, description: 'Kept for myself.', content: 'Summarise {{notes}}.', categoryId: 1, visibility: 'private' },
        });
        const { id } = (await saved.json()) as { id: number };
        await page.request.put(`/api/prompts/${id}/tags`, { data: { tags } });
      }
    await page.goto(`/dashboard?tab=submissions&lng=${lng}`, { waitUntil: 'networkidle' });
    await page.getByTestId('prompt-tags').first().waitFor();
    await shot('bar');
    const input = page.getByTestId('tag-input').first();
    await input.focus();
    await page.keyboard.type(lng === 'en' ? 'ideas' : '點子');
    await shot('typing');
    await page.goto(`/dashboard?tab=submissions&tag=work&lng=${lng}`, { waitUntil: 'networkidle' });
    await page.getByTestId('tag-rename').waitFor();
    await page.getByTestId('tag-rename').focus();
    await shot('filtered');
  },
  { fullPage: true },
);
