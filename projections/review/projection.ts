import type { StoredEvent } from '../../events';
import { REVIEW_LIFECYCLE_EVENTS, type Projection, type Statement } from '../types';

/**
 * A whole batch in four statements (five with discarded prompts) (the as-of replay runs on every such request): the
 * log rows, the new prompts, the private ones shared for review, then each prompt's last
 * decision in the batch. Every
 * decision overwrites status, decider and time, so the last one is what applying them one
 * by one leaves; each row's watermark (applied_tx, applied_pos) skips what it has already
 * seen, so applying an event twice changes nothing. The runner applies every batch through
 * here and `evolve` is a batch of one: one implementation, whatever the batch boundaries.
 */
function lifecycleBatch(events: readonly StoredEvent[]): Statement[] {
  const submitted = events.filter((e): e is Extract<StoredEvent, { type: 'PromptSubmitted' | 'PromptSavedPrivately' }> =>
    ['PromptSubmitted', 'PromptSavedPrivately'].includes(e.type),
  );
  // Shared private prompts and resubmitted rejected ones: both queue again from that moment.
  const shared: Extract<StoredEvent, { type: 'PromptSharedForReview' | 'PromptResubmitted' }>[] = [];
  const rejected = new Map<number, Extract<StoredEvent, { type: 'PromptReviewed' }>>();
  // `purgeAfter`: set by a deletion, cleared by anything after it; a deletion or restore keeps the last decision's who and when.
  const last = new Map<
    number,
    { status: string; by: number | null; decidedAt: Date; event: StoredEvent; purgeAfter?: string | null; keepsDecision?: boolean }
  >();
  const decided = (promptId: number, status: string, by: number | null, event: StoredEvent) =>
    last.set(promptId, { status, by, decidedAt: event.createdAt, event });
  /**
   * A deletion or restore keeps the last decision: one earlier in this batch (a pending prompt is
   * withdrawn and deleted in one transaction), else the row's. Applying the events one by one
   * leaves the same, wherever a step cuts the log.
   */
  const keepingDecision = (promptId: number, status: string, event: StoredEvent, purgeAfter?: string | null) => {
    const before = last.get(promptId);
    last.set(
      promptId,
      before
        ? { status, by: before.by, decidedAt: before.decidedAt, event, purgeAfter, keepsDecision: before.keepsDecision }
        : { status, by: null, decidedAt: event.createdAt, event, purgeAfter, keepsDecision: true },
    );
  };
  // The text each approval in the batch publishes (the last per prompt), in clear in its event.
  const published = new Map<number, Extract<StoredEvent, { type: 'PromptReviewed' }>>();
  const withdrawn: Extract<StoredEvent, { type: 'PromptWithdrawn' }>[] = [];
  // A deletion undone at once: the revision it withdrew waits again (unless withdrawn again later in the batch).
  const revived = new Map<number, number>();
  const log: {
    promptId: number;
    decision: string;
    actorId: number | null;
    byAuthor: boolean;
    event: StoredEvent;
    reason?: string | null;
    note?: string | null;
  }[] = [];
  const discarded: number[] = [];
  for (const event of events) {
    // Only a private prompt is discarded (an undone import's): it has no log rows, only its row.
    if (event.type === 'PromptDiscarded' || event.type === 'PromptPurged') discarded.push(event.data.promptId);
    if (event.type === 'PromptDeleted') keepingDecision(event.data.promptId, 'deleted', event, event.data.purgeAfter);
    if (event.type === 'PromptUndeleted') {
      keepingDecision(event.data.promptId, event.data.status, event);
      if (event.data.revision) revived.set(event.data.promptId, event.data.revision);
    }
    if (event.type === 'PromptSubmitted') {
      log.push({ promptId: event.data.promptId, decision: 'submitted', actorId: event.data.submittedBy, byAuthor: true, event });
    } else if (event.type === 'PromptSharedForReview') {
      // A private prompt enters the log (and the admin's history) only when its author shares it.
      shared.push(event);
      log.push({ promptId: event.data.promptId, decision: 'submitted', actorId: event.data.submittedBy, byAuthor: true, event });
    } else if (event.type === 'PromptResubmitted') {
      shared.push(event);
      log.push({ promptId: event.data.promptId, decision: 'submitted', actorId: event.data.resubmittedBy, byAuthor: true, event });
    } else if (event.type === 'PromptReviewed') {
      const status = event.data.isApproved ? 'approved' : 'rejected';
      decided(event.data.promptId, status, event.data.reviewedBy, event);
      if (!event.data.isApproved) rejected.set(event.data.promptId, event);
      else if (event.data.published) published.set(event.data.promptId, event);
      const { reason, note } = event.data;
      log.push({ promptId: event.data.promptId, decision: status, actorId: event.data.reviewedBy, byAuthor: false, event, reason, note });
    } else if (event.type === 'PromptWithdrawn') {
      withdrawn.push(event);
      revived.delete(event.data.promptId);
      decided(event.data.promptId, 'withdrawn', event.data.withdrawnBy, event);
      log.push({ promptId: event.data.promptId, decision: 'withdrawn', actorId: event.data.withdrawnBy, byAuthor: event.data.byAuthor, event });
    }
  }
  // Rows travel as one JSON document: nulls and booleans arrive the same on both drivers.
  const rows = (list: unknown[]) => JSON.stringify(list);
  const statements: Statement[] = [];
  if (log.length) {
    statements.push({
      text: `insert into review_log (position, prompt_id, decision, actor_id, by_author, at, reason, note)
             select position, prompt_id, decision, actor_id, by_author, at, reason, note
             from jsonb_to_recordset($1::text::jsonb)
               as x(position bigint, prompt_id int, decision text, actor_id int, by_author boolean, at timestamptz, reason text, note text)
             on conflict (position) do nothing`,
      params: [
        rows(
          log.map((l) => ({
            position: l.event.position,
            prompt_id: l.promptId,
            decision: l.decision,
            actor_id: l.actorId,
            by_author: l.byAuthor,
            at: new Date(l.event.createdAt).toISOString(),
            reason: l.reason ?? null,
            note: l.note ?? null,
          })),
        ),
      ],
    });
  }
  if (submitted.length) {
    statements.push({
      text: `insert into review_prompts (id, title, description, content, category_id, author_name, author_image,
               submitted_by, status, submitted_at, similar_to, duplicate_note, applied_tx, applied_pos)
             select id, title, description, content, category_id, author_name, author_image, submitted_by, status,
                    submitted_at, similar_to, duplicate_note, tx::xid8, pos
             from jsonb_to_recordset($1::text::jsonb)
               as x(id int, title text, description text, content text, category_id int, author_name text,
                    author_image text, submitted_by int, status text, submitted_at timestamptz, similar_to jsonb,
                    duplicate_note text, tx text, pos bigint)
             on conflict (id) do nothing`,
      params: [
        rows(
          submitted.map((e) => ({
            id: e.data.promptId,
            title: e.data.title,
            description: e.data.description,
            content: e.data.content,
            category_id: e.data.categoryId,
            author_name: e.data.authorName,
            author_image: e.data.authorImage,
            ...(e.type === 'PromptSubmitted'
              ? {
                  submitted_by: e.data.submittedBy,
                  status: 'pending',
                  submitted_at: new Date(e.data.submittedAt ?? e.createdAt).toISOString(),
                  similar_to: e.data.similarTo,
                  duplicate_note: e.data.duplicateNote,
                }
              : { submitted_by: e.data.savedBy, status: 'private', submitted_at: new Date(e.createdAt).toISOString(), similar_to: [], duplicate_note: null }),
            tx: e.txId,
            pos: e.position,
          })),
        ),
      ],
    });
  }
  if (rejected.size) {
    // What the admin rejected, as it stood (edits split runs, so the row holds it now): a resubmission is shown against it.
    statements.push({
      text: `update review_prompts r set rejection = jsonb_build_object('version', r.version, 'title', r.title, 'description', r.description,
               'content', r.content, 'categoryId', r.category_id, 'reason', x.reason, 'note', x.note, 'at', x.at)
             from jsonb_to_recordset($1::text::jsonb) as x(id int, reason text, note text, at text, tx text, pos bigint)
             where r.id = x.id and (r.applied_tx, r.applied_pos) < (x.tx::xid8, x.pos)`,
      params: [
        rows(
          [...rejected.values()].map((e) => ({
            id: e.data.promptId,
            reason: e.data.reason,
            note: e.data.note,
            at: new Date(e.createdAt).toISOString(),
            tx: e.txId,
            pos: e.position,
          })),
        ),
      ],
    });
  }
  if (published.size) {
    // Its own event may be sealed and, its author forgotten, read as nothing: the approval holds the text.
    statements.push({
      text: `update review_prompts r set title = x.title, description = x.description, content = x.content, category_id = x.category_id
             from jsonb_to_recordset($1::text::jsonb) as x(id int, title text, description text, content text, category_id int, tx text, pos bigint)
             where r.id = x.id and (r.applied_tx, r.applied_pos) < (x.tx::xid8, x.pos)`,
      params: [
        rows(
          [...published.values()].map((e) => ({
            id: e.data.promptId,
            title: e.data.published!.title,
            description: e.data.published!.description,
            content: e.data.published!.content,
            category_id: e.data.published!.categoryId,
            tx: e.txId,
            pos: e.position,
          })),
        ),
      ],
    });
  }
  if (shared.length) {
    // The queue is oldest first by when a prompt was submitted: a shared one queues from its sharing.
    statements.push({
      // A shared prompt's near-duplicates are found as it is shared; a resubmission keeps those of its submission.
      text: `update review_prompts r set status = 'pending', submitted_at = x.at, similar_to = coalesce(x.similar_to, r.similar_to),
               applied_tx = x.tx::xid8, applied_pos = x.pos
             from jsonb_to_recordset($1::text::jsonb) as x(id int, at timestamptz, similar_to jsonb, tx text, pos bigint)
             where r.id = x.id and (r.applied_tx, r.applied_pos) < (x.tx::xid8, x.pos)`,
      params: [
        rows(
          shared.map((e) => ({
            id: e.data.promptId,
            at: new Date(e.createdAt).toISOString(),
            similar_to: e.type === 'PromptSharedForReview' ? e.data.similarTo : null,
            tx: e.txId,
            pos: e.position,
          })),
        ),
      ],
    });
  }
  if (last.size) {
    statements.push({
      text: `update review_prompts r set status = x.status,
               decided_by = case when x.keeps then r.decided_by else x.by end, decided_at = case when x.keeps then r.decided_at else x.decided_at end,
               deleted_at = case when x.purge_after is null then null else x.at end, purge_after = x.purge_after,
               applied_tx = x.tx::xid8, applied_pos = x.pos
             from jsonb_to_recordset($1::text::jsonb)
               as x(id int, status text, by int, at timestamptz, decided_at timestamptz, purge_after timestamptz, keeps boolean, tx text, pos bigint)
             where r.id = x.id and (r.applied_tx, r.applied_pos) < (x.tx::xid8, x.pos)`,
      params: [
        rows(
          [...last.entries()].map(([id, v]) => ({
            id,
            status: v.status,
            by: v.by,
            purge_after: v.purgeAfter ?? null,
            keeps: v.keepsDecision ?? false,
            at: new Date(v.event.createdAt).toISOString(),
            decided_at: new Date(v.decidedAt).toISOString(),
            tx: v.event.txId,
            pos: v.event.position,
          })),
        ),
      ],
    });
  }
  if (withdrawn.length) {
    // A withdrawn prompt has nothing waiting for review: its pending revision is withdrawn with it.
    statements.push({
      text: `update review_revisions r set status = 'withdrawn', decided_at = x.at
             from jsonb_to_recordset($1::text::jsonb) as x(id int, at timestamptz, pos bigint)
             where r.prompt_id = x.id and r.status = 'pending' and r.position < x.pos`,
      params: [rows(withdrawn.map((e) => ({ id: e.data.promptId, at: new Date(e.createdAt).toISOString(), pos: e.position })))],
    });
  }
  if (revived.size) {
    statements.push({
      text: `update review_revisions r set status = 'pending', decided_at = null
             from jsonb_to_recordset($1::text::jsonb) as x(id int, version int)
             where r.prompt_id = x.id and r.version = x.version and r.status = 'withdrawn'`,
      params: [rows([...revived.entries()].map(([id, version]) => ({ id, version })))],
    });
  }
  // Last: a prompt saved and discarded (or purged) in one batch is inserted, then gone.
  if (discarded.length) statements.push({ text: 'delete from review_prompts where id = any($1::int[])', params: [discarded] });
  return statements;
}

type EditEvent = Extract<StoredEvent, { type: (typeof EDIT_EVENTS)[number] }>;
const EDIT_EVENTS = ['PromptEdited', 'PromptRevisionProposed', 'PromptRevisionReviewed', 'PromptRevisionWithdrawn'] as const;
const isEditEvent = (event: StoredEvent): event is EditEvent => (EDIT_EVENTS as readonly string[]).includes(event.type);

/**
 * Edits and revisions, one event at a time (they are rare beside the lifecycle): an applied
 * edit or an approved revision becomes the row's content and version; a revision waits in
 * review_revisions. Revision rows change only while pending, so applying an event twice changes nothing.
 */
function evolveEdit(event: EditEvent): Statement[] {
  const at = new Date(event.createdAt).toISOString();
  const watermark = `(applied_tx, applied_pos) < ($2::xid8, $3::bigint)`;
  switch (event.type) {
    case 'PromptEdited': {
      const d = event.data;
      return [
        {
          text: `update review_prompts set title = $4, description = $5, content = $6, category_id = $7, version = $8,
                   applied_tx = $2::xid8, applied_pos = $3
                 where id = $1 and ${watermark}`,
          params: [d.promptId, event.txId, event.position, d.title, d.description, d.content, d.categoryId, d.version],
        },
      ];
    }
    case 'PromptRevisionProposed': {
      const d = event.data;
      return [
        {
          text: `update review_revisions set status = 'withdrawn', decided_at = $3 where prompt_id = $1 and version < $2 and status = 'pending'`,
          params: [d.promptId, d.version, at],
        },
        {
          text: `insert into review_revisions (prompt_id, version, title, description, content, category_id, note, proposed_by,
                   proposed_at, position, status)
                 values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending') on conflict (prompt_id, version) do nothing`,
          params: [d.promptId, d.version, d.title, d.description, d.content, d.categoryId, d.note, d.proposedBy, at, event.position],
        },
      ];
    }
    case 'PromptRevisionReviewed': {
      const { promptId, version, isApproved, reason, note, published } = event.data;
      const decided: Statement = {
        text: `update review_revisions set status = $3, decided_at = $4, reason = $5, note_to_author = $6
               where prompt_id = $1 and version = $2 and status = 'pending'`,
        params: [promptId, version, isApproved ? 'approved' : 'rejected', at, reason, note],
      };
      if (!isApproved || !published) return [decided];
      return [
        {
          text: `update review_prompts set title = $5, description = $6, content = $7, category_id = $8, version = $4,
                   applied_tx = $2::xid8, applied_pos = $3
                 where id = $1 and ${watermark}`,
          params: [promptId, event.txId, event.position, version, published.title, published.description, published.content, published.categoryId],
        },
        decided,
      ];
    }
    case 'PromptRevisionWithdrawn':
      return [
        {
          text: `update review_revisions set status = 'withdrawn', decided_at = $3 where prompt_id = $1 and version = $2 and status = 'pending'`,
          params: [event.data.promptId, event.data.version, at],
        },
      ];
  }
}

/**
 * A deleted person: their prompts that are not public (and their timelines) leave the admin's
 * screens, and so do their revisions (the published ones' text is the prompt's own now);
 * their published prompts stay under an empty author name (shown as "Deleted user"), without
 * the text of a rejection they once had, which was never public.
 */
function forgetAuthor(userId: number): Statement[] {
  return [
    {
      text: `delete from review_log l using review_prompts p where p.id = l.prompt_id and p.submitted_by = $1 and p.status <> 'approved'`,
      params: [userId],
    },
    { text: `delete from review_revisions where proposed_by = $1`, params: [userId] },
    { text: `delete from review_prompts where submitted_by = $1 and status <> 'approved'`, params: [userId] },
    {
      text: `update review_prompts set author_name = '', author_image = null, duplicate_note = null, rejection = null where submitted_by = $1`,
      params: [userId],
    },
  ];
}

/** The batch in log order: runs of lifecycle events as above, edits and deletions one by one between them. */
function evolveBatch(events: readonly StoredEvent[]): Statement[] {
  const statements: Statement[] = [];
  let run: StoredEvent[] = [];
  for (const event of events) {
    const single = isEditEvent(event) ? evolveEdit(event) : event.type === 'AccountDeleted' ? forgetAuthor(event.data.userId) : null;
    if (!single) {
      run.push(event);
      continue;
    }
    statements.push(...lifecycleBatch(run), ...single);
    run = [];
  }
  return [...statements, ...lifecycleBatch(run)];
}

/**
 * The review read model: every submission with its current status (the admin's queue, an
 * author's own prompts, private ones too) and one row per decision event (the review history and each
 * prompt's timeline). It handles only the prompt lifecycle events, so replaying it
 * into a scratch schema up to a past position (the queue "as of" a time) stays cheap.
 */
export const reviewProjection: Projection = {
  name: 'review',
  // v2: private prompts (status 'private', no log row until shared) and PromptSharedForReview;
  // v3: edits (version, content) and revisions of published prompts (review_revisions);
  // v4: PromptDiscarded (an undone import's private prompt leaves); v5: AccountDeleted;
  // v6: reasons for rejections (review_log, review_revisions), the rejected content (review_prompts.rejection), PromptResubmitted;
  // near-duplicates found at submission (similar_to, duplicate_note);
  // v7: approvals carry the text they publish; a deleted author's revisions and past rejection go.
  // v8: deletion by the author (status 'deleted', deleted_at, purge_after), restore and purge.
  // v9: a deletion keeps a decision made earlier in its own batch (rows a step had cut otherwise differed).
  version: 9,
  tables: ['review_prompts', 'review_log', 'review_revisions'],
  handles: ['AccountDeleted', ...REVIEW_LIFECYCLE_EVENTS, 'PromptDeleted', 'PromptUndeleted', 'PromptPurged', ...EDIT_EVENTS],
  ddl: `
    create table review_prompts (
      id integer primary key,
      title text not null,
      description text not null,
      content text not null,
      category_id integer not null,
      author_name text not null,
      author_image text,
      submitted_by integer,
      -- private | pending | approved | rejected | withdrawn | deleted (in its author's Recently deleted)
      status text not null,
      submitted_at timestamptz not null,
      -- the last decision (review, re-review or withdraw): who and when
      decided_by integer,
      decided_at timestamptz,
      -- the version shown: the published one (a revision waits in review_revisions), or the live one
      version integer not null default 1,
      -- the last rejection in the first review: the version rejected, its content, reason and note (jsonb)
      rejection jsonb,
      -- the near-duplicates found at submission (prompt ids, most similar first) and the submitter's note about them
      similar_to jsonb not null default '[]',
      duplicate_note text,
      -- a deleted prompt: when, and from when the purge takes it
      deleted_at timestamptz,
      purge_after timestamptz,
      applied_tx xid8 not null,
      applied_pos bigint not null
    );
    create index review_prompts_pending on review_prompts (submitted_at, id) where status = 'pending';
    create index review_prompts_author on review_prompts (submitted_by, submitted_at desc);
    create table review_log (
      position bigint primary key,
      prompt_id integer not null,
      -- submitted | approved | rejected | withdrawn
      decision text not null,
      -- the submitter, the reviewer, or whoever withdrew it (null: the system)
      actor_id integer,
      by_author boolean not null default false,
      at timestamptz not null,
      -- a rejection's reason code and the admin's note to the author
      reason text,
      note text
    );
    create index review_log_prompt on review_log (prompt_id, position);
    create index review_log_decision on review_log (decision, position);
    create table review_revisions (
      prompt_id integer not null,
      version integer not null,
      title text not null,
      description text not null,
      content text not null,
      category_id integer not null,
      note text,
      proposed_by integer not null,
      proposed_at timestamptz not null,
      -- the proposal's log position: the queue's order and cursor
      position bigint not null,
      -- pending | approved | rejected | withdrawn (by its author, with its prompt, or replaced by a newer one)
      status text not null,
      decided_at timestamptz,
      -- a rejection's reason code and the admin's note to the author (note is the author's change note)
      reason text,
      note_to_author text,
      primary key (prompt_id, version)
    );
    create index review_revisions_pending on review_revisions (position) where status = 'pending';
  `,
  evolveBatch,
  evolve: (event) => evolveBatch([event]),
};
