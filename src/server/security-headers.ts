import type { Config } from './config';

/**
 * The protective headers every answer carries, and the host rule, shared by the security
 * middleware (src/server/middleware/security.ts) and the stored-page fast path
 * (src/server/page-cache/fast-pages.ts): one list, so a page answered without Astro goes out with the
 * very headers it would have had through it.
 */

/** Whether we serve this host (`url.host`: the Host header as the URL parser normalised it). */
export function isServedHost(host: string, config: Pick<Config, 'allowedHosts'>): boolean {
  return config.allowedHosts.includes(host.toLowerCase());
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

/** The security headers of an answer whose own policy (Astro's, or none) is `astroPolicy`. */
export function securityHeaders(astroPolicy: string | null, https: boolean): [string, string][] {
  const headers: [string, string][] = [
    ['content-security-policy', mergeCsp(astroPolicy)],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
  ];
  if (https) headers.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

/** Whether answers go out as HTTPS ones (HSTS): the request came over TLS, or PUBLIC_URL is https. */
export const servesHttps = (protocol: string, config: Pick<Config, 'publicUrl'>) => protocol === 'https:' || config.publicUrl.startsWith('https:');

const warnedConfigs = new WeakSet<object>();
export const UNTRUSTED_PROXY_WARNING =
  "[promptory] WARNING: requests carry X-Forwarded-For but TRUST_PROXY=0, so every visitor counts as the proxy's one address: " +
  'one person can exhaust the sign-in and registration rate limits for everybody. Set TRUST_PROXY to the number of proxies in front of this server.';

/**
 * Behind a reverse proxy with TRUST_PROXY=0 the rate limits see one client (the proxy). We
 * cannot tell a proxy from a client that sends the header itself, so we only warn, once per
 * app (a log line per request would bury everything else). `forwarded`: the request carries
 * X-Forwarded-For.
 */
export function warnUntrustedProxy(forwarded: boolean, config: Pick<Config, 'trustProxy'>, log: (line: string) => void = console.warn): void {
  if (config.trustProxy > 0 || warnedConfigs.has(config) || !forwarded) return;
  warnedConfigs.add(config);
  log(UNTRUSTED_PROXY_WARNING);
}
