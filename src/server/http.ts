import type { APIContext } from 'astro';
import { z } from 'zod';
import { ConcurrencyError, DomainError, type EventMetadata, type Reason, type RefusalValues, type WireError, type WireIssue } from '../../events';
import { nextTurn } from '../../events/parts';
import { MAX_BODY_BYTES } from './config';
import { logError } from './log';
import { conditionalResponse, etagOf } from './conditional-get';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER } from './db/unavailable';
import { REQUEST_REFUSALS, SERVER_REFUSALS } from './refusals';

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

/** A refusal of the HTTP layer with its own status (405, 421, 503, ...): `{ error, code, values? }`. */
export function errorJson(status: number, reason: Reason): Response {
  return refusalJson({ status, error: reason.message, code: reason.code, values: reason.values });
}

/** A zod error's issues as a 400 answer carries them (WireIssue: path, English message, zod code, broken limit). */
export function zodIssues(error: z.ZodError): WireIssue[] {
  return error.issues.map((i) => {
    const bound = 'maximum' in i ? i.maximum : 'minimum' in i ? i.minimum : undefined;
    const issue: WireIssue = { path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message, code: i.code };
    if (typeof bound === 'number') issue.limit = bound;
    return issue;
  });
}

export const BODY_TOO_LARGE = REQUEST_REFUSALS.bodyTooLarge.declared.text;

/** A body over the cap: answered 413 before the rest of it is read. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(BODY_TOO_LARGE);
    this.name = 'BodyTooLarge';
  }
}

/** 413 JSON, before the body is read (a Content-Length over the cap). */
export function tooLargeJson(): Response {
  return errorResponse(new BodyTooLarge(MAX_BODY_BYTES));
}

/**
 * What a failed request answers, whatever the protocol: its status, English message, code
 * (a declared refusal's, events/refusals.ts), values, field issues and headers. Unknown errors
 * are logged with the request id and answered with a generic message: a database's or
 * library's error text never reaches the caller. REST answers it as JSON `{ error, code,
 * values?, issues? }` (errorResponse); /mcp as a tool error or a JSON-RPC error with the same
 * code (src/server/mcp/).
 */
export interface Refusal extends WireError {
  status: number;
  code: string;
  headers?: Record<string, string>;
}

export const INTERNAL_ERROR = SERVER_REFUSALS.internal.declared.text;
export const DATABASE_UNAVAILABLE = SERVER_REFUSALS.unavailable.declared.text;

/** 503 while the database is away (restarting, failing over): the client may retry; nothing was acknowledged. */
function unavailable(requestId?: string, error?: unknown): Refusal {
  console.error(`[promptory] request ${requestId ?? ''}: database unavailable (${(error as { code?: string })?.code ?? 'unknown'})`);
  const reason = SERVER_REFUSALS.unavailable({ retryAfter: UNAVAILABLE_RETRY_AFTER });
  return { status: 503, ...wire(reason), headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER) } };
}

const wire = (reason: Reason): { error: string; code: string; values?: RefusalValues } => ({ error: reason.message, code: reason.code, values: reason.values });

export function refusalOf(error: unknown, requestId?: string): Refusal {
  // `connection: close` makes Node drop the socket after answering instead of draining the rest of a body we refused to read.
  if (error instanceof BodyTooLarge) return { status: 413, ...wire(REQUEST_REFUSALS.bodyTooLarge({ limit: error.limit })), headers: { connection: 'close' } };
  if (error instanceof DomainError) {
    const retryAfter = error.retryAfter;
    return {
      status: STATUS[error.kind],
      ...wire(error),
      issues: error.issues,
      headers: retryAfter ? { 'retry-after': String(retryAfter) } : undefined,
    };
  }
  if (error instanceof z.ZodError)
    return { status: 400, error: error.issues[0]?.message ?? REQUEST_REFUSALS.invalid.message, code: REQUEST_REFUSALS.invalid.code, issues: zodIssues(error) };
  if (error instanceof ConcurrencyError) return { status: 409, ...wire(REQUEST_REFUSALS.changedMeanwhile) };
  if (isDatabaseUnavailable(error)) return unavailable(requestId, error);
  logError(`request ${requestId ?? ''} failed`, error);
  return { status: 500, ...wire(SERVER_REFUSALS.internal) };
}

/** Turns anything a handler throws into the right status as JSON `{ error, code, values?, issues? }`. */
export function errorResponse(error: unknown, requestId?: string): Response {
  return refusalJson(refusalOf(error, requestId));
}

function refusalJson({ status, error, code, values, issues, headers }: Refusal): Response {
  const body: WireError = { error, code };
  if (values) body.values = values;
  if (issues) body.issues = issues;
  return json(body, { status, headers });
}

export function databaseUnavailableJson(requestId?: string, error?: unknown): Response {
  return refusalJson(unavailable(requestId, error));
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
    throw new DomainError(REQUEST_REFUSALS.unreadableBody);
  }
  const whole = Buffer.concat(chunks, size);
  if (size > LARGE_BODY) await nextTurn();
  return whole.toString('utf8');
}

/**
 * Text no person types and PostgreSQL cannot store: a NUL character (`text` refuses it) or half
 * of a UTF-16 surrogate pair (not Unicode, so not UTF-8). JSON can spell both (`\u0000`,
 * `\ud800`), and a query string can carry a NUL (`%00`): refused as bad input (400) before they
 * reach a decision or a query, which would fail with a 500.
 */
// eslint-disable-next-line no-control-regex -- the NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNSTORABLE_TEXT = REQUEST_REFUSALS.unstorableText.message;

/** Whether any string in a parsed JSON value (keys included) is unstorable text. */
export function hasUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => UNSTORABLE.test(k) || hasUnstorableText(v));
  return false;
}

/**
 * The one text check for every string a request brings, wherever it comes from (path, query,
 * JSON body, an import file's contents, an MCP tool's arguments): unstorable text anywhere in
 * `value` is the same 400 with the same message, before anything is decided or appended.
 * `path` names the field when one holds all of it (an import's `content`).
 */
export function refuseUnstorableText(value: unknown, path?: (string | number)[]): void {
  if (!hasUnstorableText(value)) return;
  throw new DomainError(REQUEST_REFUSALS.unstorableText, { issues: path && [{ path, message: UNSTORABLE_TEXT, code: 'unstorable_text' }] });
}

/**
 * The one body reader of every route, /mcp included: the text within the cap (413 past it, by
 * Content-Length or while a chunked body streams in), parsed as JSON (400 when it is not), its
 * strings checked (refuseUnstorableText). An empty body is `{}`.
 */
export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const text = await readBodyText(request, maxBytes);
  const large = text.length > LARGE_BODY;
  if (large) await nextTurn();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new DomainError(REQUEST_REFUSALS.badJson);
  }
  if (large) await nextTurn();
  refuseUnstorableText(body);
  if (large) await nextTurn();
  return body;
}

/**
 * A body past this many characters (an import's file) is read in stages with a turn of the
 * event loop between them: its decoding, parsing and checks take 50-100 ms each at 20 MB.
 */
const LARGE_BODY = 1024 * 1024;

/** Parses a JSON body with a zod contract; a missing, malformed or invalid body is a 400, an oversized one a 413. */
export async function readBody<S extends z.ZodType>(request: Request, schema: S, maxBytes = MAX_BODY_BYTES): Promise<z.output<S>> {
  return schema.parse(await readJsonBody(request, maxBytes));
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

/** Throw from an endpoint to answer 404 `{ error, code }` with a declared refusal. */
export function notFound(reason: Reason = REQUEST_REFUSALS.notFound): never {
  throw new DomainError(reason);
}
