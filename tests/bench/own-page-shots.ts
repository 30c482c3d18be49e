/**
 * Screenshots of a published prompt's page as its author sees it (Edit, Version history and My
 * prompts in place of Rate; no Report prompt) and as another member sees it, at 360, 900 and
 * 1280 px, light and dark, en and zh-HK. Against a running build (tests/bench/shots-support.ts):
 *   BASE=http://127.0.0.1:5510 DATA_DIR=/tmp/x npx tsx tests/bench/own-page-shots.ts [OUT_DIR]
 * Not part of npm test: it is for looking at, not asserting.
 */
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { base, ok, shootAll, signInAdmin, signUp } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-own-page';
const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs, '--headless'] });
const owner = await browser.newContext();
const visitor = await browser.newContext();
const admin = await browser.newContext();
await signUp(owner.request, 'Olive Owner');
await signUp(visitor.request, 'Vic Visitor');
await signInAdmin(admin.request);
const prompt = await ok(
  'save',
  owner.request.post(`${base}/api/prompts`, {
    data: {
      title: 'Meeting notes summariser',
      description: 'Turns raw meeting notes into decisions and next steps.',
      content: 'Summarise these notes.',
      categoryId: 1,
    },
  }),
);
await ok('approve', admin.request.put(`${base}/api/admin/prompts/${prompt.id}/review`, { data: { isApproved: true } }));

await shootAll(out, [
  ['own-published', owner, `/prompts/${prompt.id}`],
  ['visitor-published', visitor, `/prompts/${prompt.id}`],
]);
await browser.close();
