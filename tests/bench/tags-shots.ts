/**
 * Screenshots of tags: My Prompts' tag bar and each prompt's tags, a tag being typed (the field
 * focused), the list filtered by a tag with its Rename and Delete buttons, the rename and delete
 * dialogs, the own prompt's page and its edit form with their tags, and a collection filtered
 * by a tag (its owner's view), at
 * 360, 900 and 1280 px, light and dark, en and zh-HK, written to OUT_DIR (default
 * /tmp/shots-tags) as tags-<state>-<width>-<lng>-<theme>.png. Against a running build started
 * like the e2e server:
 *   E2E_PORT=6901 E2E_DATA_DIR=/tmp/e2e-x npx tsx tests/bench/tags-shots.ts [OUT_DIR]
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
    const mine = (await (await page.request.get('/api/prompts/my')).json()) as { items: { id: number }[] };
    if (mine.items.length === 0) {
      const collection = await page.request.post('/api/collections', {
        data: { name: 'Weekly routines', description: 'Prompts I keep together.', isPublic: true },
      });
      const { id: collectionId } = (await collection.json()) as { id: number };
      for (const { title, tags } of PROMPTS) {
        const saved = await page.request.post('/api/prompts', {
          data: { title, description: 'Kept for myself, to use every week.', content: 'Summarise {{notes}}.', categoryId: 1, visibility: 'private' },
        });
        const { id } = (await saved.json()) as { id: number };
        mine.items.push({ id });
        await page.request.put(`/api/prompts/${id}/tags`, { data: { tags } });
        await page.request.post(`/api/collections/${collectionId}/prompts`, { data: { promptId: id } });
      }
    }
    const { items: collections } = (await (await page.request.get('/api/collections/my')).json()) as { items: { id: number }[] };
    const promptId = Math.min(...mine.items.map((p) => p.id));
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
    await page.getByTestId('tag-rename').click();
    await page.getByTestId('tag-rename-input').waitFor();
    await shot('rename-dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('tag-delete').click();
    await page.getByTestId('tag-delete-confirm').waitFor();
    await shot('delete-dialog');
    await page.keyboard.press('Escape');
    await page.goto(`/prompts/${promptId}?lng=${lng}`, { waitUntil: 'networkidle' });
    await page.getByTestId('own-tags').waitFor();
    await shot('own-page');
    await page.goto(`/prompts/${promptId}/edit?lng=${lng}`, { waitUntil: 'networkidle' });
    await page.getByTestId('edit-tags').waitFor();
    await shot('edit-form');
    await page.goto(`/collections/${collections[0].id}?tag=work&lng=${lng}`, { waitUntil: 'networkidle' });
    await page.getByTestId('collection-tag-bar').waitFor();
    await shot('collection');
  },
  { fullPage: true },
);
