import type { APIContext } from 'astro';
import { z } from 'zod';
import { ConcurrencyError, DomainError, type EventMetadata, type FieldIssue } from '../../events';
import { MAX_BODY_BYTES } from './config';
import { logError } from './log';
import { conditionalResponse, etagOf } from './conditional-get';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER } from './db/unavailable';

const STATUS: Record<DomainError['kind'], number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
};

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(data), { ...init, headers });
}

/**
 * One field problem of a 400 answer. `code` is zod's issue code (`too_small`, `too_big`,
 * `invalid_type`, `custom`, ...) and `limit` the bound a size check broke, so a client picks
 * its own translated message from (field, code, limit) and never parses `message` (English).
 */
export type Issue = FieldIssue & { code: string };

export interface ErrorBody {
  error: string;
  issues?: FieldIssue[];
}

export function errorJson(status: number, error: string, issues?: ErrorBody['issues']): Response {
  return json(issues ? { error, issues } : { error }, { status });
}

/** A zod error's issues as a 400 answer carries them. */
export function zodIssues(error: z.ZodError): Issue[] {
  return error.issues.map((i) => {
    const bound = 'maximum' in i ? i.maximum : 'minimum' in i ? i.minimum : undefined;
    const issue: Issue = { path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message, code: i.code };
    if (typeof bound === 'number') issue.limit = bound;
    return issue;
  });
}

export const BODY_TOO_LARGE = 'The request body is too large.';

/** A body over the cap: answered 413 before the rest of it is read. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(BODY_TOO_LARGE);
    this.name = 'BodyTooLarge';
  }
}

/**
 * 413 JSON. `connection: close` makes Node drop the socket after answering instead of
 * draining the rest of a body we refused to read.
 */
export function tooLargeJson(): Response {
  return json({ error: BODY_TOO_LARGE }, { status: 413, headers: { connection: 'close' } });
}

/** Turns anything a handler throws into the right status; unknown errors stay 500 and are logged. */
export function errorResponse(error: unknown, requestId?: string): Response {
  if (error instanceof BodyTooLarge) return tooLargeJson();
  if (error instanceof DomainError) {
    const response = errorJson(STATUS[error.kind], error.message, error.issues);
    const retryAfter = (error as { retryAfter?: number }).retryAfter;
    if (retryAfter) response.headers.set('retry-after', String(retryAfter));
    return response;
  }
  if (error instanceof z.ZodError) return errorJson(400, error.issues[0]?.message ?? 'Invalid request', zodIssues(error));
  if (error instanceof ConcurrencyError) return errorJson(409, 'Someone else changed this at the same time; please try again.');
  if (isDatabaseUnavailable(error)) return databaseUnavailableJson(requestId, error);
  logError(`request ${requestId ?? ''} failed`, error);
  return errorJson(500, 'Something went wrong on our side. Please try again.');
}

/** 503 while the database is away (restarting, failing over): the client may retry; nothing was acknowledged. */
export function databaseUnavailableJson(requestId?: string, error?: unknown): Response {
  console.error(`[promptory] request ${requestId ?? ''}: database unavailable (${(error as { code?: string })?.code ?? 'unknown'})`);
  const response = errorJson(503, 'The service is briefly unavailable (its database is restarting). Please try again in a few seconds.');
  response.headers.set('retry-after', String(UNAVAILABLE_RETRY_AFTER));
  return response;
}

/** The declared Content-Length is over `maxBytes` (the body need not be read to refuse it). */
export function declaresTooLarge(request: Request, maxBytes: number): boolean {
  const declared = Number(request.headers.get('content-length'));
  return Number.isFinite(declared) && declared > maxBytes;
}

/**
 * The body as text, read chunk by chunk and abandoned as soon as it passes `maxBytes`
 * (a chunked body has no Content-Length to refuse up front). The adapter's own limit
 * (astro.config.mjs) is the backstop for anything that reads a body another way.
 */
export async function readBodyText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  if (declaresTooLarge(request, maxBytes)) throw new BodyTooLarge(maxBytes);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new BodyTooLarge(maxBytes);
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    if (error instanceof BodyTooLarge || /size limit/i.test(String((error as Error)?.message))) throw new BodyTooLarge(maxBytes);
    throw new DomainError('invalid', 'The request body could not be read.');
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses a JSON body with a zod contract; a missing, malformed or invalid body is a 400, an oversized one a 413. */
/**
 * Text no person types and PostgreSQL cannot store: a NUL character (`text` refuses it) or half
 * of a UTF-16 surrogate pair (not Unicode, so not UTF-8). JSON can spell both (`\u0000`,
 * `\ud800`), and a query string can carry a NUL (`%00`): refused as bad input (400) before they
 * reach a decision or a query, which would fail with a 500.
 */
// eslint-disable-next-line no-control-regex -- the NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNSTORABLE_TEXT = 'The request contains characters that are not allowed (a NUL or half of a surrogate pair).';

/** Whether any string in a parsed JSON value (keys included) is unstorable text. */
export function hasUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => UNSTORABLE.test(k) || hasUnstorableText(v));
  return false;
}

export async function readBody<S extends z.ZodType>(request: Request, schema: S, maxBytes = MAX_BODY_BYTES): Promise<z.output<S>> {
  const text = await readBodyText(request, maxBytes);
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new DomainError('invalid', 'The request body must be valid JSON.');
  }
  if (hasUnstorableText(body)) throw new DomainError('invalid', UNSTORABLE_TEXT);
  return schema.parse(body);
}

export function metadataFor(context: Pick<APIContext, 'locals'>): EventMetadata {
  return { actor: context.locals.user?.id ?? null, requestId: context.locals.requestId, at: (context.locals.app?.clock() ?? new Date()).toISOString() };
}

export function actorFor(context: Pick<APIContext, 'locals'>) {
  return { userId: context.locals.user?.id ?? null, isAdmin: context.locals.user?.isAdmin ?? false };
}

/**
 * A public, cacheable JSON answer with a strong validator: a matching If-None-Match
 * gets 304 without a body. Shared caches may keep it briefly; browsers revalidate.
 */
export function cachedJson(request: Request, data: unknown, maxAgeSeconds = 0): Response {
  const body = JSON.stringify(data);
  return conditionalResponse(request, body, {
    etag: etagOf(body),
    'cache-control': `public, max-age=${maxAgeSeconds}, must-revalidate`,
    vary: 'Cookie, Accept-Language',
    'content-type': 'application/json; charset=utf-8',
  });
}

/** Throw from an endpoint to answer 404 `{ error }`. */
export function notFound(message = 'Not found'): never {
  throw new DomainError('not_found', message);
}
