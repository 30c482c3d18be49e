import type { Sql } from '../../events';
import { PAGE_MAX, pageOf, type Page, type PageRequest } from '../../events/paging';
import {
  type PendingRevision,
  type PromptStatusName,
  type RejectedVersion,
  type RejectReason,
  type VersionContent,
  type ReviewDecision,
  type ReviewEntryView,
  type ReviewPromptView,
  type ReviewStatusName,
  type RevisionView,
  type DeletedPromptView,
  type SubmissionView,
  type TimelineEntry,
} from '../../modules/prompts/contracts';
import { iso, toPromptContent, type PromptContentRow } from '../rows';

interface ReviewRow extends PromptContentRow {
  submitted_by: number | null;
  status: PromptStatusName;
  submitted_at: Date;
  decided_by: number | null;
  decided_at: Date | null;
  version: number;
  rejection: (VersionContent & { version: number; reason: string | null; note: string | null }) | null;
  duplicate_note: string | null;
  /** Only the queue resolves the ids found at submission into titles. */
  similar?: { id: number; title: string; status: PromptStatusName }[];
}

interface RevisionRow {
  prompt_id: number;
  version: number;
  title: string;
  description: string;
  content: string;
  category_id: number;
  note: string | null;
  proposed_by: number;
  proposed_at: Date;
  position: number | string;
  status: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  decided_at: Date | null;
  reason: string | null;
  note_to_author: string | null;
}

const REVISION_COLUMNS =
  'prompt_id, version, title, description, content, category_id, note, proposed_by, proposed_at, position, status, decided_at, reason, note_to_author';

/** A stored reason code as the views type it (the log keeps what was decided). */
const asReason = (reason: string | null) => reason as RejectReason | null;

/** A rejected version as the review screens see it. */
function toRejected(r: {
  version: number;
  title: string;
  description: string;
  content: string;
  categoryId: number;
  reason: string | null;
  note: string | null;
}) {
  const { version, title, description, content, categoryId, note } = r;
  return { version, title, description, content, categoryId, reason: asReason(r.reason), note } satisfies RejectedVersion;
}

function toPendingRevision(r: RevisionRow): PendingRevision {
  return {
    version: r.version,
    title: r.title,
    description: r.description,
    content: r.content,
    categoryId: r.category_id,
    note: r.note,
    at: iso(r.proposed_at),
  };
}

/** Each prompt's latest revision (pending, or how the last one ended). */
async function latestRevisions(sql: Sql, promptIds: number[]): Promise<Map<number, RevisionRow>> {
  const rows = await sql.query<RevisionRow>(
    `select distinct on (prompt_id) ${REVISION_COLUMNS} from review_revisions where prompt_id = any($1::int[]) order by prompt_id, version desc`,
    [promptIds],
  );
  return new Map(rows.map((r) => [r.prompt_id, r]));
}

/** The revisions of published prompts awaiting review, oldest first, each with the version it would replace. */
export async function listPendingRevisions(sql: Sql, page: PageRequest = { limit: PAGE_MAX }): Promise<Page<RevisionView>> {
  const found = await sql.query<
    RevisionRow & {
      author_name: string;
      published: Omit<PromptContentRow, 'id' | 'author_name' | 'author_image'> & { version: number };
      before:
        | (Omit<PromptContentRow, 'id' | 'author_name' | 'author_image'> & { version: number; status: string; reason: string | null; note: string | null })
        | null;
    }
  >(
    `select r.*, p.author_name,
       json_build_object('title', p.title, 'description', p.description, 'content', p.content, 'category_id', p.category_id, 'version', p.version) as published,
       (select json_build_object('title', b.title, 'description', b.description, 'content', b.content, 'category_id', b.category_id,
                 'version', b.version, 'status', b.status, 'reason', b.reason, 'note', b.note_to_author)
        from review_revisions b where b.prompt_id = r.prompt_id and b.version < r.version order by b.version desc limit 1) as before
     from review_revisions r join review_prompts p on p.id = r.prompt_id
     where r.status = 'pending' and ($1::bigint is null or r.position > $1)
     order by r.position limit $2`,
    [page.cursor ?? null, page.limit + 1],
  );
  return pageOf(
    found,
    page.limit,
    (r) => Number(r.position),
    (r) => ({
      promptId: r.prompt_id,
      ...toPendingRevision(r),
      authorName: r.author_name,
      proposedBy: r.proposed_by,
      published: {
        version: r.published.version,
        title: r.published.title,
        description: r.published.description,
        content: r.published.content,
        categoryId: r.published.category_id,
      },
      previousRejection: r.before?.status === 'rejected' ? toRejected({ ...r.before, categoryId: r.before.category_id }) : null,
    }),
  );
}

function toView(row: ReviewRow): ReviewPromptView {
  return {
    ...toPromptContent(row),
    submittedBy: row.submitted_by,
    status: row.status,
    createdAt: iso(row.submitted_at),
    decidedBy: row.decided_by,
    decidedAt: row.decided_at ? iso(row.decided_at) : null,
    lastRejection: row.rejection ? toRejected(row.rejection) : null,
    version: row.version,
    similarTo: row.similar ?? [],
    duplicateNote: row.duplicate_note,
  };
}

const COLUMNS = `id, title, description, content, category_id, author_name, author_image, submitted_by, status,
  submitted_at, decided_by, decided_at, version, rejection, duplicate_note`;

/** The near-duplicates found at submission, with their titles as they stand now (a prompt gone since drops out). */
const SIMILAR = `(select coalesce(json_agg(json_build_object('id', s.id, 'title', s.title, 'status', s.status) order by e.ord), '[]')
    from jsonb_array_elements_text(review_prompts.similar_to) with ordinality as e(v, ord) join review_prompts s on s.id = e.v::int) as similar`;

/**
 * The review queue, oldest first. Unqualified table names: on a scratch replay the caller's
 * search_path points them at the replayed copy.
 */
export async function listPendingReviews(sql: Sql, page: PageRequest = { limit: PAGE_MAX }): Promise<Page<ReviewPromptView>> {
  // Keyset paging: after the cursor's row in (submitted_at, id) order, wherever it now stands.
  const rows = await sql.query<ReviewRow>(
    `select ${COLUMNS}, ${SIMILAR} from review_prompts
     where status = 'pending' and ($1::bigint is null or (submitted_at, id) > (select submitted_at, id from review_prompts where id = $1::bigint))
     order by submitted_at, id limit $2`,
    [page.cursor ?? null, page.limit + 1],
  );
  return pageOf(rows, page.limit, (r) => r.id, toView);
}

/**
 * How many of `userId`'s prompts wait for review, counted up to `cap` (the submit decision's
 * limit needs no more): a bounded read through the author index, whatever the user's history.
 */
export async function countPendingBy(sql: Sql, userId: number, cap = 1000): Promise<number> {
  const [row] = await sql.query<{ n: number | string }>(
    `select count(*) as n from (select 1 from review_prompts where submitted_by = $1 and status = 'pending' limit $2) pending`,
    [userId, cap],
  );
  return Number(row.n);
}

/** Why a rejected prompt was rejected (reason and note), for its author's page; null unless it stands rejected. */
export async function getStandingRejection(sql: Sql, promptId: number): Promise<RejectedVersion | null> {
  const [row] = await sql.query<Pick<ReviewRow, 'rejection'>>(`select rejection from review_prompts where id = $1 and status = 'rejected'`, [promptId]);
  return row?.rejection ? toRejected(row.rejection) : null;
}

/**
 * The prompts `userId` submitted, newest first, each with its timeline; `ids`: only those (what
 * the search engine found among them: src/server/my-prompts.ts).
 */
export async function listSubmissions(
  sql: Sql,
  userId: number,
  page: PageRequest & { ids?: readonly number[] } = { limit: PAGE_MAX },
): Promise<Page<SubmissionView>> {
  const found = await sql.query<ReviewRow>(
    `select ${COLUMNS} from review_prompts
     where submitted_by = $1 and status <> 'deleted' and ($2::bigint is null or (submitted_at, id) < (select submitted_at, id from review_prompts where id = $2::bigint))
       and ($4::int[] is null or id = any($4::int[]))
     order by submitted_at desc, id desc limit $3`,
    [userId, page.cursor ?? null, page.limit + 1, page.ids ? [...page.ids] : null],
  );
  const { items: rows, nextCursor } = pageOf(found, page.limit, (r) => r.id);
  if (rows.length === 0) return { items: [], nextCursor };
  const steps = await sql.query<{ prompt_id: number; decision: ReviewDecision; by_author: boolean; at: Date }>(
    `select prompt_id, decision, by_author, at from review_log where prompt_id = any($1::int[]) order by position`,
    [rows.map((r) => r.id)],
  );
  const timelines = new Map<number, TimelineEntry[]>();
  for (const s of steps) {
    const list = timelines.get(s.prompt_id) ?? [];
    list.push({ decision: s.decision, at: iso(s.at), byAuthor: s.by_author });
    timelines.set(s.prompt_id, list);
  }
  const revisions = await latestRevisions(
    sql,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((row) => {
      const revision = revisions.get(row.id);
      return {
        ...toView(row),
        timeline: timelines.get(row.id) ?? [],
        version: row.version,
        pendingRevision: revision?.status === 'pending' ? toPendingRevision(revision) : null,
        lastRevisionRejected:
          revision?.status === 'rejected'
            ? { version: revision.version, at: iso(revision.decided_at!), reason: asReason(revision.reason), note: revision.note_to_author }
            : null,
      };
    }),
    nextCursor,
  };
}

export interface HistoryFilter {
  promptId?: number;
  decision?: ReviewDecision;
  limit?: number;
  /** The log position the page before ended at. */
  cursor?: number;
}

/**
 * Every submission and decision, newest first (oldest first for one prompt: its timeline).
 * Actor names are the caller's to fill in (they live in the accounts read model).
 */
export async function listReviewHistory(sql: Sql, filter: HistoryFilter = {}): Promise<Page<Omit<ReviewEntryView, 'actorName'>>> {
  const ascending = filter.promptId !== undefined;
  const limit = filter.limit ?? PAGE_MAX;
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.promptId !== undefined) {
    params.push(filter.promptId);
    where.push(`l.prompt_id = $${params.length}`);
  }
  if (filter.decision) {
    params.push(filter.decision);
    where.push(`l.decision = $${params.length}`);
  }
  if (filter.cursor !== undefined) {
    params.push(filter.cursor);
    where.push(`l.position ${ascending ? '>' : '<'} $${params.length}`);
  }
  params.push(limit + 1);
  const rows = await sql.query<{
    position: number;
    prompt_id: number;
    title: string;
    author_name: string;
    decision: ReviewDecision;
    actor_id: number | null;
    by_author: boolean;
    at: Date;
  }>(
    `select l.position, l.prompt_id, p.title, p.author_name, l.decision, l.actor_id, l.by_author, l.at
     from review_log l join review_prompts p on p.id = l.prompt_id
     ${where.length ? `where ${where.join(' and ')}` : ''}
     order by l.position ${ascending ? 'asc' : 'desc'}
     limit $${params.length}`,
    params,
  );
  return pageOf(
    rows,
    limit,
    (r) => r.position,
    (r) => ({
      position: r.position,
      promptId: r.prompt_id,
      title: r.title,
      authorName: r.author_name,
      decision: r.decision,
      actorId: r.actor_id,
      byAuthor: r.by_author,
      at: iso(r.at),
    }),
  );
}

/** How many prompts stand in each status; private ones are nobody's business but their authors'. */
export async function countByStatus(sql: Sql): Promise<Record<ReviewStatusName, number>> {
  const rows = await sql.query<{ status: ReviewStatusName; n: number }>(
    `select status, count(*)::int as n from review_prompts where status not in ('private', 'deleted') group by status`,
  );
  const counts: Record<ReviewStatusName, number> = { pending: 0, approved: 0, rejected: 0, withdrawn: 0 };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

/** `userId`'s Recently deleted: the prompts they deleted and may still restore, most recently deleted first (paged by id). */
export async function listDeleted(sql: Sql, userId: number, page: PageRequest = { limit: PAGE_MAX }): Promise<Page<DeletedPromptView>> {
  const found = await sql.query<{ id: number; title: string; description: string; deleted_at: Date; purge_after: Date }>(
    `select id, title, description, deleted_at, purge_after from review_prompts
     where submitted_by = $1 and status = 'deleted'
       and ($2::bigint is null or (deleted_at, id) < (select deleted_at, id from review_prompts where id = $2::bigint))
     order by deleted_at desc, id desc limit $3`,
    [userId, page.cursor ?? null, page.limit + 1],
  );
  const { items, nextCursor } = pageOf(found, page.limit, (r) => r.id);
  return {
    items: items.map((r) => ({ id: r.id, title: r.title, description: r.description, deletedAt: iso(r.deleted_at), purgeAfter: iso(r.purge_after) })),
    nextCursor,
  };
}

/** Deleted prompts whose restore window ran out by `now`, oldest first: what the purge takes next. */
export async function listDueForPurge(sql: Sql, now: Date, limit = 100): Promise<number[]> {
  const rows = await sql.query<{ id: number }>(
    `select id from review_prompts where status = 'deleted' and purge_after <= $1 order by purge_after, id limit $2`,
    [now.toISOString(), limit],
  );
  return rows.map((r) => r.id);
}
