/**
 * Screenshots of "Save a copy", downloads and the author's own actions behind a pen name: the
 * published prompt's page as its pen-named author sees it (Edit, Version history, Delete; no
 * Rate, Report or Save a copy) and as a reuser sees it (Save a copy, the copy count, Download),
 * and the reuser's copy ("Copied from … by …", its downloads), at 360, 900 and 1280 px, light and
 * dark, en and zh-HK. Against a running build (tests/bench/shots-support.ts):
 *   BASE=http://127.0.0.1:5710 DATA_DIR=/tmp/x npx tsx tests/bench/copies-shots.ts [OUT_DIR]
 * Not part of npm test: it is for looking at, not asserting.
 */
import { base, launchShots, ok, shootAll, signInAdmin, signUp } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-copies';
const browser = await launchShots();
const author = await browser.newContext();
const reuser = await browser.newContext();
const admin = await browser.newContext();
await signUp(author.request, 'Ada Author');
await signUp(reuser.request, 'Rae Reuser');
await signInAdmin(admin.request);
const prompt = await ok(
  'submit',
  author.request.post(`${base}/api/prompts`, {
    data: {
      title: 'Weekly report from my notes',
      description: 'Turns raw notes into a weekly report with decisions and next steps.',
      content: 'Write my weekly report from {{notes}} in a {{tone:calm|brisk}} tone.',
      categoryId: 1,
      authorName: 'Quill',
    },
  }),
);
await ok('approve', admin.request.put(`${base}/api/admin/prompts/${prompt.id}/review`, { data: { isApproved: true } }));
const copy = await ok('copy', reuser.request.post(`${base}/api/prompts/${prompt.id}/copy`));

await shootAll(out, [
  ['copies-author', author, `/prompts/${prompt.id}`],
  ['copies-reuser', reuser, `/prompts/${prompt.id}`],
  ['copies-copy', reuser, `/prompts/${copy.id}`],
]);
await browser.close();
