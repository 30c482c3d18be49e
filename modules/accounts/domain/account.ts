import { DomainError, type NewEvent, type StoredEvent } from '../../../events';
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

export { accountStream } from '../../../events/streams';
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

export function decideRegister(input: { userId: number; email: string; name: string; username: string | null; tokenHash: string; now: Date }): NewEvent[] {
  return [
    { type: 'UserRegistered', data: { userId: input.userId, email: input.email, name: input.name, username: input.username } },
    issueLink(input.userId, input.tokenHash, 'register', input.now, { name: input.name, username: input.username }),
  ];
}

/** Who asked for a registration link: the name and username it carries to the password step. */
export interface Requester {
  name: string;
  username: string | null;
}

function issueLink(userId: number, tokenHash: string, purpose: LinkPurpose, now: Date, requester?: Requester): NewEvent {
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS[purpose]).toISOString();
  return { type: 'PasswordLinkIssued', data: { userId, tokenHash, purpose, expiresAt, ...(requester ?? {}) } };
}

/**
 * A fresh link for an existing account: a reset link, or a new registration link if no
 * password was ever set. A registration link carries the name its requester chose (by
 * default the one the account has), applied only when the password is set with it.
 */
export function decideIssueLink(state: AccountState, tokenHash: string, now: Date, requester?: Requester): { purpose: LinkPurpose; events: NewEvent[] } {
  if (!state.exists) throw new DomainError(ACCOUNT_REFUSALS.notFound);
  const purpose: LinkPurpose = state.hasPassword ? 'reset' : 'register';
  const carried = purpose === 'register' ? (requester ?? { name: state.name, username: state.username }) : undefined;
  return { purpose, events: [issueLink(state.userId, tokenHash, purpose, now, carried)] };
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
 * Setting the password consumes the link and signs the user in. The event says only that it
 * happened. A registration link names whoever asked for it: setting the password with it
 * proves the address, so its name and username become the account's (`username` as the
 * command could reserve it: null when another account holds it).
 */
export function decideSetPassword(
  state: AccountState,
  tokenHash: string,
  now: Date,
  username: string | null = state.link?.username ?? state.username,
): NewEvent[] {
  if (!linkIsValid(state, tokenHash, now)) throw new DomainError(ACCOUNT_REFUSALS.invalidLink, { field: 'token' });
  const chosen = state.link?.name;
  const renamed = chosen !== undefined && (chosen !== state.name || username !== state.username);
  return [
    ...(renamed ? [{ type: 'UserRenamed' as const, data: { userId: state.userId, name: chosen, username } }] : []),
    { type: 'PasswordSet', data: { userId: state.userId } },
  ];
}

/** Deleting an account that exists (whether the password was right is decided beside the log). */
export function decideDeleteAccount(state: AccountState): NewEvent[] {
  if (!state.exists) throw new DomainError(ACCOUNT_REFUSALS.notFound);
  return [{ type: 'AccountDeleted', data: { userId: state.userId } }];
}

export function decideSignIn(state: AccountState): NewEvent[] {
  if (!state.exists || !state.hasPassword) throw new DomainError(ACCOUNT_REFUSALS.invalidCredentials);
  return [{ type: 'UserSignedIn', data: { userId: state.userId } }];
}
