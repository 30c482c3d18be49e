/**
 * Screenshots of the curation screens: the create page showing possible duplicates,
 * the admin's queue with a likely duplicate, a resubmission's diff and the reject form open,
 * My Prompts with a rejection's reason and note, the Revisions tab with a rejected revision
 * before, the Audit Log and the Review History. Written to OUT_DIR (default /tmp/shots-curation) as
 * <page>-<width>-<lng>-<theme>.png, full page. Against a running build started with ADMIN_EMAIL
 * (its set-password link and the new accounts' links are read from DATA_DIR's outbox):
 *   BASE=http://127.0.0.1:4520 DATA_DIR=/tmp/e2e-edit-ui ADMIN_EMAIL=admin@promptory.test \
 *     npx tsx tests/bench/curation-shots.ts [OUT_DIR]
 * WIDTHS (default 360,900,1280), LNGS, THEMES and PAGES (comma lists) narrow a run.
 * Not part of npm test: it is for looking at, not asserting.
 */
import type { BrowserContext } from 'playwright-core';
import { base, list, ok, shootAll, launchShots, signedInContexts, type Shot } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-curation';
const only = new Set(list('PAGES', 'create,queue,reject,mine,revisions,audit,history'));

const browser = await launchShots();
const [first, author, admin] = await signedInContexts(browser, ['First', 'Author']);

const ORIGINAL = '你是一位專業的客戶服務主任。請根據以下客人的電郵，寫一封有禮貌的回覆，先道歉，再提出解決方法，最後感謝對方。\n{{email}}';
const COPY = '你是一位專業的客戶服務主任。請根據以下客人的電郵，寫一封有禮貌的回覆：先道歉，再提出解決方法，最後感謝對方的耐心。\n{{email}}';
const submit = (context: BrowserContext, data: Record<string, unknown>) =>
  ok('submit', context.request.post(`${base}/api/prompts`, { data: { description: 'Twenty characters or more of description.', categoryId: 1, ...data } }));
const review = (id: number, data: Record<string, unknown>) => ok('review', admin.request.put(`${base}/api/admin/prompts/${id}/review`, { data }));

const original = await submit(first, { title: '電郵回覆助手', content: ORIGINAL });
await review(original.id, { isApproved: true });
// A near-copy submitted anyway with a note; one rejected for good; one rejected, edited and resubmitted.
await submit(author, { title: '客戶電郵回覆', content: COPY, duplicateNote: '我的版本加上了致謝，適合零售業。' });
const rejected = await submit(author, { title: 'Meeting notes tidy-up', content: 'Tidy up these meeting notes into decisions and action items.\n{{notes}}' });
await review(rejected.id, {
  isApproved: false,
  reason: 'low-quality',
  note: 'Say which meeting tool the notes come from, and what the action items should look like.',
});
const resubmitted = await submit(author, {
  title: 'Release notes writer',
  content: 'Write release notes for version {{version}} from this changelog.\n{{changelog}}',
});
await review(resubmitted.id, { isApproved: false, reason: 'needs-translation', note: '請同時提供中文版本。' });
await ok(
  'edit',
  author.request.patch(`${base}/api/prompts/${resubmitted.id}`, {
    data: { content: 'Write release notes for version {{version}} from this changelog, in English and in Traditional Chinese.\n{{changelog}}' },
  }),
);
await ok('resubmit', author.request.post(`${base}/api/prompts/${resubmitted.id}/resubmit`));
// A published prompt whose revision was rejected, and a new one waiting.
const published = await submit(author, { title: 'Cover letter writer', content: 'Write a cover letter for {{role}} at {{company}} in under 300 words.' });
await review(published.id, { isApproved: true });
const r1 = await ok('revise', author.request.patch(`${base}/api/prompts/${published.id}`, { data: { content: 'Write a cover letter.' } }));
await ok(
  'reject revision',
  admin.request.put(`${base}/api/admin/prompts/${published.id}/revisions/${r1.version}/review`, {
    data: { isApproved: false, reason: 'low-quality', note: 'Keep the role and the company.' },
  }),
);
await ok(
  'revise again',
  author.request.patch(`${base}/api/prompts/${published.id}`, {
    data: { content: 'Write a cover letter for {{role}} at {{company}} in under 300 words, naming two achievements.' },
  }),
);

const pages: Shot[] = [
  [
    'create',
    author,
    '/prompts/create',
    async (page) => {
      const form = page.getByTestId('create-form');
      await form.locator('[name=title]').fill('客戶電郵回覆範本');
      await form.locator('[name=categoryId]').selectOption('1');
      await form.locator('[name=description]').fill('為客戶服務主任寫有禮貌的電郵回覆，先道歉，再提出解決方法。');
      await form.locator('[name=content]').fill(COPY);
      await page.getByTestId('create-prompt-send').click();
      await page.getByTestId('possible-duplicates').waitFor();
    },
  ],
  ['queue', admin, '/admin', async (page) => void (await page.locator('[data-testid=resubmission] summary').first().click())],
  ['reject', admin, '/admin', async (page) => void (await page.getByTestId('reject').first().click())],
  ['mine', author, '/dashboard?tab=submissions'],
  ['revisions', admin, '/admin?tab=revisions', async (page) => void (await page.locator('[data-testid=resubmission] summary').first().click())],
  ['audit', admin, '/admin?tab=audit'],
  ['history', admin, '/admin?tab=history'],
];
await shootAll(out, pages, only);
await browser.close();
