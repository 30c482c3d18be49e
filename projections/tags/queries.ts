import type { Sql } from '../../events';
import { tagKey, type TagView } from '../../modules/tags/contracts';
import { fold } from '../search-fold';
import { escapeLike } from '../rows';

/** The person's tags with how many of their prompts (not in Recently deleted) carry each, A to Z. */
export async function listTags(sql: Sql, userId: number): Promise<TagView[]> {
  return sql.query<TagView>(
    `select tag, count(*)::int as count from prompt_tags where user_id = $1 and not hidden
     group by tag_key, tag order by tag_key, tag`,
    [userId],
  );
}

/** Each of these prompts' tags, in the owner's order (a prompt without tags is absent). */
export async function tagsOfPrompts(sql: Sql, userId: number, promptIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (promptIds.length === 0) return out;
  const rows = await sql.query<{ promptId: number; tag: string }>(
    `select prompt_id as "promptId", tag from prompt_tags where user_id = $1 and prompt_id = any($2::int[]) order by prompt_id, position, tag_key`,
    [userId, [...new Set(promptIds)]],
  );
  for (const row of rows) out.set(row.promptId, [...(out.get(row.promptId) ?? []), row.tag]);
  return out;
}

/** The person's prompts tagged `tag` (whatever its case). */
export async function promptIdsTagged(sql: Sql, userId: number, tag: string): Promise<number[]> {
  const rows = await sql.query<{ id: number }>('select prompt_id as id from prompt_tags where user_id = $1 and tag_key = $2', [userId, tagKey(tag)]);
  return rows.map((r) => r.id);
}

/** The person's prompts with a tag that holds `text`, folded as the search engine folds (`旅游` finds `旅遊`). */
export async function promptIdsWithTagMatching(sql: Sql, userId: number, text: string): Promise<number[]> {
  const folded = fold(text).trim();
  if (!folded) return [];
  const rows = await sql.query<{ id: number }>(`select distinct prompt_id as id from prompt_tags where user_id = $1 and folded like $2`, [
    userId,
    `%${escapeLike(folded)}%`,
  ]);
  return rows.map((r) => r.id);
}
