import { createHash } from 'node:crypto';
import type { APIContext } from 'astro';
import { DomainError, type Sql } from '../../events';
import type { RateAction, RateLimits } from './config';
import { RATE_REFUSALS } from './refusals';

/**
 * Fixed-window rate limits kept in the database (so several web processes share them):
 * one row per (action, scope, key) holding the window's start and its count. Every count
 * is one upsert that returns the new value, so concurrent requests can never all read
 * "under the limit" before any of them counts (check-then-act).
 *
 * Settings (Config.rateLimits, read from the environment by readConfig; README):
 * RATE_LIMIT_WINDOW_SECONDS (default 900 = 15 min) and, per action,
 * RATE_LIMIT_<ACTION>_PER_IP / RATE_LIMIT_<ACTION>_PER_ACCOUNT with ACTION one of
 * LOGIN, REGISTER, FORGOT, SET_PASSWORD, USE (copies and history entries: per IP only),
 * SUBMIT (prompts sent for review; its own window, RATE_LIMIT_SUBMIT_WINDOW_SECONDS, default
 * an hour) and LIBRARY (ratings, bookmarks, collections and history entries together).
 * Config.trustProxy (TRUST_PROXY=<n>) takes the client address from the
 * n-th last X-Forwarded-For entry (behind n reverse proxies); 0 (default) ignores it.
 *
 * - Register and forgot-password (`hit`) count every attempt, per client address and per
 *   account: they send email, so the account limit stops mail-bombing one address.
 * - Login and set-password (`attempt` before trying, `succeeded` after) count failures. The
 *   hard limits are per client address and per (client address, account): an attacker locks
 *   out their own source, never the account's owner. Per account across all sources the
 *   limit is soft: past it every attempt waits RATE_LIMIT_SLOW_DOWN_MS (default 1000) before
 *   the password is checked, and a correct password still gets through.
 * - Submissions and library writes (`hit` with the account `user:<id>`) count every write, so
 *   one account's script cannot flood the review queue or the log.
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

/**
 * How an account appears in a counter's key: a digest, never the email itself, so the
 * table (and its backups) holds no address; `forgetAccount` finds a deleted person's rows by it.
 */
function accountKey(account: string): string {
  return createHash('sha256').update(account).digest('base64url').slice(0, ACCOUNT_KEY_LENGTH);
}
const ACCOUNT_KEY_LENGTH = 22;

export interface RateSubject {
  ip: string;
  /** The normalized email the request is about, if any. */
  account?: string;
}

/** What a refusal says, per action (the auth actions share one). */
const REFUSED_AS: Partial<Record<RateAction, keyof typeof RATE_REFUSALS>> = {
  submit: 'submit',
  library: 'library',
  mcp: 'library',
  data: 'data',
  comment: 'discussion',
  report: 'discussion',
  token: 'token',
};

/**
 * How often a process sweeps expired counters. Once in a while, not at random: a sweep is a round
 * trip on the request that happens to make it, and one in a hundred writes used to pay for it.
 */
const SWEEP_EVERY_MS = 10 * 60_000;

export class RateLimiter {
  private sweptAt = -Infinity;

  constructor(
    private readonly db: Sql,
    readonly limits: RateLimits,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private windowOf(action: RateAction): number {
    return this.limits.windowsMs?.[action] ?? this.limits.windowMs;
  }

  private refuse(action: RateAction, windowStart: Date): never {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + this.windowOf(action) - this.now().getTime()) / 1000));
    throw new DomainError(RATE_REFUSALS[REFUSED_AS[action] ?? 'auth']({ retryAfter }), { retryAfter });
  }

  /**
   * Adds one to each counter and returns the new counts, in one statement (one round trip).
   * Every key of a call is locked in the order given (the address first), so two calls never
   * wait on each other in a cycle. The statement commits without waiting for its WAL flush
   * (`synchronous_commit` off for this transaction only): the shared address counter is then
   * locked for the statement alone, not for a disk flush, so writers from one address stop
   * queueing on it. Nothing a client was told depends on that flush: the write the count
   * guards commits afterwards with a synchronous commit, which flushes the WAL up to its own
   * record and so the count's before it. A crash of PostgreSQL can forget the counts of its
   * last few milliseconds (at worst a few more attempts after a crash); it loses no write.
   */
  private async increment(keys: string[], action: RateAction): Promise<{ count: number; windowStart: Date }[]> {
    const now = this.now();
    const cutoff = new Date(now.getTime() - this.windowOf(action));
    const rows = await this.db.query<{ key: string; count: number; window_start: Date | string }>(
      `with no_flush as (select set_config('synchronous_commit', 'off', true)),
       counted as (
         insert into rate_limits (key, window_start, count)
         select key, $2, 1 from unnest($1::text[]) with ordinality as k(key, ord) order by ord
         on conflict (key) do update set
           count = case when rate_limits.window_start <= $3 then 1 else rate_limits.count + 1 end,
           window_start = case when rate_limits.window_start <= $3 then $2 else rate_limits.window_start end
         returning key, count, window_start
       )
       select counted.* from counted, no_flush`,
      [keys, now, cutoff],
    );
    const byKey = new Map(rows.map((r) => [r.key, { count: r.count, windowStart: new Date(r.window_start) }]));
    // Sweeps rows older than the longest window, so no action's live counter is dropped.
    if (now.getTime() - this.sweptAt >= SWEEP_EVERY_MS) {
      this.sweptAt = now.getTime();
      const longest = Math.max(this.limits.windowMs, ...Object.values(this.limits.windowsMs ?? {}));
      await this.db.query('delete from rate_limits where window_start <= $1', [new Date(now.getTime() - longest)]);
    }
    return keys.map((key) => byKey.get(key)!);
  }

  /** Counts one attempt per client address and per account; refuses (429) when this one is over a limit. */
  async hit(action: RateAction, subject: RateSubject): Promise<void> {
    const keys = [{ key: `${action}:ip:${subject.ip}`, limit: this.limits.perIp[action] }];
    if (subject.account) keys.push({ key: `${action}:account:${accountKey(subject.account)}`, limit: this.limits.perAccount[action] });
    const counts = await this.increment(
      keys.map((k) => k.key),
      action,
    );
    const over = counts.find((c, i) => c.count > keys[i].limit);
    if (over) this.refuse(action, over.windowStart);
  }

  /**
   * Counts a login or set-password attempt as a failure before it is tried (`succeeded`
   * takes it back). Refuses (429) when the client address, or this client for this account,
   * is over its limit; past the soft per-account limit, answers how long to wait first.
   */
  async attempt(action: RateAction, subject: RateSubject & { account: string }): Promise<{ slowDownMs: number }> {
    const account = accountKey(subject.account);
    const [ip, client] = await this.increment([`${action}:ip:${subject.ip}`, `${action}:client:${subject.ip}:${account}`], action);
    if (ip.count > this.limits.perIp[action]) this.refuse(action, ip.windowStart);
    if (client.count > this.limits.perAccount[action]) this.refuse(action, client.windowStart);
    const [forAccount] = await this.increment([`${action}:account:${account}`], action);
    return { slowDownMs: forAccount.count > this.limits.perAccount[action] ? this.limits.slowDownMs : 0 };
  }

  /** The attempt succeeded: it was no failure, and this client's failures for the account are forgiven. */
  async succeeded(action: RateAction, subject: RateSubject & { account: string }): Promise<void> {
    const account = accountKey(subject.account);
    await this.db.query('delete from rate_limits where key = $1', [`${action}:client:${subject.ip}:${account}`]);
    await this.db.query('update rate_limits set count = greatest(count - 1, 0) where key = $1 or key = $2', [
      `${action}:ip:${subject.ip}`,
      `${action}:account:${account}`,
    ]);
  }

  /** A deleted account's counters go (in the caller's transaction): `accounts` as they were counted. */
  async forgetAccount(sql: Sql, accounts: readonly string[]): Promise<void> {
    // An account's digest ends its keys (after an address that may hold colons itself).
    await sql.query(`delete from rate_limits where right(key, ${ACCOUNT_KEY_LENGTH}) = any($1::text[])`, [accounts.map(accountKey)]);
  }
}

/** The client's address: the socket's, or (`trustProxy` = n hops) the one n proxies reported. */
export function clientIp(context: Pick<APIContext, 'request' | 'clientAddress'>, trustProxy: number): string {
  if (trustProxy > 0) {
    const chain = (context.request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const candidate = chain[chain.length - trustProxy];
    if (candidate) return candidate.slice(0, 64);
  }
  try {
    return context.clientAddress || 'unknown';
  } catch {
    return 'unknown';
  }
}
