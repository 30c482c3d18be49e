import { refusals } from '../../events';
import { AUTH_MESSAGES } from '../../modules/accounts/contracts';
import { DISCUSSION_MESSAGES } from '../../modules/discussion/contracts';
import { LIBRARY_MESSAGES } from '../../modules/engagement/contracts';
import { DATA_MESSAGES } from '../../modules/portability/contracts';
import { SUBMIT_MESSAGES } from '../../modules/prompts/contracts';
import { TOKEN_MESSAGES } from '../../modules/tokens/contracts';

/**
 * The refusals of the HTTP layer itself (before or beside any module's decision), by code:
 * texts in `refusals:request.*`, `refusals:server.*` and `refusals:rateLimits.*`. A module's
 * own refusals are declared in its contracts.ts.
 */
export const REQUEST_REFUSALS = refusals('request', {
  invalid: { kind: 'invalid', text: 'Invalid request' },
  invalidParam: { kind: 'invalid', text: 'Invalid {{name}}', values: { name: 'string' } },
  unreadableBody: { kind: 'invalid', text: 'The request body could not be read.' },
  badJson: { kind: 'invalid', text: 'The request body must be valid JSON.' },
  bodyTooLarge: { kind: 'invalid', text: 'The request body is too large.', values: { limit: 'number' } },
  unstorableText: { kind: 'invalid', text: 'The request contains characters that are not allowed (a NUL or half of a surrogate pair).' },
  notFound: { kind: 'not_found', text: 'Not found' },
  methodNotAllowed: {
    kind: 'invalid',
    text: 'Method {{method}} is not allowed here; this path takes {{allow}}.',
    values: { method: 'string', allow: 'string' },
  },
  unknownHost: { kind: 'invalid', text: 'This server does not serve that host.' },
  changedMeanwhile: { kind: 'conflict', text: 'Someone else changed this at the same time; please try again.' },
});

export const SERVER_REFUSALS = refusals('server', {
  internal: { kind: 'invalid', text: 'Something went wrong on our side. Please try again.' },
  unavailable: {
    kind: 'invalid',
    text: 'The service is briefly unavailable (its database is restarting). Please try again in a few seconds.',
    values: { retryAfter: 'number' },
  },
  unknownProjection: { kind: 'not_found', text: 'Unknown projection {{name}}', values: { name: 'string' } },
  rebuildRunning: { kind: 'conflict', text: 'A rebuild is already running' },
  extensionNotBuilt: { kind: 'invalid', text: 'The extension has not been built on this server (run `npm run build`).' },
});

/** A rate limit's refusal (429 with Retry-After), per group of actions (src/server/rate-limit.ts). */
export const RATE_REFUSALS = refusals('rateLimits', {
  auth: { kind: 'rate_limited', text: AUTH_MESSAGES.rateLimited, values: { retryAfter: 'number' } },
  submit: { kind: 'rate_limited', text: SUBMIT_MESSAGES.tooManySubmissions, values: { retryAfter: 'number' } },
  library: { kind: 'rate_limited', text: LIBRARY_MESSAGES.tooFast, values: { retryAfter: 'number' } },
  data: { kind: 'rate_limited', text: DATA_MESSAGES.tooMany, values: { retryAfter: 'number' } },
  discussion: { kind: 'rate_limited', text: DISCUSSION_MESSAGES.tooFast, values: { retryAfter: 'number' } },
  token: { kind: 'rate_limited', text: TOKEN_MESSAGES.tooFast, values: { retryAfter: 'number' } },
});
