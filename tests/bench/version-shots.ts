/**
 * Screenshots of the editing and versions screens (issue 20): the edit page, the version
 * history with a diff, My Prompts with a pending revision, the admin's Revisions tab, the detail
 * page with its per-version rating, and "Updated since you saved it" on the Bookmarks tabs and a
 * collection. Written to OUT_DIR (default /tmp/shots-versions) as
 * <page>-<width>-<lng>-<theme>.png, full page. Against a running build started with ADMIN_EMAIL
 * (its set-password link and the new accounts' links are read from DATA_DIR's outbox):
 *   BASE=http://127.0.0.1:4520 DATA_DIR=/tmp/e2e-edit-ui ADMIN_EMAIL=admin@promptory.test \
 *     npx tsx tests/bench/version-shots.ts [OUT_DIR]
 * WIDTHS (default 360,900,1280), LNGS, THEMES and PAGES (comma lists) narrow a run.
 * Not part of npm test: it is for looking at, not asserting.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type APIRequestContext, type BrowserContext } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../support/chromium';

const base = process.env.BASE ?? 'http://127.0.0.1:4520';
const dataDir = process.env.DATA_DIR ?? '/tmp/e2e-edit-ui';
const adminEmail = process.env.ADMIN_EMAIL ?? 'admin@promptory.test';
const out = process.argv[2] ?? '/tmp/shots-versions';
const list = (name: string, fallback: string) => (process.env[name] ?? fallback).split(',').filter(Boolean);
const widths = list('WIDTHS', '360,900,1280').map(Number);
const lngs = list('LNGS', 'en,zh-HK');
const themes = list('THEMES', 'light,dark');
const only = new Set(list('PAGES', 'edit,versions,mine,revisions,detail,favorites,bookmarks,collection'));

function tokenFor(email: string): string {
  const files = readdirSync(join(dataDir, 'outbox'))
    .filter((f) => f.includes(email))
    .sort();
  const text = readFileSync(join(dataDir, 'outbox', files[files.length - 1]), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const token = /token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no link in the mail to ${email}`);
  return token;
}

async function ok(what: string, answer: Promise<{ ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }>) {
  const response = await answer;
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown> & { id: number };
}

async function signUp(request: APIRequestContext, name: string): Promise<void> {
  const email = `${name.toLowerCase()}-${Date.now().toString(36)}@shots.test`;
  await ok('register', request.post(`${base}/api/auth/register`, { data: { name, email } }));
  await new Promise((r) => setTimeout(r, 500));
  await ok('set password', request.post(`${base}/api/auth/set-password`, { data: { email, token: tokenFor(email), password: 'correct horse battery' } }));
}

async function signInAdmin(request: APIRequestContext): Promise<void> {
  const password = 'admin password 1';
  if ((await request.post(`${base}/api/auth/login`, { data: { email: adminEmail, password } })).ok()) return;
  await ok('admin password', request.post(`${base}/api/auth/set-password`, { data: { email: adminEmail, token: tokenFor(adminEmail), password } }));
}

const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs, '--headless'] });
const author = await browser.newContext();
const reader = await browser.newContext();
const admin = await browser.newContext();
await signUp(author.request, 'Author');
await signUp(reader.request, 'Reader');
await signInAdmin(admin.request);

// A prompt with a history: saved privately, edited twice, submitted and approved; a reader
// bookmarks it, collects it and rates it; an approved revision moves it past what they saved;
// a second revision waits for review.
const prompt = await ok(
  'create',
  author.request.post(`${base}/api/prompts`, {
    data: {
      title: 'Weekly report in any tone',
      description: 'A short report on a topic of your choice, in the tone you pick.',
      content: 'Write a short report about {{主題}} in a {{tone:formal|casual}} tone.\nKeep it under 200 words.\n請用繁體中文寫一個標題。',
      categoryId: 2,
      visibility: 'private',
    },
  }),
);
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
const revision = await edit({
  content:
    'Write a detailed report about {{主題}} in a {{tone:formal|casual}} tone.\nKeep it under 300 words.\nEnd with three questions.\n請用繁體中文寫一個簡短的標題。',
  note: 'Questions at the end',
});
await ok('approve revision', admin.request.put(`${base}/api/admin/prompts/${id}/revisions/${revision.version}/review`, { data: { isApproved: true } }));
await ok('rate', reader.request.post(`${base}/api/ratings`, { data: { promptId: id, value: 5 } }));
const pending = await edit({ description: 'A short report on any topic, in the tone and length you pick.', note: 'Mention the length' });
console.log(`prompt ${id}: public version ${revision.version}, pending revision ${pending.version}`);

const pages: [string, BrowserContext, string][] = (
  [
    ['edit', author, `/prompts/${id}/edit`],
    ['versions', author, `/prompts/${id}/versions?from=1&to=${revision.version}`],
    ['mine', author, '/dashboard?tab=submissions'],
    ['revisions', admin, '/admin?tab=revisions'],
    ['detail', reader, `/prompts/${id}`],
    ['favorites', reader, '/prompts?tab=favorites'],
    ['bookmarks', reader, '/dashboard?tab=bookmarks'],
    ['collection', reader, `/collections/${collection.id}`],
  ] as [string, BrowserContext, string][]
).filter(([name]) => only.has(name));

mkdirSync(out, { recursive: true });
for (const theme of themes) {
  for (const [name, context, path] of pages) {
    const page = await context.newPage();
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    for (const lng of lngs) {
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${base}${path}${path.includes('?') ? '&' : '?'}lng=${lng}`, { waitUntil: 'networkidle' });
        await page
          .waitForFunction(() => [...document.querySelectorAll('astro-island')].every((el) => !el.hasAttribute('ssr')), null, { timeout: 20_000 })
          .catch(() => {});
        await page.waitForTimeout(400);
        const file = join(out, `${name}-${width}-${lng}-${theme}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      }
    }
    await page.close();
  }
}
await browser.close();
