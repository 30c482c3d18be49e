/**
 * Screenshots of the discussion screens: the detail page's comments (a thread with a
 * reply, an edited comment with a link, a deleted parent), the admin's Reports tab, report
 * outcomes on the dashboard, and the count on a card. Written to OUT_DIR (default /tmp/shots-discussion) as
 * <page>-<width>-<lng>-<theme>.png, full page. Against a running build started with ADMIN_EMAIL
 * (its set-password link and the new accounts' links are read from DATA_DIR's outbox):
 *   BASE=http://127.0.0.1:4520 DATA_DIR=/tmp/e2e-edit-ui ADMIN_EMAIL=admin@promptory.test \
 *     npx tsx tests/bench/discussion-shots.ts [OUT_DIR]
 * WIDTHS (default 360,900,1280), LNGS, THEMES and PAGES (comma lists) narrow a run.
 * Not part of npm test: it is for looking at, not asserting.
 */
import type { BrowserContext } from 'playwright-core';
import { base, list, ok, shootAll, launchShots, signedInContexts, type Shot } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-discussion';
const only = new Set(list('PAGES', 'comments,reports,outcomes,cards'));

const browser = await launchShots();
const [author, reader, admin] = await signedInContexts(browser, ['Ada Lovelace', 'Bo Chan']);

// On prompt 1: a thread with replies (Chinese and English), an edited comment with a link, a
// deleted parent whose reply stands, a long word; a report the admin resolves and two left open.
const id = 1;
const comment = (context: BrowserContext, body: string, parentId?: number) =>
  ok('comment', context.request.post(`${base}/api/prompts/${id}/comments`, { data: { body, parentId } }));
const first = await comment(author, 'This works well for weekly updates.\nTip: give it the audience first, see https://example.com/tips for more.');
await comment(reader, '同意！我用來寫週報，效果很好。', first.id);
await comment(author, 'Thanks, glad it helps.', first.id);
await ok(
  'edit',
  author.request.patch(`${base}/api/comments/${first.id}`, {
    data: { body: 'This works well for weekly updates (edited).\nTip: give it the audience first, see https://example.com/tips for more.' },
  }),
);
const gone = await comment(reader, 'A question I answered myself.');
await comment(author, 'Good to hear!', gone.id);
await ok('delete', reader.request.delete(`${base}/api/comments/${gone.id}`));
const rude = await comment(reader, 'Buy followers cheap at http://spam.example now!!!');
await comment(reader, 'Averyveryveryveryveryveryveryveryveryveryveryveryveryverylongwordwithoutspaces to check wrapping.');
const hidden = await ok('report', author.request.post(`${base}/api/comments/${rude.id}/reports`, { data: { reason: 'spam', note: 'An advert' } }));
await ok(
  'report prompt',
  reader.request.post(`${base}/api/prompts/2/reports`, { data: { reason: 'other', note: 'The example output is in the wrong language.' } }),
);
const other = await comment(author, 'Off-topic rant about something else entirely.');
await ok('report', reader.request.post(`${base}/api/comments/${other.id}/reports`, { data: { reason: 'offensive' } }));
await ok(
  'resolve',
  admin.request.put(`${base}/api/admin/reports/${hidden.id}`, { data: { action: 'hide', reason: 'Advertising is not allowed in comments.' } }),
);

const shots: Shot[] = [
  ['comments', reader, `/prompts/${id}`],
  ['reports', admin, '/admin?tab=reports'],
  ['outcomes', author, '/dashboard'],
  ['cards', reader, '/prompts'],
];
await shootAll(out, shots, only);
await browser.close();
