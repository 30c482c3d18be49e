import type { APIContext } from 'astro';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { register, SESSION_COOKIE, setPassword } from '../../modules/accounts';
import { accountRoutes } from '../../modules/accounts/routes';
import { reviewPrompt } from '../../modules/prompts';
import { promptRoutes } from '../../modules/prompts/routes';
import { SYSTEM_ACTOR } from '../../events';
import type { App } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { freshApp, type Backend } from './backends';
import { onRequest } from '../../src/middleware';
import { pathFor, type RouteRef } from '../../events/route';
import type { ClientArgs } from '../../src/shared/api-client';
import type { Language } from '../../src/i18n/languages';
import { routeRequest } from './endpoints';

/**
 * The app under test, served as production serves it: the app is installed as the process's
 * app (the `request` middleware hands it out through `locals`, as `getApp()` does in
 * production), every request runs through production's middleware chain (`onRequest` of
 * src/middleware.ts, all of it, in its order) and then the endpoint Astro's router would
 * pick. No web server: the request context is built here, with the browser's cookie jar.
 */
export function installApp(app: App): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('promptory.app')] = Promise.resolve(app);
}

/** The chain every test request runs through: production's, not a copy. */
export const testChain = onRequest;

/** A request as a client sends it: `body` is sent as JSON, `rawBody` as it is (a malformed body). */
export interface Sent {
  method?: string;
  /** Path and query string. */
  path: string;
  body?: unknown;
  rawBody?: string;
  /** A body that arrives in chunks with no Content-Length (a chunked upload). */
  stream?: ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
  bytes: Buffer;
}

const ORIGIN = 'http://localhost:4321';

export class Browser {
  jar = new Map<string, string>();
  /** Every Set-Cookie the server asked for: [name, value, options]. */
  setCookies: [string, string, Record<string, unknown>][] = [];
  /** Sent with every request (an extension's bearer token and origin, say). */
  headers: Record<string, string> = {};
  constructor(
    public ip = '10.0.0.1',
    /** The language the browser asks for (Accept-Language), as a browser set to it does. */
    public lng: Language = 'en',
  ) {}

  /** This browser (its cookies too) with `headers` added to every request it sends. */
  with(headers: Record<string, string>): Browser {
    const view = Object.create(this) as Browser;
    view.headers = { ...this.headers, ...headers };
    return view;
  }

  /**
   * Sends any request through the production chain, the way fetch would: for what a typed
   * call cannot express (a malformed body, an undeclared path or method, a forged header).
   */
  async send(sent: Sent): Promise<Answer> {
    const response = await this.respond(sent);
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString('utf8');
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: response.status, body: parsed, headers: response.headers, bytes };
  }

  /** `send`'s response as the chain gives it, its body unread (a stream is read as it comes). */
  async respond(sent: Sent): Promise<Response> {
    const method = sent.method ?? 'POST';
    const url = new URL(sent.path, ORIGIN);
    const headers = new Headers({ ...this.headers, ...sent.headers });
    if (!headers.has('accept-language')) headers.set('accept-language', this.lng);
    let body: string | undefined;
    if (sent.stream && !headers.has('content-type')) headers.set('content-type', 'application/json');
    if (sent.rawBody !== undefined) body = sent.rawBody;
    else if (sent.body !== undefined) body = JSON.stringify(sent.body);
    if (body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const request = new Request(url, { method, headers, body: sent.stream ?? body, duplex: 'half' } as RequestInit);
    const jar = this.jar;
    const setCookies = this.setCookies;
    const setNow: string[] = [];
    const cookies = {
      // Like AstroCookies#headers: the Set-Cookie values this request will send.
      headers: () => setNow.values(),
      get: (name: string) => (jar.has(name) ? { value: jar.get(name)! } : undefined),
      has: (name: string) => jar.has(name),
      set: (name: string, value: string, opts: Record<string, unknown> = {}) => {
        setCookies.push([name, value, opts]);
        setNow.push(`${name}=${value}`);
        if (value === '' || opts.maxAge === 0) jar.delete(name);
        else jar.set(name, value);
      },
      delete: (name: string) => jar.delete(name),
    };
    const routed = routeRequest(method === 'HEAD' ? 'GET' : method, url.pathname);
    const context = {
      request,
      url,
      cookies,
      params: routed?.params ?? {},
      clientAddress: this.ip,
      locals: {},
      redirect: (to: string, status = 302) => new Response(null, { status, headers: { location: to } }),
    } as unknown as APIContext;
    return (await testChain(context as never, async () => {
      if (!routed) throw new Error(`the test app serves endpoints only: no endpoint serves ${method} ${url.pathname}`);
      return routed.handler(context);
    })) as Response;
  }

  /**
   * Calls a declared route the way the islands' client would, its path and query made from
   * the declaration: `browser.api(routes.rate, { body: { promptId: 3, value: 5 } })`.
   */
  api<R extends RouteRef>(route: R, ...[input]: ClientArgs<R>): Promise<Answer> {
    return this.send({ method: route.method, path: pathFor(route, input), body: (input as { body?: unknown } | undefined)?.body });
  }
}

/**
 * A browser signed in as a new account (registered, then its emailed link used to set a
 * password). For the ADMIN_EMAIL account, which exists from the start, only the link is used.
 */
export async function signedInBrowser(app: App, email: string, name: string, adminEmail?: string): Promise<Browser> {
  const b = new Browser();
  if (email !== adminEmail) {
    const r = await b.api(accountRoutes.register, { body: { name, email } });
    if (r.status !== 200) throw new Error(`register ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  const token = new URL(lastMail(app.config.dataDir, email)!.link!).searchParams.get('token')!;
  const r = await b.api(accountRoutes.setPassword, { body: { email, token, password: 'correct horse battery' } });
  if (r.status !== 200) throw new Error(`set password ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  return b;
}

/** The newest outbox message to `to`, decoded, and the link in it. */
export function lastMail(dataDir: string, to: string): { raw: string; text: string; link: string | null } | null {
  const dir = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml') && f.includes(to.replace(/[^a-zA-Z0-9@._-]/g, '_')));
  } catch {
    return null;
  }
  if (!files.length) return null;
  files.sort();
  const raw = readFileSync(join(dir, files[files.length - 1]), 'utf8');
  const text = decodeMime(raw);
  const match = /https?:\/\/[^\s"<>]+\/auth(?:\/reset-password)?\?email=[^\s"<>]+/.exec(text);
  return { raw, text, link: match ? match[0].replace(/&amp;/g, '&') : null };
}

export function mailCount(dataDir: string, to: string): number {
  try {
    return readdirSync(join(dataDir, 'outbox')).filter((f) => f.includes(to)).length;
  } catch {
    return 0;
  }
}

/** Decodes the quoted-printable and base64 parts of a message (enough for our own mails). */
export function decodeMime(raw: string): string {
  const parts = raw.split(/\n--[^\n]+\n/);
  return parts
    .map((part) => {
      const [head, ...rest] = part.split(/\n\n/);
      const body = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
        const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16)));
        return Buffer.from(bytes, 'latin1').toString('utf8');
      }
      return body;
    })
    .join('\n');
}

/**
 * A new account with a password, its session cookie put in `browser`'s jar (through the
 * accounts module, as the emailed link would). Returns the user id.
 */
export async function signUpAs(app: App, browser: Browser, email: string, name = email.split('@')[0]): Promise<number> {
  const meta = { actor: null, requestId: 'sign-up', at: new Date().toISOString() };
  const registered = await register(app.store, { name, email }, meta);
  // An existing account (e.g. the admin's, made at start) gets a fresh link; we need a new one.
  if (registered.outcome.kind === 'exists') throw new Error('expected an account without a password');
  const { session, ...appended } = await setPassword(
    app.store,
    app.sessions,
    { email, token: registered.outcome.link.token, password: 'correct horse battery' },
    meta,
  );
  await app.settle(appended);
  browser.jar.set(SESSION_COOKIE, session.token);
  return registered.outcome.userId;
}

/**
 * `count` browsers at the addresses `<prefix>.1`, `<prefix>.2`…: a suite's people, each under its
 * own rate limits; with `origin`, each sends it as a same-origin page would.
 */
export const browsersAt = (prefix: string, count: number, origin?: string): Browser[] =>
  Array.from({ length: count }, (_, i) => Object.assign(new Browser(`${prefix}.${i + 1}`), origin ? { headers: { origin } } : {}));

/**
 * Signs up each `[browser, email, name?]` in order (see signUpAs), then makes every browser of
 * `sameOrigin` send `origin` as a same-origin page would. Answers the new user ids in order.
 */
export async function signUpAll(app: App, people: [Browser, string, string?][], origin: string, sameOrigin: Browser[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [browser, email, name] of people) ids.push(await signUpAs(app, browser, email, name));
  for (const browser of sameOrigin) browser.headers = { origin };
  return ids;
}

/** The admin address and the site origin of the apps `castApp` starts. */
export const TEST_ADMIN = 'admin@promptory.test';
export const TEST_ORIGIN = 'http://localhost:4321';

/** The usual cast of the prompt tests: an author with a display name, another member, the admin. */
export const authorOtherAdmin = (author: Browser, other: Browser, admin: Browser): [Browser, string, string?][] => [
  [author, 'author@example.com', 'Ada Author'],
  [other, 'other@example.com'],
  [admin, TEST_ADMIN],
];

/**
 * A fresh app at TEST_ORIGIN (admin TEST_ADMIN, then `overrides`), installed, with `people`
 * signed up and the `sameOrigin` browsers sending the site's origin. Answers the app and the
 * people's ids.
 */
export async function castApp(
  backend: Backend,
  { sameOrigin = [], ...overrides }: Partial<Config> & { sameOrigin?: Browser[] },
  ...people: [Browser, string, string?][]
): Promise<{ app: Awaited<ReturnType<typeof freshApp>>; ids: number[] }> {
  const app = await freshApp(backend, { publicUrl: TEST_ORIGIN, adminEmail: TEST_ADMIN, ...overrides });
  installApp(app);
  return { app, ids: await signUpAll(app, people, TEST_ORIGIN, sameOrigin) };
}

/** A submission the create form accepts (description long enough, category 1) titled `title`; visibility only when given. */
export const submissionTitled = (title: string, options: { content?: string; visibility?: 'public' | 'private' } = {}) => ({
  title,
  description: 'Twenty characters or more of description.',
  content: options.content ?? 'Write a short brief about the topic.',
  categoryId: 1,
  ...(options.visibility ? { visibility: options.visibility } : {}),
});

/** Public prompts titled `titles`, submitted by `member` and approved by the system at once, ready to collect. Answers their ids. */
export async function approvedPublicPrompts(app: App, member: Browser, titles: readonly string[]): Promise<number[]> {
  const meta = { actor: null, requestId: 'approved-public', at: new Date().toISOString() };
  const ids: number[] = [];
  for (const title of titles) {
    const body = {
      title,
      description: 'A public prompt to collect.',
      content: `Explain ${title} in {{words}} words.`,
      categoryId: 1,
      visibility: 'public' as const,
    };
    const submitted = await member.api(promptRoutes.submit, { body });
    if (submitted.status !== 201) throw new Error(`submit ${title}: ${submitted.status} ${JSON.stringify(submitted.body)}`);
    await reviewPrompt(app.store, submitted.body.id, true, SYSTEM_ACTOR, meta);
    ids.push(submitted.body.id);
  }
  return ids;
}
