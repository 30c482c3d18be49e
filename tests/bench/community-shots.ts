/**
 * Screenshots of the Community page's people (the leaderboard, latest contributions, featured
 * members) and a member's page, and the not-found member page. Written to OUT_DIR (default
 * /tmp/shots-community) as <page>-<width>-<lng>-<theme>.png. Against a running build started
 * with ADMIN_EMAIL and TRUST_PROXY=1 (links are read from DATA_DIR's outbox):
 *   BASE=http://127.0.0.1:5291 DATA_DIR=/tmp/people-shots npx tsx tests/bench/community-shots.ts [OUT_DIR]
 * WIDTHS (default 360,900,1280), LNGS, THEMES and PAGES (comma lists) narrow a run.
 * Not part of npm test: it is for looking at, not asserting.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { base, list, lngs, ok, signInAdmin, signUp, themes, widths } from './shots-support';

const out = process.argv[2] ?? '/tmp/shots-community';
const only = new Set(list('PAGES', 'community,member,missing'));

const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs, '--headless'] });
const admin = await browser.newContext();
await signInAdmin(admin.request);

const people = [
  { name: 'Ada Lovelace', titles: ['Sonnet helper for any topic', 'Explain code like a teacher'], uses: 7, helpful: 2 },
  { name: '陳大文', titles: ['旅遊行程規劃助手'], uses: 4, helpful: 1 },
  { name: 'Bartholomew Featherstonehaugh-Smythe', titles: ['Weekly report in any tone'], uses: 2, helpful: 0 },
];
const ids: number[] = [];
const fans = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${i}` } })));
const raters = await Promise.all(
  [1, 2].map(async (i) => {
    const c = await browser.newContext();
    await signUp(c.request, `Rater ${i}`);
    return c;
  }),
);
for (const person of people) {
  const context = await browser.newContext();
  ids.push(await signUp(context.request, person.name));
  for (const title of person.titles) {
    const { id } = await ok(
      'submit',
      context.request.post(`${base}/api/prompts`, {
        data: { title, description: 'A prompt for the community screenshots.', content: `${title}: write it well, {{topic}}.`, categoryId: 1 },
      }),
    );
    await ok('review', admin.request.put(`${base}/api/admin/prompts/${id}/review`, { data: { isApproved: true } }));
    for (const fan of fans.slice(0, person.uses)) await ok('use', fan.request.put(`${base}/api/prompts/${id}/use`));
    for (const rater of raters.slice(0, person.helpful)) await ok('rate', rater.request.post(`${base}/api/ratings`, { data: { promptId: id, value: 5 } }));
  }
  await ok(
    'collection',
    context.request.post(`${base}/api/collections`, {
      data: { name: `${person.name.split(' ')[0]}'s favourites`, description: 'Prompts I come back to.', isPublic: true },
    }),
  );
}
for (const id of ids.slice(0, 2)) await ok('feature', admin.request.put(`${base}/api/admin/members/${id}/featured`, { data: { featured: true } }));

const visitor = await browser.newContext();
const pages = (
  [
    ['community', '/community?board=all', '[aria-label="Community people"], [aria-label="社群成員"]'],
    ['member', `/members/${ids[0]}`, null],
    ['missing', '/members/999999', null],
  ] as [string, string, string | null][]
).filter(([name]) => only.has(name));

mkdirSync(out, { recursive: true });
for (const theme of themes) {
  const page = await visitor.newPage();
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  for (const [name, path, selector] of pages) {
    for (const lng of lngs) {
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${base}${path}${path.includes('?') ? '&' : '?'}lng=${lng}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(300);
        const file = join(out, `${name}-${width}-${lng}-${theme}.png`);
        if (selector) await page.locator(selector).screenshot({ path: file });
        else await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      }
    }
  }
  await page.close();
}
await browser.close();
