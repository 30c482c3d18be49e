import type { Sql } from '../../../events';
import type { PageRequest } from '../../../events/paging';
import { searchOwnPromptIds } from '../../../projections/catalog/queries';
import { listSubmissions } from '../../../projections/review/queries';

/**
 * My Prompts: the user's submissions, newest first; with `q`, those the search engine finds
 * (the catalog's index holds every status of a person's prompts: docs/search.md).
 */
export async function mySubmissions(sql: Sql, userId: number, page: PageRequest & { q?: string }) {
  const ids = page.q ? await searchOwnPromptIds(sql, userId, page.q) : undefined;
  return listSubmissions(sql, userId, { limit: page.limit, cursor: page.cursor, ids });
}
