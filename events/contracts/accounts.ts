import { z } from 'zod';
import { ownedBy } from '../personal';

const id = z.number().int().positive();

/** An account was opened. `email` is stored normalized (trimmed, lower case); no password yet. */
export const UserRegistered = {
  version: 1,
  schema: z.object({
    userId: id,
    email: z.string(),
    name: z.string(),
    username: z.string().nullable().default(null),
  }),
  personal: ownedBy('userId', { email: '', name: '', username: null }),
};

/**
 * A set-password link was emailed. Only the SHA-256 of the random token is kept; a newer
 * link replaces an older one, and setting the password consumes it (single use).
 */
export const PasswordLinkIssued = {
  version: 1,
  schema: z.object({
    userId: id,
    tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
    purpose: z.enum(['register', 'reset']),
    /** ISO time after which the link is refused. */
    expiresAt: z.string(),
    /**
     * A registration link of an account that never set a password: the name (and username)
     * its requester chose. Whoever sets the password with this link gets them (UserRenamed),
     * so a stranger who registered the address first decides nothing its owner sees.
     */
    name: z.string().optional(),
    username: z.string().nullable().optional(),
  }),
  personal: ownedBy('userId', { name: '', username: null }),
};

/** The account's name and username, chosen by its owner when confirming the address. */
export const UserRenamed = {
  version: 1,
  schema: z.object({ userId: id, name: z.string(), username: z.string().nullable() }),
  personal: ownedBy('userId', { name: '', username: null }),
};

/**
 * The account has a password now. The credential itself (its Argon2id hash) is a secret and
 * lives only in `account_passwords`, written in the same transaction; version 1 carried the
 * hash, and migration 0101 (modules/accounts/migrations.ts) rewrote those events to version 2.
 */
export const PasswordSet = {
  version: 2,
  schema: z.object({ userId: id }),
  // Any version-1 event left unmigrated: its hash is dropped on read, never handed on.
  upcast: (data: unknown) => ({ userId: (data as { userId: number }).userId }),
};

/** A successful sign-in (by password, or by setting the password from an emailed link). */
export const UserSignedIn = {
  version: 1,
  schema: z.object({ userId: id }),
};

/**
 * The person deleted their account (DELETE /api/me). Every read model forgets them: their
 * private and unpublished prompts, bookmarks, collections, ratings, history and remembered
 * values go; their published prompts stay under "Deleted user" (an empty author name), and
 * anonymous aggregates (use counts, rating tallies) stay. Their key in `person_keys` is
 * erased in the same transaction, so what the log held of them (sealed) reads as shredded.
 */
export const AccountDeleted = {
  version: 1,
  schema: z.object({ userId: id }),
};
