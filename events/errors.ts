import type { Reason, RefusalKind, RefusalValues, WireIssue } from './refusals';

/**
 * A rule of the domain said no. Every module throws this one type with a declared refusal
 * (events/refusals.ts) so the HTTP edge maps it to a status and a coded answer in one place
 * (src/server/http.ts).
 */
export type DomainErrorKind = RefusalKind;

export interface RefusalDetails {
  /** The field the refusal is about: answered as one `custom` issue on it. */
  field?: string;
  /** Field issues, when there are several or they carry their own codes. */
  issues?: WireIssue[];
  /** Seconds until a refused (`rate_limited`) request may succeed: the answer's Retry-After. */
  retryAfter?: number;
}

export class DomainError extends Error {
  readonly code: string;
  readonly kind: DomainErrorKind;
  readonly values?: RefusalValues;
  readonly issues?: WireIssue[];
  readonly retryAfter?: number;
  constructor(reason: Reason, details: RefusalDetails = {}) {
    super(reason.message);
    this.name = 'DomainError';
    this.code = reason.code;
    this.kind = reason.kind;
    this.values = reason.values;
    this.retryAfter = details.retryAfter;
    this.issues = details.issues ?? (details.field === undefined ? undefined : [{ path: [details.field], message: reason.message, code: 'custom' }]);
  }
}
