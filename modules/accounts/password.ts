import { Argon2id } from 'oslo/password';

/**
 * Argon2id through oslo (OWASP parameters: 19 MiB, 2 iterations, parallelism 1).
 * `verifyOrWaste` does the same work when there is no hash to check, so a sign-in
 * attempt for an unknown email takes as long as one for a known email.
 */
const argon2id = new Argon2id();
let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return argon2id.hash(password);
}

export async function verifyOrWaste(hash: string | null, password: string): Promise<boolean> {
  if (hash) {
    try {
      return await argon2id.verify(hash, password);
    } catch {
      return false;
    }
  }
  dummyHash ??= argon2id.hash('promptory-timing-equaliser');
  await argon2id.verify(await dummyHash, password).catch(() => false);
  return false;
}
