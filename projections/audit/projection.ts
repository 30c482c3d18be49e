import type { EventData, EventType, StoredEvent } from '../../events';
import type { AuditAction } from '../../modules/audit/contracts';
import type { Projection, Statement } from '../types';

/** What an entry records of its event (the position and time come from the event itself). */
interface AuditEntry {
  action: AuditAction;
  actorId: number | null;
  promptId?: number;
  /** The member it is about (a featured member). */
  subjectId?: number;
  /** A report's id: its resolution finds the prompt through the report's filing. */
  reportId?: number;
  version?: number;
  reason?: string | null;
  note?: string | null;
}

type EntryOf<T extends EventType> = (data: EventData<T>) => AuditEntry;

/** A review's entry, of a prompt or of a revision: who decided which way, with the reason and note. */
function decision(d: EventData<'PromptReviewed' | 'PromptRevisionReviewed'>, approved: AuditAction, rejected: AuditAction): AuditEntry {
  return { action: d.isApproved ? approved : rejected, actorId: d.reviewedBy, promptId: d.promptId, reason: d.reason, note: d.note };
}

/**
 * Which events are moderation events, and the entry each makes: the one table to extend when a
 * new one arrives (a report, a hidden comment, a featured member: one line each, and its
 * action in modules/audit/contracts.ts).
 */
const ENTRIES: { [T in EventType]?: EntryOf<T> } = {
  PromptReviewed: (d) => decision(d, 'prompt-approved', 'prompt-rejected'),
  PromptResubmitted: (d) => ({ action: 'prompt-resubmitted', actorId: d.resubmittedBy, promptId: d.promptId, version: d.version }),
  PromptWithdrawn: (d) => ({ action: d.byAuthor ? 'prompt-withdrawn-by-author' : 'prompt-withdrawn-by-admin', actorId: d.withdrawnBy, promptId: d.promptId }),
  PromptRevisionProposed: (d) => ({ action: 'revision-proposed', actorId: d.proposedBy, promptId: d.promptId, version: d.version }),
  PromptRevisionReviewed: (d) => ({ ...decision(d, 'revision-approved', 'revision-rejected'), version: d.version }),
  PromptRevisionWithdrawn: (d) => ({ action: 'revision-withdrawn', actorId: d.withdrawnBy, promptId: d.promptId, version: d.version }),
  ReportFiled: (d) => ({ action: 'report-filed', actorId: d.reporterId, promptId: d.promptId, reportId: d.reportId, reason: d.reason, note: d.note }),
  ReportResolved: (d) => ({ action: `report-${d.outcome}`, actorId: d.resolvedBy, reportId: d.reportId, note: d.reason }),
  CommentHidden: (d) => ({ action: 'comment-hidden', actorId: d.hiddenBy, promptId: d.promptId, reportId: d.reportId ?? undefined, note: d.reason }),
  MemberFeatured: (d) => ({ action: 'member-featured', actorId: d.featuredBy, subjectId: d.userId }),
  MemberUnfeatured: (d) => ({ action: 'member-unfeatured', actorId: d.unfeaturedBy, subjectId: d.userId }),
};

/** The entry of a moderation event (null for any other). */
export function auditEntryOf(event: StoredEvent): AuditEntry | null {
  const entryOf = ENTRIES[event.type] as EntryOf<typeof event.type> | undefined;
  return entryOf ? entryOf(event.data as never) : null;
}

/** All of a batch's entries in one statement; the position is the key, so applying one twice adds nothing. */
function evolveBatch(events: readonly StoredEvent[]): Statement[] {
  const statements: Statement[] = [];
  let rows: unknown[] = [];
  const flush = () => {
    if (rows.length === 0) return;
    statements.push({
      // A resolution names no prompt: it is its report's, from the filing (an earlier statement, as batches flush before one).
      text: `insert into audit_log (position, at, action, actor_id, prompt_id, subject_id, report_id, version, reason, note)
             select position, at, action, actor_id,
                    coalesce(prompt_id, (select f.prompt_id from audit_log f where f.report_id = x.report_id and f.action = 'report-filed')),
                    subject_id, report_id, version, reason, note
             from jsonb_to_recordset($1::text::jsonb)
               as x(position bigint, at timestamptz, action text, actor_id int, prompt_id int, subject_id int, report_id int, version int,
                    reason text, note text)
             on conflict (position) do nothing`,
      params: [JSON.stringify(rows)],
    });
    rows = [];
  };
  for (const event of events) {
    if (event.type === 'AccountDeleted') {
      // What happened stays, without naming them; the notes they wrote go (as their sealed fields do in the log).
      flush();
      statements.push(
        { text: 'update audit_log set actor_id = null, note = null where actor_id = $1', params: [event.data.userId] },
        { text: 'update audit_log set subject_id = null where subject_id = $1', params: [event.data.userId] },
      );
      continue;
    }
    const entry = auditEntryOf(event);
    if (!entry) continue;
    if (event.type === 'ReportResolved') flush();
    rows.push({
      position: event.position,
      at: new Date(event.createdAt).toISOString(),
      action: entry.action,
      actor_id: entry.actorId,
      prompt_id: entry.promptId ?? null,
      subject_id: entry.subjectId ?? null,
      report_id: entry.reportId ?? null,
      version: entry.version ?? null,
      reason: entry.reason ?? null,
      note: entry.note ?? null,
    });
  }
  flush();
  return statements;
}

/**
 * The audit log: one row per moderation event, kept by nothing but the log, so a
 * rebuild gives the same table (tests/integration/replay-all.test.ts).
 */
export const auditProjection: Projection = {
  name: 'audit',
  version: 1,
  tables: ['audit_log'],
  handles: [...(Object.keys(ENTRIES) as EventType[]), 'AccountDeleted'],
  ddl: `
    create table audit_log (
      position bigint primary key,
      at timestamptz not null,
      action text not null,
      actor_id integer,
      prompt_id integer,
      -- the member an entry is about (featured members)
      subject_id integer,
      report_id integer,
      version integer,
      reason text,
      note text
    );
    create index audit_log_action on audit_log (action, position);
    create index audit_log_prompt on audit_log (prompt_id, position);
    create index audit_log_actor on audit_log (actor_id, position);
    create index audit_log_report on audit_log (report_id) where action = 'report-filed';
  `,
  evolveBatch,
  evolve: (event) => evolveBatch([event]),
};
