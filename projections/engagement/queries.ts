import type { Sql } from '../../events';
import type { FavoriteView, HistoryEntryView, RatingValue } from '../../modules/engagement/contracts';
import { PAGE_MAX, type Page, type PageRequest } from '../../events/paging';
import { ratingSql } from '../rating';
import { iso, newestFirst } from '../rows';

interface FavoriteRow {
  id: number | string;
  prompt_id: number;
  created_at: Date;
  saved_version: number | null;
}
const FAVORITE_COLUMNS = 'id, prompt_id, created_at, saved_version';
const toFavorite = (userId: number, r: FavoriteRow): FavoriteView => ({
  id: Number(r.id),
  userId,
  promptId: r.prompt_id,
  createdAt: iso(r.created_at),
  savedVersion: r.saved_version,
});

/** The user's bookmarks, newest first. */
export async function listFavorites(sql: Sql, userId: number): Promise<FavoriteView[]> {
  const rows = await sql.query<FavoriteRow>(`select ${FAVORITE_COLUMNS} from favorites where user_id = $1 and not removed order by id desc`, [userId]);
  return rows.map((r) => toFavorite(userId, r));
}

/** One page of the user's bookmarks, newest first (`cursor`: the last id of the page before). */
export async function pageFavorites(sql: Sql, userId: number, page: PageRequest): Promise<Page<FavoriteView>> {
  return newestFirst(sql, page, 'id', `select ${FAVORITE_COLUMNS} from favorites where user_id = $1 and not removed`, [userId], (r: FavoriteRow) =>
    toFavorite(userId, r),
  );
}

/** The user's current rating of a prompt, or null. */
export async function getRating(sql: Sql, userId: number, promptId: number): Promise<RatingValue | null> {
  const [row] = await sql.query<{ value: RatingValue }>('select value from ratings where user_id = $1 and prompt_id = $2', [userId, promptId]);
  return row?.value ?? null;
}

/**
 * A prompt's rating (`ratingSql`, the catalog's formula) read from the table written in the
 * rating's own transaction: the rater's answer needs no catalog catch-up.
 */
export async function getRatingTally(sql: Sql, promptId: number): Promise<{ rating: number; ratingCount: number; helpfulCount: number }> {
  const [row] = await sql.query<{ rating: number; rating_count: number; helpful_count: number }>(
    `select count(*)::int as rating_count, (count(*) filter (where value = 5))::int as helpful_count,
            ${ratingSql('count(*) filter (where value = 5)', 'count(*)')} as rating
     from ratings where prompt_id = $1`,
    [promptId],
  );
  return { rating: row.rating, ratingCount: row.rating_count, helpfulCount: row.helpful_count };
}

/** How the users whose current rating was given on `version` rated it: how many, and how many found it Helpful. */
export async function getVersionRating(sql: Sql, promptId: number, version: number): Promise<{ version: number; count: number; helpful: number }> {
  const [row] = await sql.query<{ count: number; helpful: number }>(
    `select count(*)::int as count, (count(*) filter (where value = 5))::int as helpful from ratings where prompt_id = $1 and version = $2`,
    [promptId, version],
  );
  return { version, count: row.count, helpful: row.helpful };
}

/** `getVersionRating` for several versions of a prompt at once (a version nobody rated is absent). */
export async function getVersionRatings(sql: Sql, promptId: number, versions: readonly number[]): Promise<Map<number, { count: number; helpful: number }>> {
  if (versions.length === 0) return new Map();
  const rows = await sql.query<{ version: number; count: number; helpful: number }>(
    `select version, count(*)::int as count, (count(*) filter (where value = 5))::int as helpful
     from ratings where prompt_id = $1 and version = any($2::int[]) group by version`,
    [promptId, [...versions]],
  );
  return new Map(rows.map((r) => [r.version, { count: r.count, helpful: r.helpful }]));
}

/** The user's usage history, newest first. */
export async function listHistory(sql: Sql, userId: number, page: PageRequest = { limit: PAGE_MAX }): Promise<Page<HistoryEntryView>> {
  type HistoryRow = { id: number; prompt_id: number; used_at: Date; modified_content: string | null; filled_values: Record<string, string> | null };
  return newestFirst(
    sql,
    page,
    'id',
    'select id, prompt_id, used_at, modified_content, filled_values from usage_history where user_id = $1',
    [userId],
    (r: HistoryRow) => ({
      id: Number(r.id),
      userId,
      promptId: r.prompt_id,
      usedAt: iso(r.used_at),
      modifiedContent: r.modified_content,
      values: r.filled_values,
    }),
  );
}

/** Every current rating of the user, most recent first. */
export async function listRatings(sql: Sql, userId: number): Promise<{ promptId: number; value: RatingValue; ratedAt: string }[]> {
  const rows = await sql.query<{ prompt_id: number; value: RatingValue; rated_at: Date }>(
    'select prompt_id, value, rated_at from ratings where user_id = $1 order by rated_at desc, prompt_id desc',
    [userId],
  );
  return rows.map((r) => ({ promptId: r.prompt_id, value: r.value, ratedAt: iso(r.rated_at) }));
}
