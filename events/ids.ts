import { z } from 'zod';

/** Ids are PostgreSQL `integer`s: 1 to 2^31 - 1. A larger one would fail in the database (500). */
export const MAX_ID = 2 ** 31 - 1;

/**
 * A whole number written as canonical decimal digits, `min` to `max`; a number (from a typed
 * client or a JSON body) is checked the same way.
 */
export const canonicalNumber = (min: 0 | 1, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(min === 1 ? /^[1-9][0-9]*$/ : /^(0|[1-9][0-9]*)$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));
/**
 * An id in a path or a query string: canonical decimal digits only, so `/prompts/5` has one
 * spelling. `5.0`, `005`, `0x5`, `+5`, ` 5`, `5e0` and anything past MAX_ID are refused (a
 * 404 for a page, a 400 for an endpoint) instead of naming prompt 5 under another URL, each
 * of which would get its own page-cache entry. A number (from a typed client) is checked the
 * same way. The one id parser for every route declaration's params and every id page. Its own
 * module, not route.ts: the browser's typed client imports route.ts and must not bundle zod.
 */
export const idParam = canonicalNumber(1, MAX_ID);
/** An id filter where 0 means "any" (the extension's category). */
export const idOrZeroParam = canonicalNumber(0, MAX_ID);
/** The params of every route whose path names one thing by `{id}`: one declaration, one parser. */
export const idParams = z.object({ id: idParam });
