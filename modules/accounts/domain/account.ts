import { DomainError, type NewEvent, type StoredEvent } from '../../../events';
import { AUTH_MESSAGES } from '../contracts';

/** Lifetimes of emailed links (state them in the README): registration 24 h, reset 1 h. */
export const LINK_LIFETIME_MS = { register: 24 * 60 * 60 * 1000, reset: 60 * 60 * 1000 } as const;
export type LinkPurpose = keyof typeof LINK_LIFETIME_MS;

export interface PendingLink {
  tokenHash: string;
  purpose: LinkPurpose;
  expiresAt: string;
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

export const accountStream = (userId: number) => `user-${userId}`;
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
      return { ...state, link: { tokenHash: event.data.tokenHash, purpose: event.data.purpose, expiresAt: event.data.expiresAt } };
    case 'PasswordSet':
      return { ...state, hasPassword: true, link: null };
    default:
      return state;
  }
}

export function decideRegister(input: { userId: number; email: string; name: string; username: string | null; tokenHash: string; now: Date }): NewEvent[] {
  return [
    { type: 'UserRegistered', data: { userId: input.userId, email: input.email, name: input.name, username: input.username } },
    issueLink(input.userId, input.tokenHash, 'register', input.now),
  ];
}

function issueLink(userId: number, tokenHash: string, purpose: LinkPurpose, now: Date): NewEvent {
  return {
    type: 'PasswordLinkIssued',
    data: { userId, tokenHash, purpose, expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]).toISOString() },
  };
}

/** A fresh link for an existing account: a reset link, or a new registration link if no password was ever set. */
export function decideIssueLink(state: AccountState, tokenHash: string, now: Date): { purpose: LinkPurpose; events: NewEvent[] } {
  if (!state.exists) throw new DomainError('not_found', 'Account not found');
  const purpose: LinkPurpose = state.hasPassword ? 'reset' : 'register';
  return { purpose, events: [issueLink(state.userId, tokenHash, purpose, now)] };
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

/** Setting the password consumes the link and signs the user in. The event says only that it happened. */
export function decideSetPassword(state: AccountState, tokenHash: string, now: Date): NewEvent[] {
  if (!linkIsValid(state, tokenHash, now))
    throw new DomainError('invalid', AUTH_MESSAGES.invalidLink, [{ path: ['token'], message: AUTH_MESSAGES.invalidLink }]);
  return [{ type: 'PasswordSet', data: { userId: state.userId } }];
}

export function decideSignIn(state: AccountState): NewEvent[] {
  if (!state.exists || !state.hasPassword) throw new DomainError('unauthenticated', AUTH_MESSAGES.invalidCredentials);
  return [{ type: 'UserSignedIn', data: { userId: state.userId } }];
}
