import type { APIContext, APIRoute } from 'astro';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ConcurrencyError, DomainError, type EventMetadata } from '../../events';

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

export interface ErrorBody {
  error: string;
  issues?: { path: (string | number)[]; message: string }[];
}

export function errorJson(status: number, error: string, issues?: ErrorBody['issues']): Response {
  return json(issues ? { error, issues } : { error }, { status });
}

function zodIssues(error: z.ZodError): ErrorBody['issues'] {
  return error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message }));
}

/** Turns anything a handler throws into the right status; unknown errors stay 500 and are logged. */
export function errorResponse(error: unknown, requestId?: string): Response {
  if (error instanceof DomainError) {
    const response = errorJson(STATUS[error.kind], error.message, error.issues);
    const retryAfter = (error as { retryAfter?: number }).retryAfter;
    if (retryAfter) response.headers.set('retry-after', String(retryAfter));
    return response;
  }
  if (error instanceof z.ZodError) return errorJson(400, error.issues[0]?.message ?? 'Invalid request', zodIssues(error));
  if (error instanceof ConcurrencyError) return errorJson(409, 'Someone else changed this at the same time; please try again.');
  console.error(`[promptory] request ${requestId ?? ''} failed`, error);
  return errorJson(500, 'Something went wrong on our side. Please try again.');
}

/** Parses a JSON body with a zod contract; a missing, malformed or invalid body is a 400. */
export async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    const text = await request.text();
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new DomainError('invalid', 'The request body must be valid JSON.');
  }
  return schema.parse(body);
}

/** Parses a route or query parameter; a bad one is a 400 naming it. */
export function readParam<S extends z.ZodType>(value: unknown, schema: S, name: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new DomainError('invalid', `Invalid ${name}`, [{ path: [name], message: `Invalid ${name}` }]);
  return parsed.data;
}

export function metadataFor(context: Pick<APIContext, 'locals'>): EventMetadata {
  return { actor: context.locals.user?.id ?? null, requestId: context.locals.requestId, at: new Date().toISOString() };
}

export function actorFor(context: Pick<APIContext, 'locals'>) {
  return { userId: context.locals.user?.id ?? null, isAdmin: context.locals.user?.isAdmin ?? false };
}

/** Wraps an endpoint so every thrown error becomes a JSON answer. */
export function endpoint(handler: APIRoute): APIRoute {
  return async (context) => {
    try {
      return await handler(context);
    } catch (error) {
      return errorResponse(error, context.locals.requestId);
    }
  };
}

/**
 * A public, cacheable JSON answer with a strong validator: a matching If-None-Match
 * gets 304 without a body. Shared caches may keep it briefly; browsers revalidate.
 */
export function cachedJson(request: Request, data: unknown, maxAgeSeconds = 0): Response {
  const body = JSON.stringify(data);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  const headers = {
    etag,
    'cache-control': `public, max-age=${maxAgeSeconds}, must-revalidate`,
    vary: 'Cookie, Accept-Language',
  };
  if (request.headers.get('if-none-match')?.split(/\s*,\s*/).includes(etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { headers: { ...headers, 'content-type': 'application/json; charset=utf-8' } });
}

/** Throw from an endpoint to answer 404 `{ error }`. */
export function notFound(message = 'Not found'): never {
  throw new DomainError('not_found', message);
}
