/**
 * Screenshots of the daily digest's screens: the profile's digest switch (on), the unsubscribe
 * page asking, done, and for a link that is not valid, at 360, 900 and 1280 px, en and zh-HK,
 * light and dark. Written to OUT_DIR (default /tmp/shots-digest). Against a running build whose
 * digest runs every minute:
 *   DIGEST_CRON='* * * * *' … node scripts/serve.mjs, then
 *   BASE=http://127.0.0.1:5801 DATA_DIR=/tmp/digest-shots npx tsx tests/bench/digest-shots.ts [OUT_DIR]
 * Not part of npm test: it is for looking at, not asserting.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { base, dataDir, launchShots, ok, shootAll, signInAdmin, signUp } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-digest';
const headers = { origin: base };
const browser = await launchShots();
const admin = await browser.newContext();
await signInAdmin(admin.request);
const reader = await browser.newContext();
const readerId = await signUp(reader.request, 'Digest Reader');
await ok('digest on', reader.request.put(`${base}/api/me/notifications/digest`, { data: { enabled: true }, headers }));
const prompt = await ok(
  'submit',
  reader.request.post(`${base}/api/prompts`, {
    data: { title: 'Autumn poem', description: 'A prompt for the digest shots.', content: 'Write a short poem about autumn leaves.', categoryId: 1 },
    headers,
  }),
);
await ok('approve', admin.request.put(`${base}/api/admin/prompts/${prompt.id}/review`, { data: { isApproved: true }, headers }));

/** The unsubscribe page's path from the reader's digest, once the job has sent it. */
async function unsubscribePath(): Promise<string> {
  for (let i = 0; i < 90; i++) {
    const dir = join(dataDir, 'outbox');
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.eml'))) {
      const head = readFileSync(join(dir, name), 'utf8')
        .split('\n\n', 1)[0]
        .replace(/\n[ \t]+/g, ' ');
      const link = /^List-Unsubscribe: <([^>]+)>$/m.exec(head)?.[1];
      if (link && new URL(link).searchParams.get('u') === String(readerId)) {
        const url = new URL(link);
        return `${url.pathname.replace('/one-click', '')}${url.search}`;
      }
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error('no digest came');
}

const page = await unsubscribePath();
const visitor = await browser.newContext();
await shootAll(out, [
  ['profile-digest', reader, '/dashboard/profile'],
  ['unsubscribe-ask', visitor, page],
  ['unsubscribe-invalid', visitor, `/notifications/unsubscribe?u=1&t=${'A'.repeat(43)}`],
]);
await ok(
  'unsubscribe',
  visitor.request.post(`${base}${page.replace('/unsubscribe?', '/unsubscribe/one-click?')}`, { form: { 'List-Unsubscribe': 'One-Click' } }).then((r) => ({
    ok: () => r.ok(),
    status: () => r.status(),
    text: () => r.text(),
    json: async () => ({}),
  })),
);
await shootAll(out, [['unsubscribe-done', visitor, page]]);
await browser.close();
