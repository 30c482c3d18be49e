/**
 * Screenshots of deleting your own prompt: My Prompts with Recently deleted under it, and a
 * prompt's own page just deleted (Restore, and the toast with Undo), at 360, 900 and 1280 px,
 * light and dark, en and zh-HK. Against a running build (tests/bench/shots-support.ts):
 *   BASE=http://127.0.0.1:5510 DATA_DIR=/tmp/x npx tsx tests/bench/deletion-shots.ts [OUT_DIR]
 * Not part of npm test: it is for looking at, not asserting.
 */
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { base, ok, shootAll, signUp } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-deletion';
const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs, '--headless'] });
const context = await browser.newContext();
await signUp(context.request, 'Dana Deleter');
const save = (title: string, visibility?: 'private') =>
  ok(
    'save',
    context.request.post(`${base}/api/prompts`, {
      data: { title, description: 'A prompt kept to show how deleting reads.', content: 'Write a short brief about the topic.', categoryId: 1, visibility },
    }),
  );
await save('Weekly team update draft', 'private');
const gone = await save('A long title of a deleted prompt that has to wrap on a phone screen', 'private');
await ok('delete', context.request.post(`${base}/api/prompts/${gone.id}/delete`));
const own = await save('Meeting notes summariser', 'private');

await shootAll(out, [
  ['my-prompts', context, '/dashboard?tab=submissions', async (page) => void (await page.getByTestId('recently-deleted').scrollIntoViewIfNeeded())],
  [
    'own-deleted',
    context,
    `/prompts/${own.id}`,
    async (page) => {
      // The loop deletes it at every size: bring it back first.
      if ((await page.request.post(`${base}/api/prompts/${own.id}/undelete`)).ok()) await page.reload({ waitUntil: 'networkidle' });
      await page.getByTestId('own-delete').waitFor();
      page.once('dialog', (d) => void d.accept());
      await page.getByTestId('own-delete').click();
      await page.getByTestId('own-prompt-deleted').waitFor();
    },
  ],
]);
await browser.close();
