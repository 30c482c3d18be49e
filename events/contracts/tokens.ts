import { z } from 'zod';
import { ownedBy } from '../personal';

const id = z.number().int().positive();

/**
 * A user created a personal access token. Neither the token nor its hash is in the event: the
 * hash lives only in `access_tokens` (written in the same transaction), like device tokens.
 */
export const AccessTokenCreated = {
  version: 1,
  schema: z.object({ tokenId: id, userId: id, name: z.string(), scope: z.enum(['read', 'read-write', 'publish']), expiresAt: z.string() }),
  // The name its owner typed is theirs.
  personal: ownedBy('userId', { name: '' }),
};

/** The token stops working: revoked from the dashboard (`user`), or because the account's password was set or reset (`password`). */
export const AccessTokenRevoked = {
  version: 1,
  schema: z.object({ tokenId: id, userId: id, by: z.enum(['user', 'password', 'deletion']) }),
};
