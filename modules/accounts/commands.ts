import { forgetPerson } from '../../events/personal';
import { DomainError, executeIn, handle, transact, type Appended, type EventMetadata, type EventStore, type CommandPlan, type StoreTx } from '../../events';
import type { RegisterRequest, SetPasswordRequest, LoginRequest } from './contracts';
import { accountDecider, accountPlan, signInPlan, type AccountCommand, type AccountState, type LinkPurpose } from './domain/account';
import { hashPassword, verifyOrWaste } from './password';
import { findUserIdByEmail, passwordHashOf, readAccount, usernameHolderHasPassword } from './queries';
import type { SessionInfo, Sessions } from './sessions';
import { generateToken, hashToken } from './tokens';

/**
 * Every account command goes through the kernel (events/decider.ts): `accountDecider` decides,
 * and a version conflict decides again on the fresh stream. What lives beside the log (the
 * email, username and password tables, the Argon2id check) is read or written in the same
 * transaction and handed to the decision in its command.
 */

/** A link to email: the raw token exists only here, on its way into the message. */
export interface IssuedLink {
  token: string;
  purpose: LinkPurpose;
}

export type RegisterOutcome =
  /** A new account, with its set-password link. */
  | { kind: 'created'; userId: number; email: string; name: string; link: IssuedLink }
  /** The address already had an account that never set a password: a fresh link for its owner. */
  | { kind: 'relinked'; userId: number; email: string; name: string; link: IssuedLink }
  /** The address already had an account with a password: its owner gets a notice, nothing changes. */
  | { kind: 'exists'; userId: number; email: string; name: string };

/**
 * A command that may issue a link, through the kernel: the decision sees only a fresh token's
 * hash; the raw token comes back (`link`) only when the decision issued one, for its email.
 */
async function handleWithLink(store: EventStore, metadata: EventMetadata, plan: (tx: StoreTx, tokenHash: string) => Promise<CommandPlan<AccountCommand>>) {
  const token = generateToken();
  const decided = await handle(store, accountDecider, (tx) => plan(tx, hashToken(token)), metadata);
  const issued = decided.events.find((e) => e.type === 'PasswordLinkIssued');
  const link: IssuedLink | null = issued ? { token, purpose: issued.data.purpose } : null;
  return { ...decided, link };
}

/**
 * Registration. One account per email is decided by `account_emails`' primary key in the
 * same transaction as UserRegistered. The caller answers every outcome identically, so
 * nobody learns whether an address is registered; only the address's owner is told.
 *
 * Usernames must not tell either. A username is refused (409) only when an account that has
 * set its password holds it: whether that is so does not depend on the email in the request.
 * A new account reserves a free username; one held by an unfinished registration (no password
 * yet) is not refused, and the new account goes without it. Otherwise registering an unknown
 * email would reserve the name and a second identical request would answer 409, while a
 * registered email reserves nothing and answers 200 twice.
 */
export async function register(
  store: EventStore,
  request: RegisterRequest,
  metadata: EventMetadata,
  now = new Date(),
): Promise<{ outcome: RegisterOutcome } & Appended> {
  const { email, name } = request;
  const username = request.username ?? null;
  const { state, events, last, link } = await handleWithLink(store, metadata, async (tx, tokenHash) => {
    const usernameTaken = username !== null && (await usernameHolderHasPassword(tx, username));
    const newId = await tx.nextId('user');
    const [inserted] = await tx.query<{ user_id: number }>(
      'insert into account_emails (email, user_id) values ($1, $2) on conflict (email) do nothing returning user_id',
      [email, newId],
    );
    const reserved = inserted !== undefined && username !== null && (await reserveUsername(tx, username, newId));
    const userId = inserted ? newId : (await findUserIdByEmail(tx, email))!;
    return accountPlan(userId, { kind: 'register', userId, email, name, username, reserved, usernameTaken, tokenHash, now });
  });
  if (!link) return { outcome: { kind: 'exists', userId: state.userId, email: state.email, name: state.name }, events, last };
  // A relinked account keeps its name until a password is set with this link, which carries the request's.
  const kind = events[0].type === 'UserRegistered' ? 'created' : 'relinked';
  return { outcome: { kind, userId: state.userId, email: state.email, name, link }, events, last };
}

/**
 * The username a registration link asks for, reserved for its account as the password is set
 * (the same transaction: an invalid link rolls it back). The account gives up the one an
 * earlier registration reserved for it; a name another account holds is not taken (null).
 */
async function reserveChosenUsername(tx: StoreTx, state: AccountState): Promise<string | null> {
  const link = state.link;
  if (!link || link.name === undefined) return state.username;
  const wanted = link.username ?? null;
  if (wanted?.toLowerCase() === state.username?.toLowerCase()) return state.username;
  await tx.query('delete from account_usernames where user_id = $1', [state.userId]);
  if (!wanted) return null;
  return (await reserveUsername(tx, wanted, state.userId)) ? wanted : null;
}

/** Takes `username` for the account unless another holds it (compared case-insensitively). */
async function reserveUsername(tx: StoreTx, username: string, userId: number): Promise<boolean> {
  const rows = await tx.query('insert into account_usernames (username, user_id) values ($1, $2) on conflict (username) do nothing returning user_id', [
    username.toLowerCase(),
    userId,
  ]);
  return rows.length > 0;
}

export type ResetOutcome = { kind: 'unknown' } | { kind: 'issued'; userId: number; email: string; name: string; link: IssuedLink };

/**
 * Forgot password: a fresh single-use link if the address has an account; silence otherwise.
 * A concurrent request for the same account decides again on the fresh stream instead of
 * answering 409 (which an unknown email never gets).
 */
export async function requestPasswordLink(
  store: EventStore,
  email: string,
  metadata: EventMetadata,
  now = new Date(),
): Promise<{ outcome: ResetOutcome } & Appended> {
  const { state, events, last, link } = await handleWithLink(store, metadata, async (tx, tokenHash) =>
    accountPlan((await findUserIdByEmail(tx, email)) ?? 0, { kind: 'issue-link', tokenHash, now }),
  );
  if (!link) return { outcome: { kind: 'unknown' }, events, last };
  return { outcome: { kind: 'issued', userId: state.userId, email: state.email, name: state.name, link }, events, last };
}

/**
 * Sets the password from an emailed link: the link must be the account's current one,
 * unexpired and unused. It consumes the link, ends every other session of the account
 * and signs the user in with a new one. Two uses of one link at once: the loser decides
 * again and finds it consumed.
 */
export async function setPassword(
  store: EventStore,
  sessions: Sessions,
  request: SetPasswordRequest,
  metadata: EventMetadata,
  now = new Date(),
): Promise<{ userId: number; session: SessionInfo } & Appended> {
  // Hash first, for every request, so known and unknown emails cost the same.
  const passwordHash = await hashPassword(request.password);
  const tokenHash = hashToken(request.token);
  const {
    result: userId,
    events,
    last,
  } = await transact(store, async (tx) => {
    const userId = (await findUserIdByEmail(tx, request.email)) ?? 0;
    const signed = { ...metadata, actor: userId };
    // The username goes in the decision, so it is reserved first, as the link read here asks.
    const username = await reserveChosenUsername(tx, await readAccount(tx, userId));
    await executeIn(tx, accountDecider, accountPlan(userId, { kind: 'set-password', tokenHash, now, username }), signed);
    // The credential beside the log, in the same transaction: the event says only that it was set.
    await tx.query(
      `insert into account_passwords (user_id, hash, set_at) values ($1, $2, now())
       on conflict (user_id) do update set hash = excluded.hash, set_at = excluded.set_at`,
      [userId, passwordHash],
    );
    // Signed in with the password just set.
    await executeIn(tx, accountDecider, signInPlan(userId, true), signed);
    return userId;
  });
  await sessions.invalidateUser(userId);
  const session = await sessions.create(userId);
  return { userId, session, events, last };
}

/** Whether `password` is the account's. No account (0) or no password costs one Argon2id verify too. */
async function passwordOf(store: EventStore, userId: number, password: string): Promise<boolean> {
  return verifyOrWaste(userId === 0 ? null : await passwordHashOf(store.db, userId), password);
}

/** Password sign-in: an unknown email, an account without a password and a wrong password answer alike. */
export async function signIn(
  store: EventStore,
  sessions: Sessions,
  request: LoginRequest,
  metadata: EventMetadata,
): Promise<{ userId: number; session: SessionInfo } & Appended> {
  const userId = (await findUserIdByEmail(store.db, request.email)) ?? 0;
  const matches = await passwordOf(store, userId, request.password);
  const { events, last } = await handle(store, accountDecider, signInPlan(userId, matches), { ...metadata, actor: userId });
  const session = await sessions.create(userId);
  return { userId, session, events, last };
}

/**
 * Deletes the account, its password re-entered (DELETE /api/me). One transaction appends
 * AccountDeleted (every read model forgets the person as it applies it), erases the person's
 * key (what the log holds of them reads as forgotten from now on: events/personal.ts), and
 * removes every row beside the log that names them: email, username, password hash and
 * sessions here, and whatever `alsoForget` removes for other modules (devices, tokens).
 */
export async function deleteAccount(
  store: EventStore,
  userId: number,
  password: string,
  metadata: EventMetadata,
  alsoForget: readonly ((tx: StoreTx) => Promise<unknown>)[] = [],
): Promise<Appended> {
  const passwordMatches = await passwordOf(store, userId, password);
  const { events, last } = await transact(store, async (tx) => {
    await executeIn(tx, accountDecider, accountPlan(userId, { kind: 'delete', passwordMatches }), { ...metadata, actor: userId });
    await tx.many(
      ['account_emails', 'account_usernames', 'account_passwords', 'auth_sessions'].map((table) => ({
        text: `delete from ${table} where user_id = $1`,
        params: [userId],
      })),
    );
    for (const forget of alsoForget) await forget(tx);
    await forgetPerson(tx, userId);
  });
  return { events, last };
}

/**
 * First start: the ADMIN_EMAIL account, created if missing. Returns its set-password link
 * when it was created (to print), else null.
 */
export async function ensureAccount(
  store: EventStore,
  email: string,
  name: string,
  metadata: EventMetadata,
  now = new Date(),
): Promise<{ userId: number; link: IssuedLink } | null> {
  if ((await findUserIdByEmail(store.db, email)) !== null) return null;
  const { outcome } = await register(store, { email, name, username: undefined }, metadata, now);
  return outcome.kind === 'created' ? { userId: outcome.userId, link: outcome.link } : null;
}

/** A refused sign-in (wrong email or password): counts against the rate limit. */
export function isSignInRefused(error: unknown): boolean {
  return error instanceof DomainError && error.kind === 'unauthenticated';
}

/** A refused set-password link (unknown, used, replaced or expired): counts against the rate limit. */
export function isLinkRefused(error: unknown): boolean {
  return error instanceof DomainError && error.kind === 'invalid';
}
