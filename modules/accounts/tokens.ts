import { createHash, randomBytes } from 'node:crypto';

/** A random link token: 32 bytes (256 bits) as base64url. Only its SHA-256 is ever stored. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a token: what the log and the sessions table keep instead of the secret. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
