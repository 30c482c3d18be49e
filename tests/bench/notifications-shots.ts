/**
 * Screenshots of /notifications (a rejection with its reason and note, an approval, a reply, a
 * report's outcome, an approved revision; and the empty page) and of the nav's bell with a
 * count, at 360, 900 and 1280 px, en and zh-HK, light and dark. Written to OUT_DIR (default
 * /tmp/shots-notifications) as <name>-<width>-<lng>-<theme>.png. Against a running build:
 *   BASE=http://127.0.0.1:5610 DATA_DIR=/tmp/notifications-shots npx tsx tests/bench/notifications-shots.ts [OUT_DIR]
 * Not part of npm test: it is for looking at, not asserting.
 */
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { base, ok, shootAll, signInAdmin, signUp } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-notifications';
const headers = { origin: base };
const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs, '--headless'] });
const admin = await browser.newContext();
await signInAdmin(admin.request);

/** A member whose prompts the admin decided, who got a reply and whose report was dismissed. */
async function told(name: string) {
  const member = await browser.newContext();
  await signUp(member.request, name);
  const submit = (title: string) =>
    ok(
      'submit',
      member.request.post(`${base}/api/prompts`, {
        data: { title, description: 'A prompt for the notification shots.', content: 'Write a short poem about autumn leaves.', categoryId: 1 },
        headers,
      }),
    );
  const rejected = await submit('Autumn haiku generator with a rather long title that has to wrap on a phone');
  const approved = await submit('Autumn poem');
  await ok('approve', admin.request.put(`${base}/api/admin/prompts/${approved.id}/review`, { data: { isApproved: true }, headers }));
  await ok(
    'reject',
    admin.request.put(`${base}/api/admin/prompts/${rejected.id}/review`, {
      data: { isApproved: false, reason: 'low-quality', note: 'Please add an example of the output you expect.' },
      headers,
    }),
  );
  const comment = await ok('comment', member.request.post(`${base}/api/prompts/${approved.id}/comments`, { data: { body: 'Tips welcome!' }, headers }));
  await ok(
    'reply',
    admin.request.post(`${base}/api/prompts/${approved.id}/comments`, { data: { body: 'Try a seasonal word.', parentId: comment.id }, headers }),
  );
  const report = await ok('report', member.request.post(`${base}/api/prompts/1/reports`, { data: { reason: 'spam' }, headers }));
  await ok('dismiss', admin.request.put(`${base}/api/admin/reports/${report.id}`, { data: { action: 'dismiss', reason: 'It looks fine to us.' }, headers }));
  return member;
}

const reader = await told('Notified Reader');
const watcher = await told('Bell Watcher');
const newcomer = await browser.newContext();
await signUp(newcomer.request, 'Quiet Newcomer');
await shootAll(out, [
  ['notifications', reader, '/notifications'],
  ['notifications-empty', newcomer, '/notifications'],
  // The bell with its count: a page the watcher never looks at notifications from.
  ['bell', watcher, '/dashboard/collections'],
]);
await browser.close();
