/**
 * Screenshots of a published prompt's page as its author sees it (Edit, Version history and My
 * prompts in place of Rate; no Report prompt) and as another member sees it, at 360, 900 and
 * 1280 px, light and dark, en and zh-HK. Against a running build (tests/bench/shots-support.ts):
 *   BASE=http://127.0.0.1:5510 DATA_DIR=/tmp/x npx tsx tests/bench/own-page-shots.ts [OUT_DIR]
 * Not part of npm test: it is for looking at, not asserting.
 */
import { base, launchShots, ok, savePrompt, shootAll, signedInContexts } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-own-page';
const browser = await launchShots();
const [owner, visitor, admin] = await signedInContexts(browser, ['Olive Owner', 'Vic Visitor']);
const notes = { title: 'Meeting notes summariser', description: 'Turns raw meeting notes into decisions and next steps.', content: 'Summarise these notes.' };
const prompt = await savePrompt(owner, { ...notes, categoryId: 1 });
await ok('approve', admin.request.put(`${base}/api/admin/prompts/${prompt.id}/review`, { data: { isApproved: true } }));

await shootAll(out, [
  ['own-published', owner, `/prompts/${prompt.id}`],
  ['visitor-published', visitor, `/prompts/${prompt.id}`],
]);
await browser.close();
