import { forgetPerson } from '../../events/personal';
import { ConcurrencyError, DomainError, handle, type Appended, type Decider, type EventMetadata, type EventStore, type Sql, type StoreTx } from '../../events';
import { ACCOUNT_REFUSALS, type RegisterRequest, type SetPasswordRequest, type LoginRequest } from './contracts';
import {
  accountStream,
  decideDeleteAccount,
  decideIssueLink,
  decideRegister,
  decideSetPassword,
  decideSignIn,
  evolveAccount,
  initialAccountState,
  signInStream,
  type AccountState,
  type LinkPurpose,
} from './domain/account';
import { hashPassword, verifyOrWaste } from './password';
import type { SessionInfo, Sessions } from './sessions';
import { generateToken, hashToken } from './tokens';

type Reader = Pick<StoreTx, 'readStream'>;

async function loadAccountIn(tx: Reader, userId: number): Promise<{ state: AccountState; version: number }> {
  const events = await tx.readStream(accountStream(userId));
  return { state: events.reduce(evolveAccount, initialAccountState), version: events.length };
}

/** The account's id by (normalized) email, from the table written with UserRegistered. */
export async function findUserIdByEmail(sql: Sql, email: string): Promise<number | null> {
  const [row] = await sql.query<{ user_id: number }>('select user_id from account_emails where email = $1', [email]);
  return row?.user_id ?? null;
}

/** The account's current password hash (never in the log), or null. */
async function passwordHashOf(sql: Sql, userId: number): Promise<string | null> {
  const [row] = await sql.query<{ hash: string }>('select hash from account_passwords where user_id = $1', [userId]);
  return row?.hash ?? null;
}

/** The account as its own stream says (the fallback when the read model lags). */
export async function loadAccount(store: EventStore, userId: number): Promise<AccountState | null> {
  const { state } = await loadAccountIn(store, userId);
  return state.exists ? state : null;
}

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
  const token = generateToken();
  const tokenHash = hashToken(token);
  const { result, ...appended } = await store.transaction(async (tx): Promise<RegisterOutcome> => {
    const wanted = request.username ?? null;
    if (wanted && (await usernameHolderHasPassword(tx, wanted))) {
      throw new DomainError(ACCOUNT_REFUSALS.usernameTaken, { field: 'username' });
    }
    const userId = await tx.nextId('user');
    const [inserted] = await tx.query<{ user_id: number }>(
      'insert into account_emails (email, user_id) values ($1, $2) on conflict (email) do nothing returning user_id',
      [request.email, userId],
    );
    if (inserted) {
      const reserved =
        wanted &&
        (
          await tx.query('insert into account_usernames (username, user_id) values ($1, $2) on conflict (username) do nothing returning user_id', [
            wanted.toLowerCase(),
            userId,
          ])
        ).length > 0;
      await tx.append(
        accountStream(userId),
        decideRegister({ userId, email: request.email, name: request.name, username: reserved ? wanted : null, tokenHash, now }),
        { expectedVersion: 'no_stream', metadata },
      );
      return { kind: 'created', userId, email: request.email, name: request.name, link: { token, purpose: 'register' } };
    }
    const existingId = (await findUserIdByEmail(tx, request.email))!;
    const { state, version } = await loadAccountIn(tx, existingId);
    if (state.hasPassword) return { kind: 'exists', userId: existingId, email: state.email, name: state.name };
    // Nobody has confirmed this address yet: the new link carries this request's name, and the
    // email greets with it. Whoever sets the password with a link gets that link's name.
    const { purpose, events } = decideIssueLink(state, tokenHash, now, { name: request.name, username: wanted });
    await tx.append(accountStream(existingId), events, { expectedVersion: version, metadata });
    return { kind: 'relinked', userId: existingId, email: state.email, name: request.name, link: { token, purpose } };
  });
  return { outcome: result, ...appended };
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
  const [reserved] = await tx.query<{ user_id: number }>(
    'insert into account_usernames (username, user_id) values ($1, $2) on conflict (username) do nothing returning user_id',
    [wanted.toLowerCase(), state.userId],
  );
  return reserved ? wanted : null;
}

/** Whether `username` belongs to an account that has set its password (a finished registration). */
async function usernameHolderHasPassword(tx: StoreTx, username: string): Promise<boolean> {
  const [holder] = await tx.query<{ user_id: number }>('select user_id from account_usernames where username = $1', [username.toLowerCase()]);
  if (!holder) return false;
  return (await loadAccountIn(tx, holder.user_id)).state.hasPassword;
}

export type ResetOutcome = { kind: 'unknown' } | { kind: 'issued'; userId: number; email: string; name: string; link: IssuedLink };

/**
 * Decides a fresh link for the account whose stream is loaded, through the one command
 * handler, so a concurrent request for the same account decides again on the fresh stream
 * instead of answering 409 (which an unknown email never gets). No account: nothing to append.
 */
const linkDecider: Decider<AccountState, { tokenHash: string; now: Date }> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide: ({ tokenHash, now }, state) => (state.exists ? decideIssueLink(state, tokenHash, now).events : []),
};

/** Forgot password: a fresh single-use link if the address has an account; silence otherwise. */
export async function requestPasswordLink(
  store: EventStore,
  email: string,
  metadata: EventMetadata,
  now = new Date(),
): Promise<{ outcome: ResetOutcome } & Appended> {
  const token = generateToken();
  const tokenHash = hashToken(token);
  // An unknown email reads the stream of account 0, which never exists (ids start at 1).
  const { state, events, last } = await handle(
    store,
    linkDecider,
    async (tx) => ({ stream: accountStream((await findUserIdByEmail(tx, email)) ?? 0), command: { tokenHash, now } }),
    metadata,
  );
  const issued = events.find((e) => e.type === 'PasswordLinkIssued');
  if (!issued) return { outcome: { kind: 'unknown' }, events, last };
  const link: IssuedLink = { token, purpose: issued.data.purpose };
  return { outcome: { kind: 'issued', userId: state.userId, email: state.email, name: state.name, link }, events, last };
}

function invalidLink(): DomainError {
  return new DomainError(ACCOUNT_REFUSALS.invalidLink, { field: 'token' });
}

/**
 * Sets the password from an emailed link: the link must be the account's current one,
 * unexpired and unused. It consumes the link, ends every other session of the account
 * and signs the user in with a new one.
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
  let appended: Appended & { result: number };
  try {
    appended = await store.transaction(async (tx) => {
      const userId = await findUserIdByEmail(tx, request.email);
      if (userId === null) throw invalidLink();
      const { state, version } = await loadAccountIn(tx, userId);
      const username = await reserveChosenUsername(tx, state);
      await tx.append(accountStream(userId), decideSetPassword(state, tokenHash, now, username), {
        expectedVersion: version,
        metadata: { ...metadata, actor: userId },
      });
      // The credential beside the log, in the same transaction: the event says only that it was set.
      await tx.query(
        `insert into account_passwords (user_id, hash, set_at) values ($1, $2, now())
         on conflict (user_id) do update set hash = excluded.hash, set_at = excluded.set_at`,
        [userId, passwordHash],
      );
      await tx.append(signInStream(userId), [{ type: 'UserSignedIn', data: { userId } }], {
        expectedVersion: 'any',
        metadata: { ...metadata, actor: userId },
      });
      return userId;
    });
  } catch (error) {
    // Two uses of one link at once: the loser finds it consumed.
    if (error instanceof ConcurrencyError) throw invalidLink();
    throw error;
  }
  const userId = appended.result;
  await sessions.invalidateUser(userId);
  const session = await sessions.create(userId);
  return { userId, session, events: appended.events, last: appended.last };
}

/** Password sign-in. Unknown emails and accounts without a password cost one Argon2id verify too. */
export async function signIn(
  store: EventStore,
  sessions: Sessions,
  request: LoginRequest,
  metadata: EventMetadata,
): Promise<{ userId: number; session: SessionInfo } & Appended> {
  const userId = await findUserIdByEmail(store.db, request.email);
  const state = userId === null ? initialAccountState : (await loadAccountIn(store, userId)).state;
  const ok = await verifyOrWaste(userId === null ? null : await passwordHashOf(store.db, userId), request.password);
  if (!ok) throw new DomainError(ACCOUNT_REFUSALS.invalidCredentials);
  const events = decideSignIn(state);
  const appended = await store.append(signInStream(state.userId), events, {
    expectedVersion: 'any',
    metadata: { ...metadata, actor: state.userId },
  });
  const session = await sessions.create(state.userId);
  return { userId: state.userId, session, ...appended };
}

/** The refusal of a wrong password where the account is already known (re-entered, not signing in). */
export function wrongPassword(): DomainError {
  return new DomainError(ACCOUNT_REFUSALS.wrongPassword, { field: 'password' });
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
  if (!(await verifyOrWaste(await passwordHashOf(store.db, userId), password))) throw wrongPassword();
  const { events, last } = await store.transaction(async (tx) => {
    const { state, version } = await loadAccountIn(tx, userId);
    await tx.append(accountStream(userId), decideDeleteAccount(state), { expectedVersion: version, metadata: { ...metadata, actor: userId } });
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
