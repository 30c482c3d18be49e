import type { Sql } from '../../events';
import type { OwnPromptView, PromptStatusName, PromptView, SearchMatch, Sort } from '../../modules/prompts/contracts';
import { arrayLiteral, normaliseQuery, queryGrams } from './search';
import { parseQuery } from '../search-query';
import { searchMatch } from '../search-highlight';
import { typoExpansions } from './typos';
import { escapeLike, iso, toPromptContent, type PromptContentRow } from '../rows';

interface PromptRow extends PromptContentRow {
  submitted_by: number | null;
  author_id: number | null;
  rating: number;
  rating_count: number;
  helpful_count: number;
  usage_count: number;
  copy_count: number;
  copied_from: number | null;
  is_featured: boolean;
  is_editors_pick: boolean;
  status: string;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  created_at: Date;
  version: number;
}

const COLUMNS = `id, title, description, content, category_id, author_name, author_image, rating, rating_count, helpful_count, usage_count, copy_count, copied_from,
  is_featured, is_editors_pick, status, reviewed_by, reviewed_at, created_at, version, submitted_by, author_id`;

export function toPromptView(row: PromptRow): PromptView {
  return {
    ...toPromptContent(row),
    rating: row.rating,
    ratingCount: row.rating_count,
    helpfulCount: row.helpful_count,
    usageCount: row.usage_count,
    copyCount: row.copy_count,
    isFeatured: row.is_featured,
    isEditorsPick: row.is_editors_pick,
    isApproved: row.status === 'approved',
    // Never the submitter itself: a pen name and a deleted account link to no page.
    authorId: row.author_id,
    reviewedBy: row.reviewed_by,
    reviewedAt: row.reviewed_at ? iso(row.reviewed_at) : null,
    createdAt: iso(row.created_at),
    version: row.version,
  };
}

/** A prompt as its author (or the admin) sees it: with its status, and the original it is a copy of. */
const ownView = (row: PromptRow): OwnPromptView => ({ ...toPromptView(row), status: row.status as PromptStatusName, copiedFrom: row.copied_from });

export type ListSource = 'all' | 'featured' | 'editors-pick';

export interface ListQuery {
  source?: ListSource;
  /**
   * The search engine's query (docs/search.md): every prompt whose title or description holds
   * it as a case-insensitive substring, and those whose words match in any field.
   */
  q?: string;
  categoryId?: number;
  /**
   * 'rating-asc' is the community page's Top Rated, which lists lowest first; 'relevance' (with
   * a query; popular without) ranks the matches, popularity breaking ties.
   */
  sort?: ListSort;
  /** Hide prompts whose author name contains this text (community lists hide the house's own). */
  excludeAuthorContaining?: string;
  /**
   * Only these prompts (a user's bookmarks, read by the caller from the engagement model):
   * every list then shares this one filter and ordering, ties included.
   */
  ids?: readonly number[];
  /** False: no typo look-up (the search benchmark's "before"); every page and endpoint leaves it on. */
  typos?: boolean;
  limit?: number;
  offset?: number;
}

export type ListSort = Sort | 'rating-asc' | 'none' | 'relevance';

const ORDER: Record<Exclude<ListSort, 'relevance'>, string> = {
  popular: 'usage_count desc, id desc',
  newest: 'created_at desc, id desc',
  rating: 'rating desc, usage_count desc, id desc',
  'rating-asc': 'rating, usage_count, id',
  none: 'id',
};

/** Ranking weights of the head vector's fields, in PostgreSQL's order: D (author), C (category), B (description), A (title). */
const WEIGHTS = `'{0.1, 0.3, 0.6, 1.0}'`;

/**
 * The search engine's condition and rank for `q`, its values pushed onto `params`; null
 * without a query. Matches are the spec's substring rule (the title or description holds `q`,
 * lower-cased: the trigram and pair indexes answer it) or the words index (search-query.ts).
 * The rank reads only the small head vector: a title or description substring first, then
 * the fields' weights and the words' proximity there; a match in the content alone ranks 0.
 * A word no published prompt holds stands for the words one typo away (typos.ts): then only
 * the substring rule's matches are exact, and they rank above every typo match (the words'
 * rank is scaled into [0, 1) and a substring counts 2 or 4).
 * `head` is the part of `where` the rank can see (the substring rule or the head vector's
 * words): every match outside it ranks 0, so a ranked list is its head matches by rank, then
 * the others by popularity (listPrompts reads the two apart, and ranks only the first).
 */
interface SearchCondition {
  where: string;
  rank: string;
  /** Absent when the query has no words (then every match is a substring match). */
  head?: string;
  words?: string;
  /** The words' query as text (`words` is its parameter). */
  tsquery?: string;
}

async function searchCondition(sql: Sql, text: string | undefined, params: unknown[], typos = true): Promise<SearchCondition | null> {
  const q = normaliseQuery(text);
  if (!q) return null;
  const substring: string[] = [];
  // Two-character CJK terms have no trigram: their character pairs narrow the rows first.
  const grams = queryGrams(q);
  if (grams.length) {
    params.push(arrayLiteral(grams));
    substring.push(`search_grams @> $${params.length}::text::text[]`);
  }
  params.push(`%${escapeLike(q)}%`);
  const like = `$${params.length}`;
  substring.push(`search_text like ${like}`);
  const inTitle = `(case when split_part(search_text, E'\n', 1) like ${like} then 2 when search_text like ${like} then 1 else 0 end)`;
  const { tsquery, expanded } = parseQuery(q, typos ? await typoExpansions(sql, q) : undefined);
  if (!tsquery) return { where: `(${substring.join(' and ')})`, rank: inTitle };
  params.push(tsquery);
  const words = `$${params.length}::tsquery`;
  return {
    where: `((${substring.join(' and ')}) or search_vector @@ ${words})`,
    head: `((${substring.join(' and ')}) or search_head @@ ${words})`,
    words,
    tsquery,
    rank: expanded ? `(2 * ${inTitle} + ts_rank_cd(${WEIGHTS}, search_head, ${words}, 32))` : `(${inTitle} + ts_rank_cd(${WEIGHTS}, search_head, ${words}))`,
  };
}

/**
 * The ids of `userId`'s own prompts (any status) that `q` finds, by the same engine: what
 * My Prompts lists when searched.
 */
export async function searchOwnPromptIds(sql: Sql, userId: number, q: string): Promise<number[]> {
  const params: unknown[] = [userId];
  const search = await searchCondition(sql, q, params);
  if (!search) return [];
  const rows = await sql.query<{ id: number }>(`select id from catalog_prompts where submitted_by = $1 and ${search.where}`, params);
  return rows.map((r) => r.id);
}

/** Approved prompts from a tab's source, filtered by category, then search text, then sorted. */
export async function listPrompts(sql: Sql, query: ListQuery = {}): Promise<PromptView[]> {
  if (query.ids?.length === 0) return [];
  const where = [`status = 'approved'`];
  const params: unknown[] = [];
  if (query.ids) {
    params.push([...new Set(query.ids)]);
    where.push(`id = any($${params.length}::int[])`);
  }
  if (query.source === 'featured') where.push('is_featured');
  if (query.source === 'editors-pick') where.push('is_editors_pick');
  if (query.categoryId !== undefined) {
    params.push(query.categoryId);
    where.push(`category_id = $${params.length}`);
  }
  if (query.excludeAuthorContaining) {
    params.push(`%${escapeLike(query.excludeAuthorContaining.toLowerCase())}%`);
    where.push(`lower(author_name) not like $${params.length}`);
  }
  const search = await searchCondition(sql, query.q, params, query.typos);
  const limit = query.limit ?? 500;
  const offset = query.offset ?? 0;
  const sort = query.sort ?? 'popular';
  if (sort === 'relevance' && search?.head && search.words) return rankedPage(sql, where, params, search as Required<SearchCondition>, limit, offset);
  if (search) where.push(search.where);
  const order = sort === 'relevance' ? (search ? `${search.rank} desc, ${ORDER.popular}` : ORDER.popular) : ORDER[sort];
  return page(sql, where, params, order, limit, offset);
}

async function page(sql: Sql, where: string[], params: unknown[], order: string, limit: number, offset: number): Promise<PromptView[]> {
  const rows = await sql.query<PromptRow>(
    `select ${COLUMNS} from catalog_prompts where ${where.join(' and ')}
     order by ${order} limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, limit, offset],
  );
  return rows.map(toPromptView);
}

/**
 * A page by relevance, in two reads: the head matches, ranked (the rank is computed for
 * them alone: a common word's content matches can be most of the catalog, and each would
 * rank 0), then, to fill the page, the content-only matches by popularity (an ordered walk
 * of the popular index when they are many). The same order as ranking every match.
 */
async function rankedPage(
  sql: Sql,
  where: string[],
  params: unknown[],
  search: Required<SearchCondition>,
  limit: number,
  offset: number,
): Promise<PromptView[]> {
  const ranked = await page(sql, [...where, search.head], params, `${search.rank} desc, ${ORDER.popular}`, limit, offset);
  if (ranked.length === limit) return ranked;
  // How many head matches come before this page: all of them when some are on it (or on the first page).
  const headCount =
    ranked.length || offset === 0
      ? offset + ranked.length
      : Number((await sql.query<{ n: number }>(`select count(*)::int as n from catalog_prompts where ${[...where, search.head].join(' and ')}`, params))[0].n);
  const restOffset = Math.max(0, offset - headCount);
  const matches = (await walkPopular(sql, where, params, search, restOffset + limit - ranked.length))
    ? `coalesce(search_vector @@ ${search.words}, false)`
    : `search_vector @@ ${search.words}`;
  const rest = await page(sql, [...where, matches, `not ${search.head}`], params, ORDER.popular, limit - ranked.length, restOffset);
  return [...ranked, ...rest];
}

/**
 * Whether the content matches of a phrase are better found by walking the popular index than
 * by the words index. The index knows which rows hold every word of a phrase, not where, so
 * each row it names is read and its vector unpacked to check the order; the planner, taking a
 * phrase's words as independent, expects few such rows and prefers that, where a common
 * phrase (a Chinese word's pairs always come together) can name most of the catalog. The walk
 * meets `wanted` matches before the index has listed its candidates once there are more than
 * sqrt(wanted × rows) of them (wanted / share < candidates); the rows holding every word are
 * counted from the index up to that many and no further (a full count costs what it would
 * save). Then the condition is written so that no index can answer it, and the planner walks.
 */
async function walkPopular(sql: Sql, where: string[], params: unknown[], search: Required<SearchCondition>, wanted: number): Promise<boolean> {
  // The phrase operators (a Chinese word's character pairs, a quoted phrase's words) as "and".
  const loose = search.tsquery.replace(/<(?:-|\d+)>/g, '&');
  if (loose === search.tsquery) return false;
  const [row] = await sql.query<{ walk: boolean }>(
    `with enough as (
       select ceil(sqrt($${params.length + 2}::float8 * greatest(reltuples, 1)))::int as n from pg_class where oid = 'catalog_prompts'::regclass
     )
     select count(*) > (select n from enough) as walk from (
       select 1 from catalog_prompts where ${[...where, `search_vector @@ $${params.length + 1}::tsquery`, `not ${search.head}`].join(' and ')}
       limit (select n + 1 from enough)
     ) candidates`,
    [...params, loose, wanted],
  );
  return row.walk;
}

/** Search results with what their cards mark for `q` (the stand-ins of a mistyped word included: typos.ts). */
export async function withMatches<T extends { title: string; content: string }>(sql: Sql, prompts: T[], q: string): Promise<(T & { match: SearchMatch })[]> {
  const expansions = prompts.length ? await typoExpansions(sql, q) : new Map();
  return prompts.map((p) => ({ ...p, match: searchMatch(p, q, expansions) }));
}

/** One prompt if it is public; pending and rejected prompts are not found. */
export async function getPublicPrompt(sql: Sql, id: number): Promise<PromptView | null> {
  const [row] = await sql.query<PromptRow>(`select ${COLUMNS} from catalog_prompts where id = $1 and status = 'approved'`, [id]);
  return row ? toPromptView(row) : null;
}

/**
 * One prompt as `viewer` may see it: a public one for anyone; an unpublished one (pending,
 * rejected, withdrawn) only for its submitter and the admin, with its status; a private one
 * for its author only. Null otherwise.
 */
export async function getPromptFor(sql: Sql, id: number, viewer: { userId: number | null; isAdmin: boolean }): Promise<OwnPromptView | null> {
  return (await getPromptAccess(sql, id, viewer))?.prompt ?? null;
}

/**
 * The prompt as `getPromptFor` shows it, and whether the viewer may change it (its author;
 * the admin, unless it is private): the edit and versions pages decide what to offer from it
 * (the commands decide again on the stream).
 */
export async function getPromptAccess(
  sql: Sql,
  id: number,
  viewer: { userId: number | null; isAdmin: boolean },
): Promise<{ prompt: OwnPromptView; mayEdit: boolean; isAuthor: boolean } | null> {
  const [row] = await sql.query<PromptRow>(`select ${COLUMNS} from catalog_prompts where id = $1`, [id]);
  // A deleted prompt waits in its author's Recently deleted list, and is nowhere else.
  if (!row || row.status === 'deleted') return null;
  const isAuthor = viewer.userId !== null && row.submitted_by === viewer.userId;
  const mayEdit = isAuthor || (viewer.isAdmin && row.status !== 'private');
  if (row.status !== 'approved' && !mayEdit) return null;
  return { prompt: ownView(row), mayEdit, isAuthor };
}

/**
 * Every prompt `userId` wrote, whatever its status (private ones too; not those they deleted),
 * oldest first, `pageSize` at a time: what their data export holds. A page at a time, so a
 * library of 20,000 prompts is never one long read (on PGlite everyone else waits for it) nor
 * held whole. Each page starts after the last row of the one before, by its exact time.
 */
export async function* listPromptsBy(sql: Sql, userId: number, pageSize = 200): AsyncGenerator<OwnPromptView[]> {
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const rows: (PromptRow & { page_at: string })[] = await sql.query<PromptRow & { page_at: string }>(
      `select ${COLUMNS}, created_at::text as page_at from catalog_prompts
       where submitted_by = $1 and status <> 'deleted' and ($2::timestamptz is null or (created_at, id) > ($2::timestamptz, $3::int))
       order by created_at, id limit $4`,
      [userId, after?.at ?? null, after?.id ?? 0, pageSize],
    );
    if (rows.length) yield rows.map(ownView);
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    after = { at: last.page_at, id: last.id };
  }
}

/**
 * The titles of prompts a user's bookmarks, ratings and history name, as `viewerId` may know
 * them: any prompt but someone else's private one (withdrawn ones were public when saved).
 */
export async function promptTitles(sql: Sql, ids: readonly number[], viewerId: number): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await sql.query<{ id: number; title: string }>(
    `select id, title from catalog_prompts where id = any($1::int[]) and (status not in ('private', 'deleted') or submitted_by = $2)`,
    [[...new Set(ids)], viewerId],
  );
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Every counted use, of every prompt (withdrawn ones' uses are kept, only hidden). */
export async function totalUsage(sql: Sql): Promise<number> {
  const [row] = await sql.query<{ n: number }>('select coalesce(sum(usage_count), 0)::int as n from catalog_prompts');
  return row.n;
}

/**
 * Public prompts by id (for lists that nest the prompt: bookmarks, history, collections); with
 * `ownerId`, that user's own unpublished prompts too (private ones in their collections), not
 * those they deleted.
 */
export async function getPublicPrompts(sql: Sql, ids: readonly number[], ownerId: number | null = null): Promise<Map<number, PromptView>> {
  if (ids.length === 0) return new Map();
  const rows = await sql.query<PromptRow>(
    `select ${COLUMNS} from catalog_prompts
     where id = any($1::int[]) and (status = 'approved' or (submitted_by = $2 and status <> 'deleted'))`,
    [[...new Set(ids)], ownerId],
  );
  return new Map(rows.map((row) => [row.id, toPromptView(row)]));
}

export interface RatingStats {
  /** round(mean of current ratings), 0 with none: see docs/library.md, "Ratings and usage counts". */
  rating: number;
  ratingCount: number;
  helpfulCount: number;
}

export async function getRatingStats(sql: Sql, id: number): Promise<RatingStats | null> {
  const [row] = await sql.query<{ rating: number; rating_count: number; helpful_count: number }>(
    `select rating, rating_count, helpful_count from catalog_prompts where id = $1 and status = 'approved'`,
    [id],
  );
  return row ? { rating: row.rating, ratingCount: row.rating_count, helpfulCount: row.helpful_count } : null;
}

/** Everything, for tests comparing live tables with a replay. */
export async function dumpCatalog(sql: Sql): Promise<unknown[]> {
  const prompts = await sql.query(`select ${COLUMNS} from catalog_prompts order by id`);
  return [...prompts, ...(await sql.query(`select * from catalog_version_uses order by prompt_id, version`))];
}

/** How many uses each of `versions` of a prompt has (a version nobody used is absent). */
export async function getVersionUses(sql: Sql, promptId: number, versions: readonly number[]): Promise<Map<number, number>> {
  if (versions.length === 0) return new Map();
  const rows = await sql.query<{ version: number; uses: number }>(
    `select version, uses from catalog_version_uses where prompt_id = $1 and version = any($2::int[])`,
    [promptId, [...versions]],
  );
  return new Map(rows.map((r) => [r.version, r.uses]));
}

/** The shown title and content of prompts by id, whatever their status: what the duplicate check compares exactly (src/server/review/duplicates.ts). */
export async function promptTexts(
  sql: Sql,
  ids: readonly number[],
): Promise<Map<number, { title: string; content: string; status: string; submittedBy: number | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await sql.query<{ id: number; title: string; content: string; status: string; submitted_by: number | null }>(
    `select id, title, content, status, submitted_by from catalog_prompts where id = any($1::int[])`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, { title: r.title, content: r.content, status: r.status, submittedBy: r.submitted_by }]));
}
