import { numbered, refusals } from '../../events';
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
  bodyTooLarge: numbered('invalid', 'The request body is too large.'),
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
  unavailable: numbered('invalid', 'The service is briefly unavailable (its database is restarting). Please try again in a few seconds.', 'retryAfter'),
  unknownProjection: { kind: 'not_found', text: 'Unknown projection {{name}}', values: { name: 'string' } },
  rebuildRunning: { kind: 'conflict', text: 'A rebuild is already running' },
  extensionNotBuilt: { kind: 'invalid', text: 'The extension has not been built on this server (run `npm run build`).' },
});

/** A rate limit's refusal (429 with Retry-After), per group of actions (src/server/rate-limit.ts). */
export const RATE_REFUSALS = refusals('rateLimits', {
  auth: numbered('rate_limited', AUTH_MESSAGES.rateLimited, 'retryAfter'),
  submit: numbered('rate_limited', SUBMIT_MESSAGES.tooManySubmissions, 'retryAfter'),
  library: numbered('rate_limited', LIBRARY_MESSAGES.tooFast, 'retryAfter'),
  data: numbered('rate_limited', DATA_MESSAGES.tooMany, 'retryAfter'),
  discussion: numbered('rate_limited', DISCUSSION_MESSAGES.tooFast, 'retryAfter'),
  token: numbered('rate_limited', TOKEN_MESSAGES.tooFast, 'retryAfter'),
});
