import { DomainError, type CommandPlan, type Decider, type NewEvent, type StoredEvent } from '../../../events';
import { accountStream } from '../../../events/streams';
import { ACCOUNT_REFUSALS } from '../contracts';

/** Lifetimes of emailed links (state them in the README): registration 24 h, reset 1 h. */
export const LINK_LIFETIME_MS = { register: 24 * 60 * 60 * 1000, reset: 60 * 60 * 1000 } as const;
export type LinkPurpose = keyof typeof LINK_LIFETIME_MS;

export interface PendingLink {
  tokenHash: string;
  purpose: LinkPurpose;
  expiresAt: string;
  /** The name and username its requester chose (registration links of unconfirmed accounts). */
  name?: string;
  username?: string | null;
}

/** What the decisions need to know about one account, folded from its stream. */
export interface AccountState {
  exists: boolean;
  userId: number;
  email: string;
  name: string;
  username: string | null;
  /** Whether a password was set (the hash itself is not in the log: `account_passwords`). */
  hasPassword: boolean;
  /** The one link that may still set the password (a newer link replaces it; use consumes it). */
  link: PendingLink | null;
}

export const initialAccountState: AccountState = {
  exists: false,
  userId: 0,
  email: '',
  name: '',
  username: null,
  hasPassword: false,
  link: null,
};

export { accountStream };

/** Sign-ins live in their own stream so the account stream stays short. */
export const signInStream = (userId: number) => `user-signins-${userId}`;

export function evolveAccount(state: AccountState, event: StoredEvent): AccountState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        ...state,
        exists: true,
        userId: event.data.userId,
        email: event.data.email,
        name: event.data.name,
        username: event.data.username,
      };
    case 'PasswordLinkIssued':
      return {
        ...state,
        link: {
          tokenHash: event.data.tokenHash,
          purpose: event.data.purpose,
          expiresAt: event.data.expiresAt,
          name: event.data.name,
          username: event.data.username,
        },
      };
    case 'UserRenamed':
      return { ...state, name: event.data.name, username: event.data.username };
    case 'PasswordSet':
      return { ...state, hasPassword: true, link: null };
    case 'AccountDeleted':
      // Nothing of the person is left to decide with: the account no longer exists.
      return { ...initialAccountState, userId: state.userId };
    default:
      return state;
  }
}

/** Who asked for a registration link: the name and username it carries to the password step. */
export interface Requester {
  name: string;
  username: string | null;
}

/**
 * What an account is asked to do. Facts that live beside the log (the side tables written in
 * the same transaction, the Argon2id check) are read or written first and ride in the command,
 * so every rule is decided here.
 */
export type AccountCommand =
  /**
   * Registration, on the stream of the account `account_emails` gave the email: `userId` new
   * (the stream is empty) or the one already holding it. `username` is the one asked for;
   * `reserved`, whether a new account got it in `account_usernames`; `usernameTaken`, whether an
   * account that has set its password holds it (the only holder that refuses a registration).
   */
  | {
      kind: 'register';
      userId: number;
      email: string;
      name: string;
      username: string | null;
      reserved: boolean;
      usernameTaken: boolean;
      tokenHash: string;
      now: Date;
    }
  /** Forgot password: a fresh link for an account; silence (no event) where there is none. */
  | { kind: 'issue-link'; tokenHash: string; now: Date }
  /** `username`: the one the link's requester chose, as `account_usernames` let the account keep it. */
  | { kind: 'set-password'; tokenHash: string; now: Date; username: string | null }
  /** Appended to `signInStream`, folding the account's stream (`signInPlan`). */
  | { kind: 'sign-in'; passwordMatches: boolean }
  | { kind: 'delete'; passwordMatches: boolean };

function issueLink(userId: number, tokenHash: string, purpose: LinkPurpose, now: Date, requester?: Requester): NewEvent {
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS[purpose]).toISOString();
  return { type: 'PasswordLinkIssued', data: { userId, tokenHash, purpose, expiresAt, ...(requester ?? {}) } };
}

/**
 * A fresh link for an existing account: a reset link, or a new registration link if no
 * password was ever set. A registration link carries the name its requester chose (by
 * default the one the account has), applied only when the password is set with it.
 */
function relink(state: AccountState, tokenHash: string, now: Date, requester?: Requester): NewEvent[] {
  const purpose: LinkPurpose = state.hasPassword ? 'reset' : 'register';
  const carried = purpose === 'register' ? (requester ?? { name: state.name, username: state.username }) : undefined;
  return [issueLink(state.userId, tokenHash, purpose, now, carried)];
}

/**
 * Registration answers alike whether the email is new (the account and its link), held by an
 * unfinished registration (a fresh link carrying this request's name: whoever sets the password
 * with a link gets that link's name) or by a finished one (nothing changes; its owner is told).
 */
function decideRegister(command: Extract<AccountCommand, { kind: 'register' }>, state: AccountState): NewEvent[] {
  if (command.usernameTaken) throw new DomainError(ACCOUNT_REFUSALS.usernameTaken, { field: 'username' });
  const { userId, email, name, tokenHash, now } = command;
  if (!state.exists) {
    const username = command.reserved ? command.username : null;
    return [{ type: 'UserRegistered', data: { userId, email, name, username } }, issueLink(userId, tokenHash, 'register', now, { name, username })];
  }
  if (state.hasPassword) return [];
  return relink(state, tokenHash, now, { name, username: command.username });
}

/** Constant-time comparison of two hex digests of equal length. */
function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Whether `tokenHash` opens the account's current link at `now`. */
export function linkIsValid(state: AccountState, tokenHash: string, now: Date): boolean {
  const link = state.link;
  return Boolean(state.exists && link && sameDigest(link.tokenHash, tokenHash) && now.getTime() < Date.parse(link.expiresAt));
}

/**
 * Setting the password consumes the link. The event says only that it happened. A registration
 * link names whoever asked for it: setting the password with it proves the address, so its
 * name and username become the account's (`username` as the command could reserve it: null
 * when another account holds it).
 */
function decideSetPassword({ tokenHash, now, username }: Extract<AccountCommand, { kind: 'set-password' }>, state: AccountState): NewEvent[] {
  if (!linkIsValid(state, tokenHash, now)) throw new DomainError(ACCOUNT_REFUSALS.invalidLink, { field: 'token' });
  const chosen = state.link?.name;
  const renamed = chosen !== undefined && (chosen !== state.name || username !== state.username);
  return [
    ...(renamed ? [{ type: 'UserRenamed' as const, data: { userId: state.userId, name: chosen, username } }] : []),
    { type: 'PasswordSet', data: { userId: state.userId } },
  ];
}

export const accountDecider: Decider<AccountState, AccountCommand> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide(command, state) {
    switch (command.kind) {
      case 'register':
        return decideRegister(command, state);
      case 'issue-link':
        return state.exists ? relink(state, command.tokenHash, command.now) : [];
      case 'set-password':
        return decideSetPassword(command, state);
      case 'sign-in':
        // One answer for an unknown email, an account without a password and a wrong password.
        if (!command.passwordMatches || !state.exists || !state.hasPassword) throw new DomainError(ACCOUNT_REFUSALS.invalidCredentials);
        return [{ type: 'UserSignedIn', data: { userId: state.userId } }];
      case 'delete':
        if (!command.passwordMatches) throw new DomainError(ACCOUNT_REFUSALS.wrongPassword, { field: 'password' });
        if (!state.exists) throw new DomainError(ACCOUNT_REFUSALS.notFound);
        return [{ type: 'AccountDeleted', data: { userId: state.userId } }];
    }
  },
};

/** A command on the account's own stream (an unknown email's is account 0's, which never exists: ids start at 1). */
export const accountPlan = (userId: number, command: Exclude<AccountCommand, { kind: 'sign-in' }>): CommandPlan<AccountCommand> => ({
  stream: accountStream(userId),
  command,
});

/** A sign-in is decided on the account's stream and appended to its own, whatever that holds. */
export const signInPlan = (userId: number, passwordMatches: boolean): CommandPlan<AccountCommand> => ({
  stream: signInStream(userId),
  reads: [accountStream(userId)],
  appendOnly: true,
  command: { kind: 'sign-in', passwordMatches },
});
