/**
 * What the screenshot scripts share (version, curation, community, discussion, create, delete-account and import shots):
 * the running build's address and data folder, the lists that narrow a run, and signing up and
 * in through the API (the set-password links are read from DATA_DIR's outbox).
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../support/chromium';

export const base = process.env.BASE ?? 'http://127.0.0.1:4520';
export const dataDir = process.env.DATA_DIR ?? '/tmp/e2e-edit-ui';
export const adminEmail = process.env.ADMIN_EMAIL ?? 'admin@promptory.test';
export const list = (name: string, fallback: string) => (process.env[name] ?? fallback).split(',').filter(Boolean);
export const widths = list('WIDTHS', '360,900,1280').map(Number);
export const lngs = list('LNGS', 'en,zh-HK');
export const themes = list('THEMES', 'light,dark');

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

export async function ok(what: string, answer: Promise<{ ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }>) {
  const response = await answer;
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown> & { id: number };
}

/** A new account named `name`, signed in on `request`; answers its user id. */
export async function signUp(request: APIRequestContext, name: string): Promise<number> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}@shots.test`;
  await ok('register', request.post(`${base}/api/auth/register`, { data: { name, email } }));
  await new Promise((r) => setTimeout(r, 500));
  await ok('set password', request.post(`${base}/api/auth/set-password`, { data: { email, token: tokenFor(email), password: 'correct horse battery' } }));
  return ((await ok('me', request.get(`${base}/api/auth/me`))) as unknown as { user: { id: number } }).user.id;
}

export async function signInAdmin(request: APIRequestContext): Promise<void> {
  const password = 'admin password 1';
  if ((await request.post(`${base}/api/auth/login`, { data: { email: adminEmail, password } })).ok()) return;
  await ok('admin password', request.post(`${base}/api/auth/set-password`, { data: { email: adminEmail, token: tokenFor(adminEmail), password } }));
}

/** Saves a prompt as `context`'s member (POST /api/prompts with `data`); answers it, with its id. */
export const savePrompt = (context: BrowserContext, data: Record<string, unknown>) => ok('save prompt', context.request.post(`${base}/api/prompts`, { data }));

/** Headless Chromium as every screenshot script starts it. */
export const launchShots = () => chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs, '--headless'] });

/** A signed-in context per name (a new account each), then the admin's when `admin` is set, in that order. */
export async function signedInContexts(browser: Browser, names: readonly string[], admin = true): Promise<BrowserContext[]> {
  const contexts: BrowserContext[] = [];
  for (const name of names) {
    const context = await browser.newContext();
    await signUp(context.request, name);
    contexts.push(context);
  }
  if (admin) {
    const context = await browser.newContext();
    await signInAdmin(context.request);
    contexts.push(context);
  }
  return contexts;
}

/** A page to shoot: its file name, who looks, the path, and what to do there first (open a form, fill a field). */
export type Shot = [name: string, context: BrowserContext, path: string, act?: (page: Page) => Promise<void>];

/**
 * Every shot at every width, language and theme, full page, as <name>-<width>-<lng>-<theme>.png
 * in `out`; with `only` (a script's PAGES), the shots it names.
 */
export async function shootAll(out: string, shots: readonly Shot[], only?: ReadonlySet<string>) {
  mkdirSync(out, { recursive: true });
  for (const theme of themes) {
    for (const [name, context, path, act] of shots.filter(([name]) => !only || only.has(name))) {
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
          if (act) await act(page).catch((error) => console.error(name, error));
          const file = join(out, `${name}-${width}-${lng}-${theme}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(file);
        }
      }
      await page.close();
    }
  }
}

/** Where a signed-in view's shot stands: the page, its language, width and theme, and how to take one. */
export interface SignedInView {
  page: Page;
  lng: string;
  /** Writes <prefix>-<state>-<width>-<lng>-<theme>.png into `out`, after scrolling `focus` into view when given. */
  shot: (state: string) => Promise<void>;
}

/**
 * The loop of the signed-in screenshot scripts (create, delete-account, import, collection,
 * tag undo): a new member per theme on the e2e server at E2E_PORT, given what `prepare` makes
 * (through the API, as that member), then `visit` at every language and width.
 */
export async function shootSignedIn(
  prefix: string,
  out: string,
  visit: (view: SignedInView) => Promise<void>,
  options: { fullPage?: boolean; focus?: (page: Page) => Locator; prepare?: (request: APIRequestContext) => Promise<void> } = {},
): Promise<void> {
  const site = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4460)}`;
  mkdirSync(out, { recursive: true });
  // Loaded here, not at the top: the e2e helpers read the e2e server's settings when imported,
  // which the scripts shooting a BASE build do not have.
  const { apiSignUp } = await import('../e2e/auth-support');
  const browser = await launchShots();
  for (const theme of themes) {
    const context = await browser.newContext({ baseURL: site });
    await apiSignUp(context.request);
    await options.prepare?.(context.request);
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const page = await context.newPage();
    for (const lng of lngs) {
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        const shot = async (state: string) => {
          if (options.focus) await options.focus(page).scrollIntoViewIfNeeded();
          const file = join(out, `${prefix}-${state}-${width}-${lng}-${theme}.png`);
          await page.screenshot({ path: file, fullPage: options.fullPage ?? false });
          console.log(file);
        };
        await visit({ page, lng, shot });
      }
    }
    await context.close();
  }
  await browser.close();
}
