import type { APIContext, MiddlewareHandler } from 'astro';
import { createHash } from 'node:crypto';
import { AUTH_MESSAGES } from '../../../modules/accounts/contracts';
import { readConfig } from '../config';
import { EXTENSION_ORIGIN } from '../../../modules/devices/contracts';

/**
 * 1. Refuses cross-origin state-changing requests (POST, PUT, PATCH, DELETE) with 403 JSON:
 *    the Origin header must be this site's (the request's own origin or PUBLIC_URL's, or one
 *    listed in ALLOWED_ORIGINS, comma-separated, e.g. the extension's chrome-extension://id);
 *    without Origin, Sec-Fetch-Site must be same-origin or none. Requests with neither header
 *    come from no browser (curl, server-to-server) and carry no ambient credentials to abuse.
 * 2. Sets security headers on every response that passes through Astro.
 *
 * CSP: Astro's built-in CSP (`security.csp` in astro.config.mjs) hashes every script and
 * style Astro emits (hydration, islands, bundled <script>s) and sends the policy as a
 * header on server-rendered pages; we add the directives Astro leaves to us (frame-ancestors,
 * object-src, base-uri, form-action, default-src, img-src...). No 'unsafe-inline' for scripts:
 * an `is:inline` script must register its hash: `Astro.csp?.insertScriptHash(inlineScriptHash(src))`.
 */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const config = readConfig();
const allowedOrigins = new Set(
  [config.publicUrl, EXTENSION_ORIGIN, ...(process.env.ALLOWED_ORIGINS ?? '').split(',')]
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      // URL.origin of a non-http URL (chrome-extension://id) is "null": compare those exactly.
      try {
        const url = new URL(o);
        return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : o;
      } catch {
        return o;
      }
    }),
);

export function isSameOriginRequest(request: Request, ownOrigin: string): boolean {
  const origin = request.headers.get('origin');
  // "null" (sandboxed frames, file: pages, some redirects) names no one: never allowed.
  if (origin) return origin !== 'null' && (origin === ownOrigin || allowedOrigins.has(origin));
  const site = request.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  return true;
}

/** Directives we own; Astro owns script-src and style-src (hashes). */
const OUR_DIRECTIVES: [string, string][] = [
  ['default-src', "'self'"],
  ['img-src', "'self' data: https:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
  ['frame-ancestors', "'none'"],
];
/** When Astro sent no policy (dev server, JSON, redirects): directives that cannot break a page. */
const BASELINE = "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

export function mergeCsp(astroPolicy: string | null): string {
  if (!astroPolicy) return BASELINE;
  const present = new Set(
    astroPolicy
      .split(';')
      .map((d) => d.trim().split(/\s+/)[0])
      .filter(Boolean),
  );
  const extra = OUR_DIRECTIVES.filter(([name]) => !present.has(name)).map(([n, v]) => `${n} ${v}`);
  return [astroPolicy.trim().replace(/;$/, ''), ...extra].join('; ');
}

/** The CSP source for an inline script (for `Astro.csp.insertScriptHash`). */
export function inlineScriptHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;
}

function headersFor(response: Response, context: Pick<APIContext, 'url'>): [string, string][] {
  const https = context.url.protocol === 'https:' || config.publicUrl.startsWith('https:');
  const headers: [string, string][] = [
    ['content-security-policy', mergeCsp(response.headers.get('content-security-policy'))],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
  ];
  if (https) headers.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

export function withSecurityHeaders(response: Response, context: Pick<APIContext, 'url'>): Response {
  const headers = headersFor(response, context);
  // A page may choose a stricter referrer policy (e.g. /auth pages carrying a token): keep it.
  if (response.headers.has('referrer-policy')) headers.splice(headers.findIndex(([k]) => k === 'referrer-policy'), 1);
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

export const security: MiddlewareHandler = async (context, next) => {
  if (UNSAFE_METHODS.has(context.request.method) && !isSameOriginRequest(context.request, context.url.origin)) {
    const refused = new Response(JSON.stringify({ error: AUTH_MESSAGES.crossOrigin }), {
      status: 403,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    });
    return withSecurityHeaders(refused, context);
  }
  return withSecurityHeaders(await next(), context);
};
