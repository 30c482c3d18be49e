import { createHash } from 'node:crypto';

/**
 * Conditional GET for every answer that carries a validator (pages, JSON, the icon sprite,
 * the extension zip): one strong ETag recipe and one If-None-Match check, so a client's copy
 * is judged current the same way whatever it asked for.
 */

/** A strong validator: the body's SHA-1, so equal bytes always get the same ETag. */
export function etagOf(body: string | Uint8Array): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Whether If-None-Match names `etag`. The comparison is weak (RFC 9110: a `W/` prefix is
 * ignored), as If-None-Match requires, and `*` matches any current representation.
 */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const weakless = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => weakless(tag) === weakless(etag));
}

/** Headers that describe the body: a 304 has none, so they would describe nothing. */
export const BODY_HEADERS = ['content-length', 'content-type', 'content-encoding', 'content-disposition'];

/**
 * The answer to a GET or HEAD for a representation whose validator is in `headers` (`etag`):
 * 304 with no body when the client's copy is current, else 200 with `body` (none for HEAD).
 */
export function conditionalResponse(request: Request, body: BodyInit | null, init: HeadersInit): Response {
  const headers = new Headers(init);
  const etag = headers.get('etag');
  if (etag && matchesEtag(request.headers.get('if-none-match'), etag)) {
    for (const name of BODY_HEADERS) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method.toUpperCase() === 'HEAD' ? null : body, { status: 200, headers });
}
