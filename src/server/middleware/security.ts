import type { APIContext, MiddlewareHandler } from 'astro';
import { createHash } from 'node:crypto';
import { ACCOUNT_REFUSALS } from '../../../modules/accounts/contracts';
import { findRoute } from '../../../events/route';
import { allRoutes } from '../../shared/api-routes';
import { MAX_BODY_BYTES, type Config } from '../config';
import { declaresTooLarge, errorJson, hasUnstorableText, tooLargeJson } from '../http';
import { REQUEST_REFUSALS } from '../refusals';
import { isServedHost, securityHeaders, servesHttps, warnUntrustedProxy } from '../security-headers';

export { isServedHost, mergeCsp, UNTRUSTED_PROXY_WARNING } from '../security-headers';

/**
 * 1. Answers only the hosts we serve (Config.allowedHosts: PUBLIC_URL's host, ALLOWED_HOSTS,
 *    loopback when PUBLIC_URL is unset): any other Host gets 421 before a page renders, so
 *    nothing derived from a forged Host can reach the shared page cache.
 * 2. Refuses a body whose Content-Length is over MAX_BODY_BYTES with 413 before it is read.
 * 3. Refuses cross-origin state-changing requests (POST, PUT, PATCH, DELETE) with 403 JSON:
 *    the Origin header must be PUBLIC_URL's origin or one of Config.allowedOrigins
 *    (ALLOWED_ORIGINS, and the loopback origins we serve when PUBLIC_URL is unset; never the
 *    request's own Host, which the client chooses); without Origin, Sec-Fetch-Site must
 *    be same-origin or none. Requests with neither header come from no browser (curl,
 *    server-to-server) and carry no ambient credentials to abuse.
 * 4. Sets security headers on every response that passes through Astro, and makes any
 *    response that sets a cookie private (a shared cache must never hand it to someone else).
 *
 * CSP: Astro's built-in CSP (`security.csp` in astro.config.mjs) hashes every script and
 * style Astro emits (hydration, islands, bundled <script>s) and sends the policy as a
 * header on server-rendered pages; we add the directives Astro leaves to us (frame-ancestors,
 * object-src, base-uri, form-action, default-src, img-src...). No 'unsafe-inline' for scripts:
 * an `is:inline` script must register its hash: `Astro.csp?.insertScriptHash(inlineScriptHash(src))`.
 */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type OriginConfig = Pick<Config, 'publicUrl' | 'allowedOrigins'>;

export function isSameOriginRequest(request: Request, config: OriginConfig): boolean {
  const origin = request.headers.get('origin');
  if (origin) return origin !== 'null' && (origin === new URL(config.publicUrl).origin || config.allowedOrigins.includes(origin));
  const site = request.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  return true;
}

export const UNKNOWN_HOST = REQUEST_REFUSALS.unknownHost.message;

/** The CSP source for an inline script (for `Astro.csp.insertScriptHash`). */
export function inlineScriptHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;
}

/** A shared cache may store a `public` answer; one carrying a Set-Cookie must stay private. */
function privateIfCookie(response: Response, context: Pick<APIContext, 'cookies'>): [string, string][] {
  const setsCookie = response.headers.has('set-cookie') || !context.cookies.headers().next().done;
  const cacheControl = response.headers.get('cache-control');
  if (!setsCookie || !cacheControl || !/\bpublic\b/i.test(cacheControl)) return [];
  return [['cache-control', 'private, no-cache']];
}

export function withSecurityHeaders(response: Response, context: Pick<APIContext, 'url' | 'cookies'>, config: Pick<Config, 'publicUrl'>): Response {
  const https = servesHttps(context.url.protocol, config);
  const headers = [...securityHeaders(response.headers.get('content-security-policy'), https), ...privateIfCookie(response, context)];
  // A page may choose a stricter referrer policy (e.g. /auth pages carrying a token): keep it.
  if (response.headers.has('referrer-policy'))
    headers.splice(
      headers.findIndex(([k]) => k === 'referrer-policy'),
      1,
    );
  try {
    for (const [k, v] of headers) response.headers.set(k, v);
    return response;
  } catch {
    // Immutable headers (e.g. Response.redirect): copy into a new response.
    const copy = new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
    for (const [k, v] of headers) copy.headers.set(k, v);
    return copy;
  }
}

/** Warns once per app when requests come through an untrusted proxy (src/server/security-headers.ts). */
export function warnIfUntrustedProxy(request: Request, config: Pick<Config, 'trustProxy'>, log?: (line: string) => void): void {
  warnUntrustedProxy(request.headers.has('x-forwarded-for'), config, log);
}

export const security: MiddlewareHandler = async (context, next) => {
  const { config } = context.locals.app;
  warnIfUntrustedProxy(context.request, config);
  const refuse = (response: Response) => withSecurityHeaders(response, context, config);
  if (!isServedHost(context.url.host, config)) {
    return refuse(errorJson(421, REQUEST_REFUSALS.unknownHost));
  }
  // A route may declare a larger body (an import file); every other request keeps the 64 KB cap.
  const maxBody = findRoute(allRoutes, context.request.method, context.url.pathname)?.maxBodyBytes ?? MAX_BODY_BYTES;
  if (declaresTooLarge(context.request, maxBody)) return refuse(tooLargeJson());
  if (UNSAFE_METHODS.has(context.request.method) && !isSameOriginRequest(context.request, config)) {
    return refuse(errorJson(403, ACCOUNT_REFUSALS.crossOrigin));
  }
  return withSecurityHeaders(await next(), context, config);
};

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * After the language is chosen: a page's query string carrying a NUL (`?q=%00`) or half a
 * surrogate pair cannot be searched for or stored (PostgreSQL refuses it: a 500 before), and
 * answers 400 with a short page in the visitor's language. An endpoint checks its own query
 * where its declaration parses it (src/server/route.ts), with the body's and the path's.
 */
export const unstorableQuery: MiddlewareHandler = (context, next) => {
  const { searchParams } = context.url;
  if (context.url.pathname.startsWith('/api/') || !hasUnstorableText([...searchParams.keys(), ...searchParams.values()])) return next();
  const { t, lng } = context.locals;
  const page = `<!doctype html><html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t('site:badRequest.title'))}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>${escapeHtml(t('site:badRequest.title'))}</h1><p>${escapeHtml(t('site:badRequest.text'))}</p><p><a href="/">${escapeHtml(t('site:notFound.home'))}</a></p></body></html>`;
  return new Response(page, { status: 400, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
};
