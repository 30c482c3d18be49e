/**
 * A rule of the domain said no. Every module throws this one type so the HTTP edge
 * can map it to a status in one place (src/server/http.ts).
 */
export type DomainErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'rate_limited';

/** A field problem: `code` and `limit` let a client choose its own message (see src/server/http.ts). */
export interface FieldIssue {
  path: (string | number)[];
  message: string;
  code?: string;
  limit?: number;
}

export class DomainError extends Error {
  readonly code = 'DOMAIN';
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly issues?: FieldIssue[],
    /** Seconds until a refused (`rate_limited`) request may succeed: the answer's Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
