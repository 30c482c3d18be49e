import { z } from 'zod';

const id = z.number().int().positive();

export const UserRegistered = {
  version: 1,
  schema: z.object({
    userId: id,
    email: z.string(),
    name: z.string(),
    username: z.string().nullable().default(null),
  }),
};

/** The password hash (Argon2id, never the password) becomes the account's credential. */
export const PasswordSet = {
  version: 1,
  schema: z.object({ userId: id, passwordHash: z.string() }),
};

export const UserSignedIn = {
  version: 1,
  schema: z.object({ userId: id }),
};
