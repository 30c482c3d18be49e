import type { APIContext } from 'astro';
import { DomainError, type Sql } from '../../events';
import { AUTH_MESSAGES } from '../../modules/accounts/contracts';

/**
 * Fixed-window rate limits kept in the database (so several web processes share them):
 * one row per (action, scope, key) holding the window's start and its count.
 *
 * Settings (environment; README): RATE_LIMIT_WINDOW_SECONDS (default 900 = 15 min) and,
 * per action, RATE_LIMIT_<ACTION>_PER_IP / RATE_LIMIT_<ACTION>_PER_ACCOUNT with ACTION one of
 * LOGIN, REGISTER, FORGOT, SET_PASSWORD, USE (copies and history entries: per IP only). Login and set-password count failed attempts only;
 * register and forgot-password count every attempt. TRUST_PROXY=<n> takes the client address
 * from the n-th last X-Forwarded-For entry (behind n reverse proxies); 0 (default) ignores it.
 */
export const rateLimitMigrations = [
  {
    id: '0101_rate_limits',
    sql: `
      create table if not exists rate_limits (
        key text primary key,
        window_start timestamptz not null,
        count integer not null
      );
      create index if not exists rate_limits_window on rate_limits (window_start);
    `,
  },
];

export type RateAction = 'login' | 'register' | 'forgot' | 'set_password' | 'use';
export interface RateLimits {
  windowMs: number;
  perIp: Record<RateAction, number>;
  perAccount: Record<RateAction, number>;
}

const DEFAULTS: { perIp: Record<RateAction, number>; perAccount: Record<RateAction, number> } = {
  perIp: { login: 100, register: 100, forgot: 100, set_password: 100, use: 600 },
  perAccount: { login: 5, register: 3, forgot: 3, set_password: 10, use: 600 },
};

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

export function readRateLimits(env: NodeJS.ProcessEnv = process.env): RateLimits {
  const actions: RateAction[] = ['login', 'register', 'forgot', 'set_password', 'use'];
  const pick = (scope: 'IP' | 'ACCOUNT', table: Record<RateAction, number>) =>
    Object.fromEntries(
      actions.map((a) => [a, Math.floor(positive(env[`RATE_LIMIT_${a.toUpperCase()}_PER_${scope}`], table[a]))]),
    ) as Record<RateAction, number>;
  return {
    windowMs: positive(env.RATE_LIMIT_WINDOW_SECONDS, 900) * 1000,
    perIp: pick('IP', DEFAULTS.perIp),
    perAccount: pick('ACCOUNT', DEFAULTS.perAccount),
  };
}

export interface RateSubject {
  ip: string;
  /** The normalized email the request is about, if any. */
  account?: string;
}

export class RateLimiter {
  constructor(
    private readonly db: Sql,
    readonly limits: RateLimits = readRateLimits(),
    private readonly now: () => Date = () => new Date(),
  ) {}

  private keys(action: RateAction, subject: RateSubject): { key: string; limit: number }[] {
    const keys = [{ key: `${action}:ip:${subject.ip}`, limit: this.limits.perIp[action] }];
    if (subject.account) keys.push({ key: `${action}:account:${subject.account}`, limit: this.limits.perAccount[action] });
    return keys;
  }

  private refuse(windowStart: Date): never {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + this.limits.windowMs - this.now().getTime()) / 1000));
    throw Object.assign(new DomainError('rate_limited', AUTH_MESSAGES.rateLimited), { retryAfter });
  }

  /** Refuses (429) if any of the subject's counters already reached its limit; counts nothing. */
  async ensureAllowed(action: RateAction, subject: RateSubject): Promise<void> {
    const cutoff = new Date(this.now().getTime() - this.limits.windowMs);
    for (const { key, limit } of this.keys(action, subject)) {
      const [row] = await this.db.query<{ count: number; window_start: Date | string }>(
        'select count, window_start from rate_limits where key = $1 and window_start > $2',
        [key, cutoff],
      );
      if (row && row.count >= limit) this.refuse(new Date(row.window_start));
    }
  }

  /** Counts one attempt against each counter; refuses (429) when this attempt is over a limit. */
  async hit(action: RateAction, subject: RateSubject): Promise<void> {
    const now = this.now();
    const cutoff = new Date(now.getTime() - this.limits.windowMs);
    let refusedAt: Date | null = null;
    for (const { key, limit } of this.keys(action, subject)) {
      const [row] = await this.db.query<{ count: number; window_start: Date | string }>(
        `insert into rate_limits (key, window_start, count) values ($1, $2, 1)
         on conflict (key) do update set
           count = case when rate_limits.window_start <= $3 then 1 else rate_limits.count + 1 end,
           window_start = case when rate_limits.window_start <= $3 then $2 else rate_limits.window_start end
         returning count, window_start`,
        [key, now, cutoff],
      );
      if (row.count > limit) refusedAt = new Date(row.window_start);
    }
    if (Math.random() < 0.01) await this.db.query('delete from rate_limits where window_start <= $1', [cutoff]);
    if (refusedAt) this.refuse(refusedAt);
  }

  /** Counts one failed attempt against each counter without refusing this one. */
  async count(action: RateAction, subject: RateSubject): Promise<void> {
    try {
      await this.hit(action, subject);
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'rate_limited')) throw error;
    }
  }

  /** Forgets the account's failures (after a success); the client's counter stays. */
  async reset(action: RateAction, subject: RateSubject): Promise<void> {
    if (subject.account) await this.db.query('delete from rate_limits where key = $1', [`${action}:account:${subject.account}`]);
  }
}

/** The client's address: the socket's, or (TRUST_PROXY=n) the one n proxies reported. */
export function clientIp(context: Pick<APIContext, 'request' | 'clientAddress'>, env: NodeJS.ProcessEnv = process.env): string {
  const hops = Math.floor(Number(env.TRUST_PROXY) || 0);
  if (hops > 0) {
    const chain = (context.request.headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const candidate = chain[chain.length - hops];
    if (candidate) return candidate.slice(0, 64);
  }
  try {
    return context.clientAddress || 'unknown';
  } catch {
    return 'unknown';
  }
}
