import { createHash } from 'node:crypto';
import { executeIn, type Decider } from './decider';
import { DomainError } from './errors';
import type { Reason } from './refusals';
import type { Sql } from './sql';
import type { EventStore, StoreTx } from './store';
import type { NewEvent } from './contracts';
import type { EventMetadata, StoredEvent } from './types';

/**
 * Bearer credentials: a secret a client presents as `Authorization: Bearer …`, of which the
 * site keeps only the SHA-256, in a table written in the same transaction as the credential's
 * events. Bearer lookups read that table directly, so a revoke takes effect on the very next
 * request (no projection lag on a security decision). Two kinds: the extension's devices
 * (modules/devices) and personal access tokens (modules/tokens). Each declares itself as data
 * (`BearerKind`); the life of a credential (created by its module, revoked one at a time or
 * all of a user's together, found by its bearer, forgotten with its account) is written here once.
 *
 * A revoked credential's row is deleted in its revocation's transaction: it can never work
 * again, and the event log keeps who revoked it, when and why.
 */
export interface BearerKind {
  /** The table: `token_hash` primary key, `user_id`, `last_used_at`, and the id column. */
  table: string;
  idColumn: string;
  /** The credential's stream, by id. */
  stream: (id: number) => string;
  /** Its events: made (the kind's own decision) and revoked (this file's). */
  created: StoredEvent['type'];
  revoked: StoredEvent['type'];
  /** The id's name in the events' data. */
  idField: string;
  /** What revoking someone else's, or a missing, credential answers: the same, so ids reveal nothing. */
  notFound: Reason;
  /**
   * The SQL condition of a row that still works, given the placeholder bound to `cutoff(now)`.
   * Revoked rows are gone, so this is the kind's expiry alone.
   */
  working: (cutoff: string) => string;
  /** What `working` compares with at `now` (defaults to now). */
  cutoff?: (now: Date) => Date;
  /** The row's columns a bearer lookup answers (besides the id and user). */
  columns?: readonly string[];
}

/** SHA-256 hex of a bearer secret: all the site keeps of it (the extension computes the same with WebCrypto). */
export function hashBearer(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export interface BearerState {
  exists: boolean;
  userId: number | null;
  revoked: boolean;
}

export interface RevokeBearer<By extends string = string> {
  kind: 'revoke';
  userId: number;
  by: By;
}

/**
 * A kind's decider: `create` decides its own making (its limits differ); revoking is common.
 * Revoking twice (two tabs, or the extension signing out after a revoke) changes nothing.
 */
export function bearerDecider<C extends { kind: string; userId: number }>(
  kind: BearerKind,
  idOf: (command: C) => number,
  create: (command: Exclude<C, { kind: 'revoke' }>, state: BearerState) => NewEvent[],
): Decider<BearerState, C> {
  return {
    initialState: { exists: false, userId: null, revoked: false },
    evolve(state, event) {
      if (event.type === kind.created) return { exists: true, userId: (event.data as { userId: number }).userId, revoked: false };
      if (event.type === kind.revoked) return { ...state, revoked: true };
      return state;
    },
    decide(command, state) {
      if (command.kind !== 'revoke') return create(command as Exclude<C, { kind: 'revoke' }>, state);
      const { userId, by } = command as unknown as RevokeBearer;
      if (!state.exists || state.userId !== userId) throw new DomainError(kind.notFound);
      if (state.revoked) return [];
      return [{ type: kind.revoked, data: { [kind.idField]: idOf(command), userId, by } } as NewEvent];
    },
  };
}

type RevokeCommand<C> = Extract<C, { kind: 'revoke' }>;

/** One credential's revocation, its row gone in the same transaction. Answers whether it was working. */
export async function revokeBearerIn<C extends { kind: string; userId: number }>(
  tx: StoreTx,
  kind: BearerKind,
  decider: Decider<BearerState, C>,
  id: number,
  command: RevokeCommand<C>,
  metadata: EventMetadata,
): Promise<boolean> {
  const decided = await executeIn(tx, decider, { stream: kind.stream(id), command }, metadata);
  await tx.query(`delete from ${kind.table} where ${kind.idColumn} = $1`, [id]);
  return decided.events.length > 0;
}

/**
 * Every credential of the user's ends in the caller's transaction (a password set or reset, an
 * account deleted): a revoked event each, and their rows go. Answers how many.
 */
export async function revokeUserBearersIn<C extends { kind: string; userId: number }>(
  tx: StoreTx,
  kind: BearerKind,
  decider: Decider<BearerState, C>,
  userId: number,
  command: (id: number) => RevokeCommand<C>,
  metadata: EventMetadata,
): Promise<number> {
  const rows = await tx.query<{ id: number }>(`select ${kind.idColumn} as id from ${kind.table} where user_id = $1 order by ${kind.idColumn}`, [userId]);
  for (const { id } of rows) await executeIn(tx, decider, { stream: kind.stream(id), command: command(id) }, metadata);
  if (rows.length) await tx.query(`delete from ${kind.table} where user_id = $1`, [userId]);
  return rows.length;
}

/**
 * The user-wide ends of one kind of credential, `command` making its revoke command: after a
 * password is set or reset (`afterPassword`, in its own transaction: whoever knew the old
 * password may have made one) and when the account is deleted (`forget`, in the deletion's
 * transaction). `afterPassword`'s result is how many were revoked.
 */
export function userRevocations<C extends { kind: string; userId: number }>(
  kind: BearerKind,
  decider: Decider<BearerState, C>,
  command: (id: number, userId: number, by: 'password' | 'deletion') => RevokeCommand<C>,
) {
  const revokeAll = (tx: StoreTx, userId: number, by: 'password' | 'deletion', metadata: EventMetadata) =>
    revokeUserBearersIn(tx, kind, decider, userId, (id) => command(id, userId, by), metadata);
  return {
    afterPassword: (store: EventStore, userId: number, metadata: EventMetadata) => store.transaction((tx) => revokeAll(tx, userId, 'password', metadata)),
    forget: async (tx: StoreTx, userId: number, metadata: EventMetadata): Promise<void> => void (await revokeAll(tx, userId, 'deletion', metadata)),
  };
}

/** The instant `kind.working` compares with at `now`. */
export const cutoffAt = (kind: BearerKind, now: Date) => (kind.cutoff ? kind.cutoff(now) : now);

export interface BearerRow {
  id: number;
  userId: number;
  [column: string]: unknown;
}

/**
 * The working credential a bearer secret is, if any, at `now` (injectable for tests). "Last
 * used" is for the dashboard (and a device's idle expiry): minutes are precise enough and
 * spare a write per call.
 */
export async function findBearer(sql: Sql, kind: BearerKind, secret: string, now = new Date()): Promise<BearerRow | null> {
  if (!secret || secret.length > 200) return null;
  const hash = hashBearer(secret);
  const extra = (kind.columns ?? []).map((c) => `, ${c}`).join('');
  const [row] = await sql.query<{ id: number; user_id: number; stale: boolean } & Record<string, unknown>>(
    `select ${kind.idColumn} as id, user_id${extra}, coalesce(last_used_at < $2::timestamptz - interval '5 minutes', true) as stale
     from ${kind.table} where token_hash = $1 and ${kind.working('$3')}`,
    [hash, now, cutoffAt(kind, now)],
  );
  if (!row) return null;
  if (row.stale) await sql.query(`update ${kind.table} set last_used_at = $2 where token_hash = $1`, [hash, now]);
  const { id, user_id: userId, stale: _stale, ...rest } = row;
  return { ...rest, id, userId };
}
