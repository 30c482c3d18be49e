import { z } from 'zod';
import { pageQuery } from '../../events/paging';

/**
 * The admin's audit log: one entry per moderation event, derived from the log only
 * (projections/audit). Each action names what happened; new moderation events (reports, hides,
 * featured members) add an action here and a line to the projection's table of entries.
 */
export const AUDIT_ACTIONS = [
  'prompt-approved',
  'prompt-rejected',
  'prompt-resubmitted',
  'prompt-withdrawn-by-author',
  'prompt-withdrawn-by-admin',
  'revision-proposed',
  'revision-approved',
  'revision-rejected',
  'revision-withdrawn',
  'report-filed',
  'report-hidden',
  'report-withdrawn',
  'report-dismissed',
  'comment-hidden',
  'member-featured',
  'member-unfeatured',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One entry as the admin reads it. `actorName` and `promptTitle` are read as they are now. */
export interface AuditEntryView {
  /** The event's log position: the entry's id and the paging cursor. */
  position: number;
  at: string;
  action: AuditAction;
  /** Who acted (null: the system, or an account deleted since). */
  actorId: number | null;
  actorName: string | null;
  promptId: number | null;
  promptTitle: string | null;
  /** The member an entry is about (featured members), and their name now. */
  subjectId: number | null;
  subjectName: string | null;
  /** The version a revision entry is about. */
  version: number | null;
  /** A rejection's reason code and the admin's note. */
  reason: string | null;
  note: string | null;
}

/** GET /api/admin/audit?action=&promptId=&actorId=&limit=&cursor=: newest first (the route adds the ids, canonical: events/route.ts). */
export const auditQuery = pageQuery.extend({
  action: z.enum(AUDIT_ACTIONS).optional(),
});

/** One CSV download holds at most this many entries; the next page's cursor comes in `X-Next-Cursor`. */
export const AUDIT_CSV_MAX = 5000;
export const auditCsvQuery = auditQuery.extend({
  limit: z.coerce.number().int().min(1).max(AUDIT_CSV_MAX).default(AUDIT_CSV_MAX),
});

export const AUDIT_CSV_COLUMNS = [
  'position',
  'time',
  'action',
  'actor_id',
  'actor',
  'prompt_id',
  'prompt',
  'member_id',
  'member',
  'version',
  'reason',
  'note',
] as const;
