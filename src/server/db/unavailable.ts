/**
 * Whether an error means the database cannot be reached right now (down, restarting, refusing
 * connections, a connection cut mid-query), as opposed to a bad query or a bug. Such a request
 * is answered 503 with Retry-After instead of 500: the client may retry, and nothing was
 * acknowledged (a write whose commit did not reach us is not reported as done).
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // postgres.js's own codes for a connection that closed, ended or timed out.
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/** SQLSTATE class 08 (connection exception) and 57P01-57P05 (shutdown, crash, cannot connect now, idle session timeout). */
const isUnavailableSqlState = (code: string) => /^08/.test(code) || /^57P0[1-5]$/.test(code);

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) return true;
  // AggregateError (several addresses refused) and wrapped causes.
  const errors = (error as { errors?: unknown }).errors;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
}

/** Seconds a client should wait before retrying while the database is away. */
export const UNAVAILABLE_RETRY_AFTER = 5;
