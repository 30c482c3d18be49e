/**
 * Screenshots of the extension itself: the side panel's three tabs (Library,
 * Favourites, My Prompts with every status) and the save window, at the widths Chrome gives a
 * side panel and a popup (360 and 420), light and dark, en and zh-HK, written to OUT_DIR
 * (default /tmp/shots-extension) as <page>-<width>-<lng>-<theme>.png. Against a running build
 * started like the e2e server (ADMIN_EMAIL=admin@promptory.test, its outbox in E2E_DATA_DIR):
 *   E2E_PORT=4530 E2E_DATA_DIR=/tmp/e2e-x npx tsx tests/bench/extension-shots.ts [OUT_DIR]
 * It loads the zip the site serves, signs up a user, connects the extension as that user
 * through the site's own endpoints, and gives the user a prompt in each status.
 * Not part of npm test: it is for looking at, not asserting.
 */
import { chromium, request as apiRequest } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXTENSION_ID, extensionZipName } from '../../modules/devices/contracts';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { adminSignIn, apiSignUp } from '../e2e/auth-support';

const port = Number(process.env.E2E_PORT ?? 4460);
const site = `http://127.0.0.1:${port}`;
const out = process.argv[2] ?? '/tmp/shots-extension';
const widths = [360, 420];
mkdirSync(out, { recursive: true });

// The user, their bookmarks and a prompt in each status.
const user = await apiRequest.newContext({ baseURL: site });
await apiSignUp(user);
const admin = await apiRequest.newContext({ baseURL: site });
await adminSignIn(admin);
const library = (await (await user.get('/api/prompts')).json()) as { id: number }[];
for (const p of library.slice(0, 3)) await user.post('/api/favorites', { data: { promptId: p.id } });
const duplicateOf = ((await (await user.get(`/api/prompts/${library[0].id}`)).json()) as { content: string }).content;
const own = async (title: string, visibility: 'public' | 'private', content = 'Rewrite {{text}} in plain English for {{reader:a general reader|a child}}.') =>
  (
    (await (
      await user.post('/api/prompts', { data: { title, description: 'Turns dense text into plain English', content, categoryId: 1, visibility } })
    ).json()) as { id: number }
  ).id;
const review = (id: number, isApproved: boolean) =>
  admin.put(`/api/admin/prompts/${id}/review`, { data: isApproved ? { isApproved } : { isApproved, reason: 'other' } });
await review(await own('Withdrawn weekly digest', 'public'), true).then(async (r) => user.delete(`/api/prompts/${((await r.json()) as { id: number }).id}`));
await review(await own('Rejected tagline ideas', 'public'), false);
await review(await own('Published meeting summary', 'public'), true);
await own('Pending bullet summary', 'public');
await own('我的私人週報範本', 'private', '請以{{語氣:正式|輕鬆}}的語氣，為{{主題}}寫一份週報。');
await own('Plain English rewrite (private)', 'private');

// The extension, connected as that user: the two calls its Connect button and the approval page make.
const token = randomBytes(32).toString('base64url');
const tokenHash = createHash('sha256').update(token).digest('hex');
await user.post('/api/extension/connection-requests', { data: { name: 'Chrome', tokenHash } });
const approved = await user.post('/api/extension/devices', { data: { name: 'Chrome', tokenHash } });
if (!approved.ok()) throw new Error(`approve: ${approved.status()} ${await approved.text()}`);

const dir = mkdtempSync(join(tmpdir(), 'promptory-shots-'));
writeFileSync(join(dir, 'extension.zip'), await (await user.get(`/downloads/${extensionZipName()}`)).body());
execFileSync('unzip', ['-q', join(dir, 'extension.zip'), '-d', join(dir, 'unpacked')]);
const unpacked = join(dir, 'unpacked');
const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
  executablePath: chromiumPath(),
  headless: false,
  args: [...chromiumArgs, '--headless=new', `--disable-extensions-except=${unpacked}`, `--load-extension=${unpacked}`],
});
const page = await context.newPage();
const at = (name: string) => `chrome-extension://${EXTENSION_ID}/${name}.html`;
await page.goto(at('options'));
await page.evaluate((t) => chrome.storage.local.set({ deviceToken: t }), token);

for (const lng of ['en', 'zh-HK']) {
  await page.goto(at('options'));
  await page.evaluate((l) => chrome.storage.local.set({ language: l }), lng);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      const shot = async (name: string) => {
        // A full-page capture drops the scrollbar's width from the right edge: hide it instead.
        await page.addStyleTag({ content: 'html { scrollbar-width: none; }' });
        await page.waitForTimeout(300);
        const file = join(out, `${name}-${width}-${lng}-${theme}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      };
      await page.goto(at('sidepanel'));
      await page.getByTestId('prompt').first().waitFor();
      await shot('panel-library');
      for (const tab of ['favorites', 'mine']) {
        await page.getByTestId(`tab-${tab}`).click();
        await page.getByTestId('prompt').first().waitFor();
        await shot(`panel-${tab}`);
      }
      await page.getByTestId('prompt').first().getByTestId('copy').click();
      await shot('panel-mine-fill');
      await page.evaluate(() =>
        chrome.storage.session.set({ 'draft:shot': { text: 'Rewrite the selected paragraph in plain English for a general reader.' } }),
      );
      await page.goto(`${at('save')}#shot`);
      await page.getByTestId('save-submit').waitFor();
      await shot('save');
      // The save window's duplicate check: a public save of a published prompt's text.
      await page.evaluate((text) => chrome.storage.session.set({ 'draft:dup': { text } }), duplicateOf);
      // Only the hash changes: reload, so the window reads the new draft.
      await page.goto(`${at('save')}#dup`);
      await page.reload();
      await page.getByTestId('save-submit').waitFor();
      await page.getByTestId('visibility-public').check();
      await page.locator('#categoryId').selectOption('1');
      await page.locator('#description').fill('The same prompt, saved again from a page.');
      await page.getByTestId('save-submit').click();
      await page.getByTestId('possible-duplicates').waitFor();
      await shot('save-duplicates');
    }
  }
}
await context.close();
await user.dispose();
await admin.dispose();
