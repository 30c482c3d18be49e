/**
 * Screenshots of the editing and versions screens: the edit page, the version
 * history with a diff and each version's uses and rating, My Prompts with a pending revision, the admin's Revisions tab, the detail
 * page with its per-version rating, and "Updated since you saved it" on the Bookmarks tabs and a
 * collection. Written to OUT_DIR (default /tmp/shots-versions) as
 * <page>-<width>-<lng>-<theme>.png, full page. Against a running build started with ADMIN_EMAIL
 * (its set-password link and the new accounts' links are read from DATA_DIR's outbox):
 *   BASE=http://127.0.0.1:4520 DATA_DIR=/tmp/e2e-edit-ui ADMIN_EMAIL=admin@promptory.test \
 *     npx tsx tests/bench/version-shots.ts [OUT_DIR]
 * WIDTHS (default 360,900,1280), LNGS, THEMES and PAGES (comma lists) narrow a run.
 * Not part of npm test: it is for looking at, not asserting.
 */
import { base, list, ok, shootAll, launchShots, signedInContexts, type Shot, savePrompt } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-versions';
const only = new Set(list('PAGES', 'edit,versions,mine,revisions,detail,favorites,bookmarks,collection'));

const browser = await launchShots();
const [author, reader, admin] = await signedInContexts(browser, ['Author', 'Reader']);

// A prompt with a history: saved privately, edited twice, submitted and approved; a reader
// bookmarks it, collects it and rates it; an approved revision moves it past what they saved;
// a second revision waits for review.
const prompt = await savePrompt(author, {
  title: 'Weekly report in any tone',
  description: 'A short report on a topic of your choice, in the tone you pick.',
  content: 'Write a short report about {{主題}} in a {{tone:formal|casual}} tone.\nKeep it under 200 words.\n請用繁體中文寫一個標題。',
  categoryId: 2,
  visibility: 'private',
});
const id = prompt.id;
const edit = (data: Record<string, unknown>) => ok('edit', author.request.patch(`${base}/api/prompts/${id}`, { data }));
await edit({
  content: 'Write a detailed report about {{主題}} in a {{tone:formal|casual}} tone.\nKeep it under 300 words.\n請用繁體中文寫一個簡短的標題。',
  note: 'Longer, and a shorter title',
});
await edit({ title: 'Weekly report, any tone', note: 'Shorter title' });
await ok('share', author.request.post(`${base}/api/prompts/${id}/submit`));
await ok('approve', admin.request.put(`${base}/api/admin/prompts/${id}/review`, { data: { isApproved: true } }));
await ok('bookmark', reader.request.post(`${base}/api/favorites`, { data: { promptId: id } }));
const collection = await ok(
  'collection',
  reader.request.post(`${base}/api/collections`, { data: { name: 'Reports', description: 'Prompts I write reports with.', isPublic: true } }),
);
await ok('collect', reader.request.post(`${base}/api/collections/${collection.id}/prompts`, { data: { promptId: id } }));
// A use of the first published version; after the revision, a use and a rating of the new one (the history lists each apart).
await ok('use', reader.request.put(`${base}/api/prompts/${id}/use`));
const revision = await edit({
  content:
    'Write a detailed report about {{主題}} in a {{tone:formal|casual}} tone.\nKeep it under 300 words.\nEnd with three questions.\n請用繁體中文寫一個簡短的標題。',
  note: 'Questions at the end',
});
await ok('approve revision', admin.request.put(`${base}/api/admin/prompts/${id}/revisions/${revision.version}/review`, { data: { isApproved: true } }));
await ok('rate', reader.request.post(`${base}/api/ratings`, { data: { promptId: id, value: 5 } }));
await ok('use again', author.request.put(`${base}/api/prompts/${id}/use`));
const pending = await edit({ description: 'A short report on any topic, in the tone and length you pick.', note: 'Mention the length' });
console.log(`prompt ${id}: public version ${revision.version}, pending revision ${pending.version}`);

const pages: Shot[] = [
  ['edit', author, `/prompts/${id}/edit`],
  ['versions', author, `/prompts/${id}/versions?from=1&to=${revision.version}`],
  ['mine', author, '/dashboard?tab=submissions'],
  ['revisions', admin, '/admin?tab=revisions'],
  ['detail', reader, `/prompts/${id}`],
  ['favorites', reader, '/prompts?tab=favorites'],
  ['bookmarks', reader, '/dashboard?tab=bookmarks'],
  ['collection', reader, `/collections/${collection.id}`],
];
await shootAll(out, pages, only);
await browser.close();
