import type { Sql } from '../../events';
import type { CollectionView } from '../../modules/collections/contracts';
import { PAGE_MAX, pageOf, type Page, type PageRequest } from '../../events/paging';
import { iso } from '../rows';

interface CollectionRow {
  id: number;
  user_id: number;
  name: string;
  description: string | null;
  is_public: boolean;
  created_at: Date;
  updated_at: Date;
  prompt_count: number;
}

const SELECT = `select c.id, c.user_id, c.name, c.description, c.is_public, c.created_at, c.updated_at,
  (select count(*)::int from collection_items i where i.collection_id = c.id and i.active) as prompt_count
  from collections c`;

function toView(r: CollectionRow): CollectionView {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    userId: r.user_id,
    isPublic: r.is_public,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    promptCount: r.prompt_count,
  };
}

/**
 * One page of the user's collections with their prompt counts, newest first (`cursor`: the last
 * id of the page before); `publicOnly`: the ones a member's public page shows.
 */
export async function listCollections(sql: Sql, userId: number, page: PageRequest = { limit: PAGE_MAX }, publicOnly = false): Promise<Page<CollectionView>> {
  const rows = await sql.query<CollectionRow>(
    `${SELECT} where c.user_id = $1 and not c.deleted and ($2::bigint is null or c.id < $2::bigint) and (not $4::boolean or c.is_public) order by c.id desc limit $3`,
    [userId, page.cursor ?? null, page.limit + 1, publicOnly],
  );
  return pageOf(rows, page.limit, (r) => r.id, toView);
}

/**
 * One collection as `viewerId` may see it: a public one for anyone, a private one for its
 * owner only; otherwise null (answered as not found).
 */
export async function getCollection(sql: Sql, id: number, viewerId: number | null): Promise<CollectionView | null> {
  const [row] = await sql.query<CollectionRow>(`${SELECT} where c.id = $1 and not c.deleted`, [id]);
  if (!row || (!row.is_public && row.user_id !== viewerId)) return null;
  return toView(row);
}

/** The collection's prompts (with when each was added and the version it was added at), most recently added first. */
export async function collectionItems(sql: Sql, id: number): Promise<{ promptId: number; savedVersion: number | null; addedAt: string }[]> {
  const rows = await sql.query<{ prompt_id: number; saved_version: number | null; added_at: Date }>(
    'select prompt_id, saved_version, added_at from collection_items where collection_id = $1 and active order by added_at desc, prompt_id desc',
    [id],
  );
  return rows.map((r) => ({ promptId: r.prompt_id, savedVersion: r.saved_version, addedAt: iso(r.added_at) }));
}
