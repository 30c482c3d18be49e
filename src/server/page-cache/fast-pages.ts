import type { IncomingMessage, ServerResponse } from 'node:http';
import { LANGUAGE_COOKIE } from '../../i18n/languages';
import type { Config } from '../config';
import { BODY_HEADERS, matchesEtag } from '../conditional-get';
import { hasUnstorableText } from '../http';
import { WRITTEN_COOKIE } from '../freshness';
import { acceptsGzip, representation, type CachedPage, type PageCache } from '.';
import { requestLanguage } from '../request-language';
import { isServedHost, securityHeaders, servesHttps, warnUntrustedProxy } from '../security-headers';

/**
 * The stored-page fast path: a GET or HEAD for a page the page cache holds is answered by the
 * Node server itself (scripts/serve.mjs), without entering Astro. A stored page is the same
 * bytes for everyone, so what Astro adds per request (a Request and a Response object, the
 * context, the middleware chain, a streamed body) is pure overhead on it: through Astro a hit
 * ran at a sixth of the rate of a static file of the same size.
 *
 * How serve.mjs gets it: serve.mjs is plain JavaScript run before any build and cannot import
 * this TypeScript, and the bundled app boots lazily inside the adapter's handler. So the app,
 * once booted (`getApp`, src/server/app.ts), registers this function on `globalThis` under
 * FAST_PAGES_KEY (a `Symbol.for`, the same symbol in both worlds, as the app itself is kept
 * under `promptory.app`), and serve.mjs looks it up on each request. Before boot there is no
 * hook and everything goes through Astro. The function serves from the app's own PageCache,
 * so stores, freshness and invalidation are exactly those of the slow path.
 *
 * It answers exactly what the middleware chain (src/middleware.ts) would, and only when that
 * answer is a stored page; anything else returns false untouched and goes on to Astro:
 * - request: nothing of it reaches a stored page's answer (the request id is not echoed).
 * - security: the same proxy warning and host rule (an unserved host gets its 421 from Astro);
 *   a request declaring a body goes on (the 413 rule); the same headers (security-headers.ts).
 *   The URL is built as the adapter builds it (`${protocol}://${Host}${target}`; astro.config
 *   sets no allowedDomains, so X-Forwarded-Host is ignored on both paths), and only for plain
 *   targets (letters, digits, `-._~` path segments, no trailing slash, no percent-escapes), on
 *   which Astro's own normalisation (decoding, slash collapsing) changes nothing.
 * - i18n: the same choice (request-language.ts); a `?lng=` that would set the language cookie
 *   goes on (the answer carries a Set-Cookie and turns private).
 * - unstorableQuery: a query Astro answers with 400 goes on.
 * - cachedPages: the page cache's own decision (`PageCache.stored`: the same declaration, key
 *   and version); a writer's read of a page that reads what it wrote goes on, so it waits for
 *   its write there. A miss goes on and is claimed there.
 * - session and pageCache.finish run only after a miss: a hit never reached them.
 */
export const FAST_PAGES_KEY = Symbol.for('promptory.fastPages');

/**
 * Answers `req` and returns true, or returns false having written nothing. `firstHeaders`: the
 * names serve.mjs puts on every other answer before the app's own, so a stored page's headers
 * come out in the order the slow path's do (byte for byte the same answer).
 */
export type FastPages = (req: IncomingMessage, res: ServerResponse, firstHeaders?: readonly string[]) => false | Promise<boolean>;

/** Targets whose URL Astro does not normalise: see above. */
const PLAIN_PATH = /^(?:\/|(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+)$/;

/** The merged policy of each distinct page policy (a handful: one per build and page kind). */
const mergedPolicies = new Map<string, [string, string][]>();

export function fastPages(app: { config: Config; pageCache: PageCache }): FastPages {
  const { config, pageCache } = app;
  return (req, res, firstHeaders = []) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const target = req.url ?? '';
    const query = target.indexOf('?');
    if (!PLAIN_PATH.test(query === -1 ? target : target.slice(0, query))) return false;
    const host = req.headers.host;
    if (!host) return false;
    const https = 'encrypted' in req.socket && Boolean(req.socket.encrypted);
    let url: URL;
    try {
      url = new URL(`${https ? 'https' : 'http'}://${host}${target}`);
    } catch {
      return false;
    }
    warnUntrustedProxy(req.headers['x-forwarded-for'] !== undefined, config);
    if (!isServedHost(url.host, config)) return false;
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return false;
    const cookie = req.headers.cookie;
    const { lng, setsCookie } = requestLanguage(
      url.searchParams.get('lng'),
      cookie ? cookieValue(cookie, LANGUAGE_COOKIE) : undefined,
      header(req, 'accept-language'),
    );
    if (setsCookie) return false;
    if (url.search && hasUnstorableText([...url.searchParams.keys(), ...url.searchParams.values()])) return false;
    return pageCache.stored(lng, url, cookie ? cookieValue(cookie, WRITTEN_COOKIE) : undefined).then(
      (page) => {
        if (!page) return false;
        const gzip = acceptsGzip(header(req, 'accept-encoding'));
        const answer = answerOf(page, gzip, servesHttps(url.protocol, config), firstHeaders);
        const notModified = matchesEtag(header(req, 'if-none-match'), answer.etag);
        res.writeHead(notModified ? 304 : 200, notModified ? answer.notModified : answer.headers);
        res.end(notModified || req.method === 'HEAD' ? undefined : answer.body);
        return true;
      },
      // The checkpoints could not be read (the database is away): Astro answers that (a 503 page).
      () => false,
    );
  };
}

/** A stored page's answer in one encoding: its body and its headers as a flat list, ready to write. */
interface Answer {
  body: Uint8Array;
  etag: string;
  headers: string[];
  notModified: string[];
}

/**
 * Each stored page's answers, built once per encoding and scheme: a hit then writes a list
 * made beforehand (Node writes a flat list of headers as it is when no header was set before),
 * instead of merging, sorting and validating some twenty headers on every request.
 */
const answers = new WeakMap<CachedPage, Map<string, Answer>>();

function answerOf(page: CachedPage, gzip: boolean, https: boolean, firstHeaders: readonly string[]): Answer {
  let variants = answers.get(page);
  if (!variants) answers.set(page, (variants = new Map()));
  const variant = `${gzip ? 'gzip' : 'identity'} ${https ? 'https' : 'http'}`;
  let answer = variants.get(variant);
  if (answer) return answer;
  const { body, headers: own } = representation(page, gzip ? 'gzip' : 'identity');
  const headers: Record<string, string> = {};
  let policy: string | null = null;
  for (const [name, value] of page.headers) {
    if (name === 'content-security-policy') policy = value;
    else headers[name] = value;
  }
  for (const [name, value] of own) headers[name] = value;
  for (const [name, value] of secured(policy, https)) headers[name] = value;
  // In the order the slow path's answer has them: serve.mjs's baseline names first, then as
  // Astro's Headers object iterates (sorted by name).
  const first = firstHeaders.filter((name) => name in headers);
  const names = [
    ...first,
    ...Object.keys(headers)
      .filter((name) => !first.includes(name))
      .sort(),
  ];
  const flat = (keep: (name: string) => boolean) => names.filter(keep).flatMap((name) => [name, headers[name]]);
  answer = { body, etag: headers.etag, headers: flat(() => true), notModified: flat((name) => !BODY_HEADERS.includes(name)) };
  variants.set(variant, answer);
  return answer;
}

function secured(policy: string | null, https: boolean): [string, string][] {
  const key = `${https ? 's' : ''}${policy ?? ''}`;
  let headers = mergedPolicies.get(key);
  if (!headers) mergedPolicies.set(key, (headers = securityHeaders(policy, https)));
  return headers;
}

/** A request header as the Fetch API's Headers would read it (repeated ones joined). */
function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}

/**
 * A cookie's value as Astro reads it (`cookies.get(name)?.value`: the `cookie` package's
 * parse, first occurrence wins, blanks and tabs trimmed, then decodeURIComponent, kept raw when
 * that fails; an empty value counts as absent), or undefined.
 */
export function cookieValue(header: string, name: string): string | undefined {
  let index = 0;
  const length = header.length;
  while (index < length) {
    const eq = header.indexOf('=', index);
    if (eq === -1) return undefined;
    let end = header.indexOf(';', index);
    if (end === -1) end = length;
    if (eq > end) {
      // A pair without '=': skip it.
      index = header.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    if (trimmed(header, index, eq) === name) {
      const raw = trimmed(header, eq + 1, end);
      if (!raw) return undefined;
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
    index = end + 1;
  }
  return undefined;
}

function trimmed(text: string, start: number, end: number): string {
  while (start < end && (text.charCodeAt(start) === 32 || text.charCodeAt(start) === 9)) start++;
  while (end > start && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
  return text.slice(start, end);
}

/** Called once the process's app has booted: serve.mjs finds the fast path from then on. */
export function registerFastPages(app: { config: Config; pageCache: PageCache }): void {
  (globalThis as Record<symbol, unknown>)[FAST_PAGES_KEY] = fastPages(app);
}
