/**
 * Screenshots of the screens the spec's calls and pages touch: the author's own rejected
 * prompt (status, reason, note, Edit and Resubmit), the submit form with the pen-name hint
 * under the author name, and the privacy policy's Sharing section. Written to OUT_DIR (default
 * /tmp/shots-spec) as <page>-<width>-<lng>-<theme>.png, full page. Against a running build
 * started with ADMIN_EMAIL (the set-password links are read from DATA_DIR's outbox):
 *   BASE=http://127.0.0.1:4520 DATA_DIR=/tmp/e2e-edit-ui ADMIN_EMAIL=admin@promptory.test \
 *     npx tsx tests/bench/spec-shots.ts [OUT_DIR]
 * WIDTHS (default 360,900,1280), LNGS, THEMES and PAGES (comma lists) narrow a run.
 * Not part of npm test: it is for looking at, not asserting.
 */
import { join } from 'node:path';
import { base, list, lngs, ok, shootAll, launchShots, signedInContexts, themes, widths, type Shot, savePrompt } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-spec';
const only = new Set(list('PAGES', 'own,submit,privacy'));

const browser = await launchShots();
const [author, admin] = await signedInContexts(browser, ['Ada Lovelace']);

const rejected = await savePrompt(author, {
  title: 'Weekly report from meeting notes',
  description: 'Turns a week of meeting notes into a short report for the team.',
  content: 'Write a weekly report from these notes: {{notes}}',
  categoryId: 1,
});
await ok(
  'reject',
  admin.request.put(`${base}/api/admin/prompts/${rejected.id}/review`, {
    data: { isApproved: false, reason: 'low-quality', note: 'Say which meeting tool the notes come from, and give an example of the output.' },
  }),
);

const shots: Shot[] = [
  ['own', author, `/prompts/${rejected.id}`],
  ['privacy', author, '/privacy-policy#sharing'],
];
await shootAll(out, shots, only);

// The submit form: the dialog alone (the page behind it is the community page, shot elsewhere).
if (only.has('submit')) {
  for (const theme of themes) {
    const page = await author.newPage();
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    for (const lng of lngs) {
      for (const width of widths) {
        await page.setViewportSize({ width, height: 1000 });
        await page.goto(`${base}/community?lng=${lng}`, { waitUntil: 'networkidle' });
        await page.waitForFunction(() => [...document.querySelectorAll('astro-island')].every((el) => !el.hasAttribute('ssr')));
        await page.getByTestId('submit-prompt-toggle').first().click();
        const file = join(out, `submit-${width}-${lng}-${theme}.png`);
        await page.getByRole('dialog').screenshot({ path: file });
        console.log(file);
      }
    }
    await page.close();
  }
}
await browser.close();
