import type { Sql } from '../../../events';
import type { PageRequest } from '../../../events/paging';
import type { MyPromptView } from '../../../modules/prompts/contracts';
import type { Page } from '../../../events/paging';
import { searchOwnPromptIds } from '../../../projections/catalog/queries';
import { listSubmissions } from '../../../projections/review/queries';
import { queryPieces } from '../../../projections/search-query';
import { promptIdsTagged, promptIdsWithTagMatching, tagsOfPrompts } from '../../../projections/tags/queries';

/**
 * The person's prompts a search finds: every piece of the query must match, in any field or
 * in one of their tags (tags are theirs alone, so they are matched here, never in the public index).
 */
export async function searchOwnPrompts(sql: Sql, userId: number, q: string): Promise<number[]> {
  const pieces = queryPieces(q);
  if (pieces.length === 0) return [];
  let found: number[] | null = null;
  for (const piece of pieces) {
    const [inText, inTags] = await Promise.all([searchOwnPromptIds(sql, userId, piece.query), promptIdsWithTagMatching(sql, userId, piece.text)]);
    const matched = new Set([...inText, ...inTags]);
    found = found === null ? [...matched] : found.filter((id) => matched.has(id));
    if (found.length === 0) break;
  }
  return found ?? [];
}

/**
 * My Prompts: the user's submissions, newest first, each with its tags; with `q`, those the
 * search finds (the catalog's index holds every status of a person's prompts: docs/search.md);
 * with `tag`, those tagged so.
 */
export async function mySubmissions(sql: Sql, userId: number, page: PageRequest & { q?: string; tag?: string }): Promise<Page<MyPromptView>> {
  let ids = page.q ? await searchOwnPrompts(sql, userId, page.q) : undefined;
  if (page.tag) {
    const tagged = new Set(await promptIdsTagged(sql, userId, page.tag));
    ids = ids ? ids.filter((id) => tagged.has(id)) : [...tagged];
  }
  const found = await listSubmissions(sql, userId, { limit: page.limit, cursor: page.cursor, ids });
  const tags = await tagsOfPrompts(
    sql,
    userId,
    found.items.map((p) => p.id),
  );
  return { ...found, items: found.items.map((p) => ({ ...p, tags: tags.get(p.id) ?? [] })) };
}
