/**
 * Screenshots of what a user meets: home, browse, detail, dashboard, admin and
 * extension pages (and the profile) at several widths, in both languages and themes, written to OUT_DIR
 * (default /tmp/shots-ui) as <page>-<width>-<lng>-<theme>.png, full page. Against a running
 * build started with ADMIN_EMAIL (its set-password link is read from DATA_DIR's outbox):
 *   BASE=http://127.0.0.1:6050 DATA_DIR=/tmp/ui-data ADMIN_EMAIL=admin@ui.test \
 *     npx tsx tests/bench/ui-shots.ts [OUT_DIR]
 * WIDTHS (default 360,900,1280), LNGS, THEMES and PAGES (comma lists) narrow a run.
 * Not part of npm test: it is for looking at, not asserting.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../support/chromium';

const base = process.env.BASE ?? 'http://127.0.0.1:6050';
const dataDir = process.env.DATA_DIR ?? '/tmp/ui-data';
const adminEmail = process.env.ADMIN_EMAIL ?? 'admin@ui.test';
const out = process.argv[2] ?? '/tmp/shots-ui';
const list = (name: string, fallback: string) => (process.env[name] ?? fallback).split(',').filter(Boolean);
const widths = list('WIDTHS', '360,900,1280').map(Number);
const lngs = list('LNGS', 'en,zh-HK');
const themes = list('THEMES', 'light,dark');
const only = new Set(list('PAGES', 'home,browse,detail,dashboard,profile,admin,extension'));

function linkIn(email: string): string | null {
  const files = readdirSync(join(dataDir, 'outbox'))
    .filter((f) => f.includes(email))
    .sort();
  if (!files.length) return null;
  const text = readFileSync(join(dataDir, 'outbox', files[files.length - 1]), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  return /token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;
}

/** Signs the context in as the admin (first start emails the ADMIN_EMAIL a set-password link). */
async function signInAdmin(context: BrowserContext) {
  const password = 'correct horse battery admin';
  const login = await context.request.post(`${base}/api/auth/login`, { data: { email: adminEmail, password } });
  if (login.ok()) return;
  const token = linkIn(adminEmail);
  if (!token) throw new Error(`no set-password mail for ${adminEmail} in ${dataDir}/outbox`);
  const set = await context.request.post(`${base}/api/auth/set-password`, { data: { email: adminEmail, token, password } });
  if (!set.ok()) throw new Error(`admin set-password: ${set.status()}`);
}

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs, '--headless'] });
const prompts = (await (await fetch(`${base}/api/prompts`)).json()) as { id: number }[];
const pages: [string, string][] = (
  [
    ['home', '/'],
    ['browse', '/prompts'],
    ['detail', `/prompts/${prompts[0].id}`],
    ['dashboard', '/dashboard'],
    ['profile', '/dashboard/profile'],
    ['admin', '/admin'],
    ['extension', '/extension'],
  ] as [string, string][]
).filter(([name]) => only.has(name));

for (const theme of themes) {
  const context = await browser.newContext();
  await signInAdmin(context);
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const page = await context.newPage();
  for (const lng of lngs) {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, path] of pages) {
        await page.goto(`${base}${path}${path.includes('?') ? '&' : '?'}lng=${lng}`, { waitUntil: 'networkidle' });
        await page
          .waitForFunction(() => [...document.querySelectorAll('astro-island')].every((el) => !el.hasAttribute('ssr')), null, { timeout: 20_000 })
          .catch(() => {});
        await page.waitForTimeout(300);
        const file = join(out, `${name}-${width}-${lng}-${theme}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      }
    }
  }
  await context.close();
}
await browser.close();
