import type { StoredEvent } from '../../events';
import { features, signature } from '../../modules/prompts/contracts';
import { REVIEW_LIFECYCLE_EVENTS, type Projection, type Statement } from '../types';

/** A signature as PostgreSQL int4[] (the hash values are unsigned 32-bit: stored as their signed twins). */
const sigOf = (d: { title: string; content: string }) => Array.from(signature(features(d.title, d.content)), (v) => v | 0);

/** Each row remembers the last event applied to it: applying an event twice changes nothing. */
const AFTER = '(applied_tx, applied_pos) < ($2::xid8, $3::bigint)';

/**
 * What the duplicate check compares: every prompt's MinHash signature of the version
 * the public sees (a pending prompt's live one), its status, and its author. Only published and
 * pending prompts are matched; the others stay so that sharing, resubmitting or approving brings
 * them back. Nothing is deleted: a prompt that goes (a discarded import, a deleted account's
 * unpublished prompt) becomes 'gone', so the web processes' in-memory indexes
 * (src/server/review/duplicates.ts) learn of every change by reading the rows past their watermark.
 */
function evolve(event: StoredEvent): Statement[] {
  const at = [event.txId, event.position] as const;
  const status = (id: number, to: string, where = 'true'): Statement => ({
    text: `update duplicate_candidates set status = $4, applied_tx = $2::xid8, applied_pos = $3 where prompt_id = $1 and ${AFTER} and ${where}`,
    params: [id, ...at, to],
  });
  const signed = (id: number, sig: number[], to?: string): Statement => ({
    text: `update duplicate_candidates set signature = $4::int[], status = coalesce($5, status), applied_tx = $2::xid8, applied_pos = $3
           where prompt_id = $1 and ${AFTER}`,
    params: [id, ...at, sig, to ?? null],
  });
  switch (event.type) {
    case 'PromptSubmitted':
    case 'PromptSavedPrivately': {
      const d = event.data;
      const by = event.type === 'PromptSubmitted' ? event.data.submittedBy : event.data.savedBy;
      return [
        {
          text: `insert into duplicate_candidates (prompt_id, status, submitted_by, signature, applied_tx, applied_pos)
                 values ($1, $4, $5, $6::int[], $2::xid8, $3) on conflict (prompt_id) do nothing`,
          params: [d.promptId, ...at, event.type === 'PromptSubmitted' ? 'pending' : 'private', by, sigOf(d)],
        },
      ];
    }
    case 'PromptSharedForReview':
    case 'PromptResubmitted':
      return [status(event.data.promptId, 'pending')];
    case 'PromptReviewed':
      // An approval holds the text it publishes: the version's own event may be sealed and, its author forgotten, read as nothing.
      if (event.data.isApproved && event.data.published) return [signed(event.data.promptId, sigOf(event.data.published), 'published')];
      return [status(event.data.promptId, event.data.isApproved ? 'published' : 'rejected')];
    case 'PromptWithdrawn':
      return [status(event.data.promptId, 'withdrawn')];
    case 'PromptUndeleted':
      // Its deletion undone at once: published or pending again, so compared again (restored later, it stays withdrawn).
      if (event.data.status === 'approved') return [status(event.data.promptId, 'published')];
      if (event.data.status === 'pending') return [status(event.data.promptId, 'pending')];
      return [];
    case 'PromptDiscarded':
    case 'PromptPurged':
      return [status(event.data.promptId, 'gone')];
    case 'PromptEdited':
      return [signed(event.data.promptId, sigOf(event.data))];
    case 'PromptRevisionProposed':
      // The public keeps the published version: the revision's signature waits beside it.
      return [
        {
          text: `update duplicate_candidates set revision = $4, revision_signature = $5::int[] where prompt_id = $1 and ${AFTER}`,
          params: [event.data.promptId, ...at, event.data.version, sigOf(event.data)],
        },
      ];
    case 'PromptRevisionReviewed':
      if (!event.data.isApproved) return [];
      if (event.data.published) return [signed(event.data.promptId, sigOf(event.data.published))];
      return [
        {
          text: `update duplicate_candidates set signature = revision_signature, applied_tx = $2::xid8, applied_pos = $3
                 where prompt_id = $1 and revision = $4 and ${AFTER}`,
          params: [event.data.promptId, ...at, event.data.version],
        },
      ];
    case 'AccountDeleted':
      // Their unpublished prompts go, with the signatures of text never published; the published ones stay, no longer linked to them.
      return [
        {
          text: `update duplicate_candidates set status = case when status = 'published' then status else 'gone' end, submitted_by = null,
                   signature = case when status = 'published' then signature else '{}' end, revision = null, revision_signature = null,
                   applied_tx = $2::xid8, applied_pos = $3
                 where submitted_by = $1 and ${AFTER}`,
          params: [event.data.userId, ...at],
        },
      ];
    default:
      return [];
  }
}

export const duplicatesProjection: Projection = {
  name: 'duplicates',
  // v2: approvals carry the text they publish; a deleted author's unpublished signatures go.
  // v3: an undone deletion brings a pending or published prompt back to the matched set.
  // v4: no statistics for the signatures.
  version: 4,
  tables: ['duplicate_candidates'],
  handles: [
    ...REVIEW_LIFECYCLE_EVENTS,
    'PromptPurged',
    'PromptUndeleted',
    'PromptEdited',
    'PromptRevisionProposed',
    'PromptRevisionReviewed',
    'AccountDeleted',
  ],
  ddl: `
    create table duplicate_candidates (
      prompt_id integer primary key,
      -- private | pending | published | rejected | withdrawn | gone: only pending and published are matched
      status text not null,
      submitted_by integer,
      -- MinHash of the shown version's title and content (modules/prompts/similarity.ts)
      signature integer[] not null,
      -- a published prompt's revision waiting for review, and its signature
      revision integer,
      revision_signature integer[],
      applied_tx xid8 not null,
      applied_pos bigint not null
    );
    -- The web processes read the rows changed since they last looked, in the order they changed.
    create index duplicate_candidates_changed on duplicate_candidates (applied_tx, applied_pos);
    -- The signatures are compared in the web processes, never in a plan: their statistics (the
    -- longest of any column to gather) would only hold PGlite's one connection.
    alter table duplicate_candidates alter column signature set statistics 0, alter column revision_signature set statistics 0;
  `,
  evolve,
};
