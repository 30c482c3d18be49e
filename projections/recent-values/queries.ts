import type { Sql } from '../../events';
import { RECENT_VALUES_LIMITS, type RecentValues } from '../../modules/engagement/contracts';

/**
 * The user's last distinct values for each of `names`, at most RECENT_VALUES_LIMITS.suggestions
 * each: those used with this prompt first (newest first), then those used with the same name
 * on their other prompts (newest first). Every name asked for is in the answer, maybe empty.
 */
export async function recentValues(sql: Sql, userId: number, promptId: number, names: readonly string[]): Promise<RecentValues> {
  const out: RecentValues = Object.fromEntries(names.map((name) => [name, []]));
  if (names.length === 0) return out;
  const rows = await sql.query<{ name: string; value: string }>(
    `select name, value from (
       select name, value,
              row_number() over (partition by name order by max(last_pos) filter (where prompt_id = $2) desc nulls last, max(last_pos) desc) as rank
       from recent_values where user_id = $1 and name = any($3::text[])
       group by name, value
     ) ranked
     where rank <= $4
     order by name, rank`,
    [userId, promptId, [...names], RECENT_VALUES_LIMITS.suggestions],
  );
  for (const row of rows) out[row.name].push(row.value);
  return out;
}

/** Every value the user's suggestions hold, per variable name, each once, most recently used first. */
export async function allRecentValues(sql: Sql, userId: number): Promise<RecentValues> {
  const rows = await sql.query<{ name: string; value: string }>(
    `select name, value from recent_values where user_id = $1 group by name, value order by name, max(last_pos) desc`,
    [userId],
  );
  const out: RecentValues = {};
  for (const row of rows) (out[row.name] ??= []).push(row.value);
  return out;
}
