import { z } from 'zod';
import { canonicalNumber } from './ids';

/**
 * Lists that can grow are paged: `limit` (1 to PAGE_MAX, default PAGE_DEFAULT) and `cursor`,
 * the `nextCursor` of the page before (an id or a log position: where the last page ended, so
 * a list that changes between pages neither skips nor repeats a row). The one paging query of
 * every route declaration; its own module beside ids.ts, not route.ts, for the same reason:
 * the browser's typed client imports route.ts and must not bundle zod.
 */
export const PAGE_MAX = 100;
export const PAGE_DEFAULT = 50;
/**
 * A page's cursor (an id, a log position or a rank): canonical decimal digits, 1 to 2^53 - 1,
 * the largest a JavaScript number holds exactly; PostgreSQL takes it as a `bigint` (every paged
 * query compares it as one), so no cursor a client can send fails in the database. The one
 * cursor of every route declaration and MCP list.
 */
export const MAX_CURSOR = Number.MAX_SAFE_INTEGER;
export const cursorParam = canonicalNumber(1, MAX_CURSOR);
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(PAGE_DEFAULT),
  cursor: cursorParam.optional(),
});
export type PageRequest = z.output<typeof pageQuery>;

/** One page of a list: `nextCursor` asks for the next page; null at the end. */
export interface Page<T> {
  items: T[];
  nextCursor: number | null;
}

/**
 * The page of `rows`, read with `limit + 1` so that one extra row tells whether a next page
 * exists; the cursor is the last kept row's.
 */
export function pageOf<T, V = T>(rows: T[], limit: number, cursorOf: (row: T) => number, view: (row: T) => V = (row) => row as unknown as V): Page<V> {
  const kept = rows.slice(0, limit);
  return { items: kept.map(view), nextCursor: rows.length > limit ? cursorOf(kept[kept.length - 1]) : null };
}

/** Every item of a paged list, page after page (a whole export, not a screen's page). */
export async function pageAll<T>(read: (page: PageRequest) => Promise<Page<T>>): Promise<T[]> {
  const all: T[] = [];
  let cursor: number | undefined;
  for (;;) {
    const page = await read({ limit: PAGE_MAX, cursor });
    all.push(...page.items);
    if (page.nextCursor === null) return all;
    cursor = page.nextCursor;
  }
}
