import type { StoredEvent } from '../../events';
import type { Projection, Statement } from '../types';

/** Each row remembers the last event applied to it, so applying an event twice changes nothing. */
const AFTER = '(applied_tx, applied_pos) < ($2::xid8, $3::bigint)';

/**
 * The review read model: every submission with its current status (the admin's queue, an
 * author's own submissions) and one row per decision event (the review history and each
 * prompt's timeline). It handles only the three prompt lifecycle events, so replaying it
 * into a scratch schema up to a past position (the queue "as of" a time) stays cheap.
 */
export const reviewProjection: Projection = {
  name: 'review',
  version: 1,
  tables: ['review_prompts', 'review_log'],
  handles: ['PromptSubmitted', 'PromptReviewed', 'PromptWithdrawn'],
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
      -- pending | approved | rejected | withdrawn
      status text not null,
      submitted_at timestamptz not null,
      -- the last decision (review, re-review or withdraw): who and when
      decided_by integer,
      decided_at timestamptz,
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
      at timestamptz not null
    );
    create index review_log_prompt on review_log (prompt_id, position);
    create index review_log_decision on review_log (decision, position);
  `,
  evolve(event: StoredEvent): Statement[] {
    const at = [event.txId, event.position];
    const log = (promptId: number, decision: string, actorId: number | null, byAuthor = false): Statement => ({
      text: `insert into review_log (position, prompt_id, decision, actor_id, by_author, at)
             values ($1, $2, $3, $4, $5, $6) on conflict (position) do nothing`,
      params: [event.position, promptId, decision, actorId, byAuthor, event.createdAt],
    });
    switch (event.type) {
      case 'PromptSubmitted': {
        const d = event.data;
        return [
          {
            text: `insert into review_prompts (id, title, description, content, category_id, author_name, author_image,
                     submitted_by, status, submitted_at, applied_tx, applied_pos)
                   values ($1, $4, $5, $6, $7, $8, $9, $10, 'pending', $11, $2::xid8, $3)
                   on conflict (id) do nothing`,
            params: [d.promptId, ...at, d.title, d.description, d.content, d.categoryId, d.authorName, d.authorImage, d.submittedBy, d.submittedAt ?? event.createdAt],
          },
          log(d.promptId, 'submitted', d.submittedBy, true),
        ];
      }
      case 'PromptReviewed': {
        const { promptId, isApproved, reviewedBy } = event.data;
        const decision = isApproved ? 'approved' : 'rejected';
        return [
          {
            text: `update review_prompts set status = $4, decided_by = $5, decided_at = $6, applied_tx = $2::xid8, applied_pos = $3
                   where id = $1 and ${AFTER}`,
            params: [promptId, ...at, decision, reviewedBy, event.createdAt],
          },
          log(promptId, decision, reviewedBy),
        ];
      }
      case 'PromptWithdrawn': {
        const { promptId, withdrawnBy, byAuthor } = event.data;
        return [
          {
            text: `update review_prompts set status = 'withdrawn', decided_by = $4, decided_at = $5, applied_tx = $2::xid8, applied_pos = $3
                   where id = $1 and ${AFTER}`,
            params: [promptId, ...at, withdrawnBy, event.createdAt],
          },
          log(promptId, 'withdrawn', withdrawnBy, byAuthor),
        ];
      }
      default:
        return [];
    }
  },
};
