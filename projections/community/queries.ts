import type { Sql } from '../../events';
import { pageOf, type Page, type PageRequest } from '../../events/paging';
import { periodRange, SCORE, type BoardPeriod, type ContributionView, type LeaderboardEntry, type MemberView } from '../../modules/members/contracts';
import { iso, newestFirst } from '../rows';

interface BoardRow {
  user_id: number;
  name: string;
  published_count: number;
  uses: number;
  helpful: number;
  score: number;
  rank: number;
}

/**
 * The score's one formula (docs/community.md, "The score"), in SQL: a prompt's uses and net
 * helpful votes over some days, each capped, and the points they make.
 */
const cappedUses = (uses: string) => `least(${uses}, ${SCORE.usesCap})`;
const cappedHelpful = (helpful: string) => `least(greatest(${helpful}, 0), ${SCORE.helpfulCap})`;
const points = (uses: string, helpful: string) => `(${uses} + ${SCORE.helpfulWeight} * ${helpful})`;

/**
 * The ranked board of a period (docs/community.md, "The score"): each published prompt's days
 * in the period, capped, the owner's best prompts summed. Ties stay in one order: the earlier
 * first publication, then the lower user id. `$1`/`$2`: the period's site days (null: All Time).
 */
const BOARD = `
  with per_prompt as (
    select p.owner_id, p.prompt_id, ${cappedUses('sum(d.uses)')}::int as uses, ${cappedHelpful('sum(d.helpful)')}::int as helpful
    from community_prompt_days d join community_prompts p on p.prompt_id = d.prompt_id
    where p.published and ($1::date is null or d.day >= $1::date) and ($2::date is null or d.day < $2::date)
    group by p.owner_id, p.prompt_id
  ), best as (
    select *, row_number() over (partition by owner_id order by ${points('uses', 'helpful')} desc, prompt_id) as n from per_prompt
  ), scored as (
    select owner_id, sum(uses)::int as uses, sum(helpful)::int as helpful from best where n <= ${SCORE.promptsCounted} group by owner_id
  ), owners as (
    select owner_id, count(*)::int as published_count, min(first_published_at) as first_published
    from community_prompts where published group by owner_id
  ), ranked as (
    select m.user_id, m.name, o.published_count, s.uses, s.helpful, ${points('s.uses', 's.helpful')} as score,
      row_number() over (order by ${points('s.uses', 's.helpful')} desc, o.first_published, m.user_id)::int as rank
    from scored s join owners o on o.owner_id = s.owner_id join community_members m on m.user_id = s.owner_id
    where ${points('s.uses', 's.helpful')} > 0
  )
  select * from ranked`;

const toEntry = (r: BoardRow): LeaderboardEntry => ({
  rank: r.rank,
  userId: r.user_id,
  name: r.name,
  publishedCount: r.published_count,
  score: r.score,
  uses: r.uses,
  helpful: r.helpful,
});

/** One page of a period's board at `now`; the cursor is the last rank shown (a board moves, so it is a place, not a person). */
export async function leaderboard(sql: Sql, period: BoardPeriod, now: Date, page: PageRequest): Promise<Page<LeaderboardEntry>> {
  const { from, to } = periodRange(period, now);
  const rows = await sql.query<BoardRow>(`${BOARD} where rank > $3::bigint order by rank limit $4`, [from, to, page.cursor ?? 0, page.limit + 1]);
  return pageOf(rows, page.limit, (r) => r.rank, toEntry);
}

/** Where one member stands on each board (null: not on it). */
export async function standingOf(sql: Sql, userId: number, now: Date): Promise<Record<BoardPeriod, LeaderboardEntry | null>> {
  const place = async (period: BoardPeriod) => {
    const { from, to } = periodRange(period, now);
    const [row] = await sql.query<BoardRow>(`${BOARD} where user_id = $3`, [from, to, userId]);
    return row ? toEntry(row) : null;
  };
  const [week, month, all] = await Promise.all([place('week'), place('month'), place('all')]);
  return { week, month, all };
}

interface MemberRow {
  user_id: number;
  name: string;
  featured: boolean;
  published_count: number;
}
const MEMBER = `select m.user_id, m.name, m.featured_at is not null as featured,
  (select count(*) from community_prompts p where p.owner_id = m.user_id and p.published)::int as published_count
  from community_members m`;
const toMember = (r: MemberRow): MemberView => ({ userId: r.user_id, name: r.name, featured: r.featured, publishedCount: r.published_count });

/**
 * A member with a public face: one who has a published prompt or whom the admin featured.
 * Anyone else (an account that never published, a deleted one) has no page: null. `anyLive`:
 * any account not deleted (what the admin's feature control answers).
 */
export async function getMember(sql: Sql, userId: number, anyLive = false): Promise<MemberView | null> {
  const [row] = await sql.query<MemberRow>(`select * from (${MEMBER} where m.user_id = $1) x where $2 or featured or published_count > 0`, [userId, anyLive]);
  return row ? toMember(row) : null;
}

/** The featured members, the most recently featured first. */
export async function featuredMembers(sql: Sql, limit: number): Promise<MemberView[]> {
  const rows = await sql.query<MemberRow>(`${MEMBER} where m.featured_at is not null order by m.featured_at desc, m.user_id limit $1`, [limit]);
  return rows.map(toMember);
}

/** A member's published prompts, newest first (cursor: the last prompt id); their best first with `best`: most points of all time. */
export async function memberPromptIds(sql: Sql, userId: number, page: PageRequest, order: 'newest' | 'best' = 'newest'): Promise<Page<number>> {
  if (order === 'best') {
    const rows = await sql.query<{ prompt_id: number }>(
      `select p.prompt_id from community_prompts p left join community_prompt_days d on d.prompt_id = p.prompt_id
       where p.owner_id = $1 and p.published group by p.prompt_id
       order by ${points(cappedUses('coalesce(sum(d.uses), 0)'), cappedHelpful('coalesce(sum(d.helpful), 0)'))} desc, p.prompt_id
       limit $2`,
      [userId, page.limit],
    );
    return { items: rows.map((r) => r.prompt_id), nextCursor: null };
  }
  return newestFirst(
    sql,
    page,
    'prompt_id',
    'select prompt_id from community_prompts where owner_id = $1 and published',
    [userId],
    (r: { prompt_id: number }) => r.prompt_id,
  );
}

interface ContributionRow {
  position: number;
  prompt_id: number;
  title: string;
  kind: 'published' | 'revision';
  version: number;
  at: Date | string;
  user_id: number;
  name: string;
}

/** The newest first publications and approved revisions of prompts still published, newest first (cursor: the log position). */
export async function latestContributions(sql: Sql, page: PageRequest): Promise<Page<ContributionView>> {
  return newestFirst(
    sql,
    page,
    'c.position',
    `select c.position, c.prompt_id, p.title, c.kind, c.version, c.at, m.user_id, m.name
     from community_contributions c join community_prompts p on p.prompt_id = c.prompt_id join community_members m on m.user_id = c.owner_id
     where p.published`,
    [],
    (r: ContributionRow) => ({
      position: r.position,
      promptId: r.prompt_id,
      title: r.title,
      kind: r.kind,
      version: r.version,
      at: iso(r.at),
      author: { userId: r.user_id, name: r.name },
    }),
  );
}
