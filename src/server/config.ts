import { resolve } from 'node:path';
import { EXTENSION_ORIGIN } from '../../modules/devices/contracts';

/** Every setting the product reads, from the environment (documented in README.md). */
export interface Config {
  databaseUrl: string | undefined;
  /** Schema for our tables on PostgreSQL (tests use one per run). */
  databaseSchema: string;
  dataDir: string;
  adminEmail: string | undefined;
  /** In-process projection workers; 0 leaves projection work to `npm run worker` processes. */
  workers: number;
  /** Seed demo content into an empty database. */
  seed: boolean;
  smtpUrl: string | undefined;
  /** First retry of a failed email, in seconds; later ones back off exponentially. */
  mailRetryDelaySeconds: number;
  /** The public origin: emailed links, share URLs, and the origin writes must come from. */
  publicUrl: string;
  /** Host headers we answer (PUBLIC_URL's host, ALLOWED_HOSTS, and loopback when PUBLIC_URL is unset). */
  allowedHosts: string[];
  /** Extra origins allowed to make state-changing requests, exactly as the browser sends them. */
  allowedOrigins: string[];
  /** Sender of account emails. */
  mailFrom: string;
  /** When the daily notification digest runs (cron, UTC; DIGEST_CRON, default 07:00 in Hong Kong). A person gets at most one a UTC day however often it runs. */
  digestCron: string;
  /** Keep rendered public pages in the in-process page cache (PAGE_CACHE=0: off, for measuring). */
  pageCache: boolean;
  /** Keep rendered pieces of pages (layout parts, prompt cards) to assemble pages from (FRAGMENT_CACHE=0: off, for measuring and tests). */
  fragmentCache: boolean;
  /** Auth answers take at least this long, so timing does not tell whether an email is registered. */
  authMinResponseMs: number;
  /** Reverse-proxy hops whose X-Forwarded-For is trusted for the client address (0: none). */
  trustProxy: number;
  /** The rate limits' window and counts (src/server/rate-limit.ts). */
  rateLimits: RateLimits;
  /** The built, unpacked extension the download route zips for PUBLIC_URL. */
  extensionDir: string;
  /** End-to-end tests only: a file whose number (ms) shifts the site's clock (src/server/clock.ts); refused unless PUBLIC_URL is loopback. */
  testClockFile: string | undefined;
}

/**
 * `submit`: prompts sent for review, per account (and per address, loosely); `library`:
 * ratings, bookmarks, collections and history entries together, per account;
 * `connect`: the extension's connection requests, per address (anyone may ask; each appends);
 * `mcp`: /mcp tool calls and prompt fills, per access token (account column) and per address;
 * `data`: downloads and imports of one's whole data, per account (each reads or writes many rows);
 * `comment`: comments posted, edited and deleted, per account; `report`: reports filed, per account;
 * `token`: personal access tokens created and revoked, per account (each appends an event).
 */
export type RateAction =
  'login' | 'register' | 'forgot' | 'set_password' | 'use' | 'submit' | 'library' | 'connect' | 'mcp' | 'data' | 'comment' | 'report' | 'token';
export interface RateLimits {
  windowMs: number;
  /** Actions counted over another window than `windowMs` (submissions: an hour). */
  windowsMs: Partial<Record<RateAction, number>>;
  perIp: Record<RateAction, number>;
  perAccount: Record<RateAction, number>;
  /** The soft per-account limit's delay for login and set-password. */
  slowDownMs: number;
}

const RATE_ACTIONS: RateAction[] = [
  'login',
  'register',
  'forgot',
  'set_password',
  'use',
  'submit',
  'library',
  'connect',
  'mcp',
  'data',
  'comment',
  'report',
  'token',
];
const RATE_DEFAULTS: { perIp: Record<RateAction, number>; perAccount: Record<RateAction, number> } = {
  // submit and library: the per-address limits only stop one script with many accounts; a
  // classroom behind one address stays far below them.
  perIp: {
    login: 100,
    register: 100,
    forgot: 100,
    set_password: 100,
    use: 600,
    submit: 100,
    library: 3000,
    connect: 30,
    mcp: 3000,
    data: 300,
    comment: 600,
    report: 200,
    token: 300,
  },
  perAccount: {
    login: 5,
    register: 3,
    forgot: 3,
    set_password: 10,
    use: 600,
    submit: 10,
    library: 300,
    connect: 30,
    mcp: 600,
    data: 20,
    comment: 30,
    report: 10,
    token: 30,
  },
};
const RATE_WINDOW_DEFAULTS: Partial<Record<RateAction, number>> = { submit: 3600 };

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

/** RATE_LIMIT_WINDOW_SECONDS, RATE_LIMIT_<ACTION>_WINDOW_SECONDS, RATE_LIMIT_<ACTION>_PER_IP / _PER_ACCOUNT, RATE_LIMIT_SLOW_DOWN_MS. */
function readRateLimits(env: NodeJS.ProcessEnv): RateLimits {
  const pick = (scope: 'IP' | 'ACCOUNT', table: Record<RateAction, number>) =>
    Object.fromEntries(RATE_ACTIONS.map((a) => [a, Math.floor(positive(env[`RATE_LIMIT_${a.toUpperCase()}_PER_${scope}`], table[a]))])) as Record<
      RateAction,
      number
    >;
  return {
    windowMs: positive(env.RATE_LIMIT_WINDOW_SECONDS, 900) * 1000,
    windowsMs: Object.fromEntries(
      RATE_ACTIONS.flatMap((a) => {
        const seconds = positive(env[`RATE_LIMIT_${a.toUpperCase()}_WINDOW_SECONDS`], RATE_WINDOW_DEFAULTS[a] ?? 0);
        return seconds > 0 ? [[a, seconds * 1000]] : [];
      }),
    ),
    perIp: pick('IP', RATE_DEFAULTS.perIp),
    perAccount: pick('ACCOUNT', RATE_DEFAULTS.perAccount),
    slowDownMs: positive(env.RATE_LIMIT_SLOW_DOWN_MS, 1000),
  };
}

/**
 * An origin as a browser sends it in `Origin`. http(s) origins are normalised by the URL
 * parser; any other scheme (chrome-extension://id) is compared exactly as written, because
 * `new URL('chrome-extension://id').origin` is the opaque string "null". "null" itself is
 * never an allowed origin: sandboxed frames, file:// pages and redirects all send it.
 */
export function parseOrigin(value: string): string | null {
  const trimmed = value.trim().replace(/\/$/, '');
  if (!trimmed || trimmed === 'null') return null;
  if (/^https?:\/\//i.test(trimmed)) {
    try {
      return new URL(trimmed).origin;
    } catch {
      return null;
    }
  }
  return /^[a-z][a-z0-9+.-]*:\/\/[^/\s]+$/i.test(trimmed) ? trimmed : null;
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The largest request body we read. JSON endpoints take kilobytes: the longest prompt
 * (5,000 characters) is about 20 KB as JSON. The adapter's limit (ADAPTER_BODY_LIMIT in
 * astro.config.mjs) backs it up for anything that reads a body another way.
 */
export const MAX_BODY_BYTES = 64 * 1024;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT ?? '4321';
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  // Without PUBLIC_URL the product runs on this machine: answer its loopback names only.
  const loopback = env.PUBLIC_URL ? [] : [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`];
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || 'public',
    dataDir: resolve(env.DATA_DIR || './data'),
    adminEmail: env.ADMIN_EMAIL?.trim().toLowerCase() || undefined,
    workers: env.WORKERS === undefined || env.WORKERS === '' ? 1 : Math.max(0, Number(env.WORKERS) || 0),
    seed: env.SEED !== '0',
    smtpUrl: env.SMTP_URL || undefined,
    mailRetryDelaySeconds: Math.max(1, Math.floor(Number(env.MAIL_RETRY_DELAY_SECONDS) || 30)),
    publicUrl,
    allowedHosts: [...new Set([new URL(publicUrl).host, ...loopback, ...list(env.ALLOWED_HOSTS)].map((h) => h.toLowerCase()))],
    // The extension's own origin (its id is fixed by the manifest key): always allowed. Without
    // PUBLIC_URL, every loopback name we answer is our own origin too: a newcomer opening
    // http://127.0.0.1:4321 must be able to write, not only one who typed localhost.
    allowedOrigins: [
      ...new Set([EXTENSION_ORIGIN, ...loopback.map((host) => `http://${host}`), ...list(env.ALLOWED_ORIGINS).flatMap((o) => parseOrigin(o) ?? [])]),
    ],
    mailFrom: env.MAIL_FROM || 'Promptory <no-reply@promptory.local>',
    digestCron: env.DIGEST_CRON?.trim() || '0 23 * * *',
    pageCache: env.PAGE_CACHE !== '0',
    fragmentCache: env.FRAGMENT_CACHE !== '0',
    authMinResponseMs: Math.max(0, Number(env.AUTH_MIN_RESPONSE_MS ?? 250) || 0),
    trustProxy: Math.floor(Number(env.TRUST_PROXY) || 0),
    rateLimits: readRateLimits(env),
    extensionDir: resolve(env.EXTENSION_DIR || 'extension/dist/unpacked'),
    testClockFile: testClockFile(env.TEST_CLOCK_FILE, publicUrl),
  };
}

/** A moved clock would let anyone's events be dated at will: a site served beyond this machine refuses to start with one. */
function testClockFile(file: string | undefined, publicUrl: string): string | undefined {
  if (!file) return undefined;
  const host = new URL(publicUrl).hostname;
  if (!['localhost', '127.0.0.1', '[::1]'].includes(host))
    throw new Error('TEST_CLOCK_FILE is for tests on this machine: PUBLIC_URL must be a loopback address');
  return resolve(file);
}
