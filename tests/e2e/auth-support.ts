import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { prepare, type Lang } from './site-support';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ownE2eServer } from '../support/e2e-servers';

/** Where this worker's server writes its outbox. */
export const dataDir = ownE2eServer().dataDir;

type Messages = Record<string, any>;
const locale = (lng: string, ns: string): Messages => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));
export const auth = { en: locale('en', 'auth'), 'zh-HK': locale('zh-HK', 'auth') } as const;
export const dashboard = { en: locale('en', 'dashboard'), 'zh-HK': locale('zh-HK', 'dashboard') } as const;
export type Lng = keyof typeof auth;

let n = 0;
export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${Date.now().toString(36)}-${++n}@example.com`.toLowerCase();

export function decode(raw: string): string {
  return raw
    .split(/\n--[^\n]+\n/)
    .map((part) => {
      const [head, ...rest] = part.split(/\n\n/);
      const body = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head))
        return Buffer.from(
          body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8');
      return body;
    })
    .join('\n');
}

function mailsTo(email: string, dir = dataDir): string[] {
  try {
    return readdirSync(join(dir, 'outbox'))
      .filter((f) => f.endsWith('.eml') && f.includes(email))
      .sort();
  } catch {
    return [];
  }
}

export function mailCount(email: string): number {
  return mailsTo(email).length;
}

/** Waits for the (count+1)-th message to `email` and returns its text and link (`dir`: another server's data folder). */
export async function nextMail(email: string, countBefore: number, dir = dataDir): Promise<{ text: string; link: string | null }> {
  let files: string[] = [];
  await expect.poll(() => (files = mailsTo(email, dir)).length, { timeout: 10_000 }).toBeGreaterThan(countBefore);
  const text = decode(readFileSync(join(dir, 'outbox', files[files.length - 1]), 'utf8'));
  const match = /https?:\/\/[^\s"<>]+\/auth(?:\/reset-password)?\?email=[^\s"<>]+/.exec(text);
  return { text, link: match ? match[0].replace(/&amp;/g, '&') : null };
}

/** The path and query of an emailed link (the test server's origin may differ in name). */
export const pathOf = (link: string) => {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
};

/** Registers through the API and sets the password from the emailed link; the request context is then signed in. */
export async function apiSignUp(request: APIRequestContext, password = 'correct horse battery') {
  const email = uniqueEmail('api');
  const before = mailCount(email);
  expect((await request.post('/api/auth/register', { data: { name: 'Api User', email } })).status()).toBe(200);
  const { link } = await nextMail(email, before);
  const token = new URL(link!).searchParams.get('token')!;
  const set = await request.post('/api/auth/set-password', { data: { email, token, password } });
  expect(set.status()).toBe(200);
  return { email, password, token };
}

/** Console errors mentioning the Content Security Policy, collected for a page. */
/** The ADMIN_EMAIL account the e2e server creates at start, and the password the specs give it. */
export const ADMIN_EMAIL = 'admin@promptory.test';
export const ADMIN_PASSWORD = 'admin password 1';

/**
 * Signs `request` in as the admin. The first spec to need the admin sets its password from the
 * latest mail the account got (the start-up link, or a reset another spec asked for); every
 * spec sets the same password, so later ones just sign in.
 */
export async function adminSignIn(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  if (login.status() === 200) return;
  const { link } = await nextMail(ADMIN_EMAIL, 0);
  const token = new URL(link!).searchParams.get('token')!;
  expect((await request.post('/api/auth/set-password', { data: { email: ADMIN_EMAIL, token, password: ADMIN_PASSWORD } })).status()).toBe(200);
}

export function collectCspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) found.push(m.text());
  });
  return found;
}

/** A page in a new context prepared for `lng`, signed in as a new member (through the API) or as the admin. */
export async function signedInPage(browser: Browser, baseURL: string, lng: Lang, as: 'member' | 'admin' = 'member'): Promise<Page> {
  const context = await browser.newContext();
  await prepare(context, baseURL, lng);
  const page = await context.newPage();
  if (as === 'admin') await adminSignIn(page.request);
  else await apiSignUp(page.request);
  return page;
}

/** A new account's email and password, registered from a context of its own (the test's page stays signed out). */
export async function newAccount(browser: Browser): Promise<{ email: string; password: string }> {
  const context = await browser.newContext();
  const { email, password } = await apiSignUp(context.request);
  await context.close();
  return { email, password };
}
