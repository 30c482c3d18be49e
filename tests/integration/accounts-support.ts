import type { APIContext, APIRoute, MiddlewareHandler } from 'astro';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { register, SESSION_COOKIE, setPassword } from '../../modules/accounts';
import type { App } from '../../src/server/app';
import { pageCache } from '../../src/server/middleware/page-cache';
import { request as requestMiddleware } from '../../src/server/middleware/request';
import { security } from '../../src/server/middleware/security';
import { session } from '../../src/server/middleware/session';
import { getT } from '../../src/server/i18n';
import { pathFor, type RouteRef } from '../../events/route';
import type { ClientArgs } from '../../src/shared/api-client';
import { handlerFor } from '../support/endpoints';
import type { Language } from '../../src/i18n/languages';

/**
 * Drives the real /api/auth/* handlers and our middlewares (request, security, session) without
 * a web server: a fake Astro context with a cookie jar. The app under test is installed as the
 * process's app, so the request middleware puts it on `locals` as in production.
 */
export function installApp(app: App): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('promptory.app')] = Promise.resolve(app);
}

export class Browser {
  jar = new Map<string, string>();
  /** Every Set-Cookie the server asked for: [name, value, options]. */
  setCookies: [string, string, Record<string, unknown>][] = [];
  /** Sent with every `api()` call (an extension's bearer token and origin, say). */
  headers: Record<string, string> = {};
  constructor(
    public ip = '10.0.0.1',
    public lng: Language = 'en',
  ) {}

  async call(
    handler: APIRoute,
    options: {
      method?: string;
      path?: string;
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string>;
      /** Route parameters, e.g. `{ id: '7' }` for a `[id]` route. */
      params?: Record<string, string>;
    } = {},
  ): Promise<{ status: number; body: any; headers: Headers; bytes: Buffer }> {
    const method = options.method ?? 'POST';
    const url = new URL(options.path ?? '/api/auth/x', 'http://localhost:4321');
    const headers = new Headers(options.headers);
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const request = new Request(url, { method, headers, body });
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
    const context = {
      request,
      url,
      cookies,
      params: options.params ?? {},
      clientAddress: this.ip,
      locals: { requestId: 'test', user: null, lng: this.lng, t: getT(this.lng) },
      redirect: (to: string, status = 302) => new Response(null, { status, headers: { location: to } }),
    } as unknown as APIContext;
    const chain: MiddlewareHandler[] = [requestMiddleware, security, session, pageCache];
    const run = async (i: number): Promise<Response> =>
      i < chain.length ? ((await chain[i](context as never, () => run(i + 1))) as Response) : handler(context);
    const response = await run(0);
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

  /**
   * Calls a declared route through its real endpoint, the way the islands' client would:
   * `browser.api(routes.rate, { body: { promptId: 3, value: 5 } })`.
   */
  api<R extends RouteRef>(route: R, ...[input]: ClientArgs<R>): Promise<{ status: number; body: any; headers: Headers; bytes: Buffer }> {
    const given = (input ?? {}) as { params?: Record<string, unknown>; body?: unknown };
    return this.call(handlerFor(route), {
      method: route.method,
      path: pathFor(route, input),
      params: Object.fromEntries(Object.entries(given.params ?? {}).map(([k, v]) => [k, String(v)])),
      body: given.body,
      headers: this.headers,
    });
  }
}

/**
 * A browser signed in as a new account (registered, then its emailed link used to set a
 * password). For the ADMIN_EMAIL account, which exists from the start, only the link is used.
 */
export async function signedInBrowser(app: App, email: string, name: string, adminEmail?: string): Promise<Browser> {
  const { POST: register } = await import('../../src/pages/api/auth/register');
  const { POST: setPassword } = await import('../../src/pages/api/auth/set-password');
  const b = new Browser();
  if (email !== adminEmail) {
    const r = await b.call(register, { body: { name, email } });
    if (r.status !== 200) throw new Error(`register ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  const token = new URL(lastMail(app.config.dataDir, email)!.link!).searchParams.get('token')!;
  const r = await b.call(setPassword, { body: { email, token, password: 'correct horse battery' } });
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
