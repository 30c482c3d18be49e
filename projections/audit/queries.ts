import type { Sql } from '../../events';
import type { Page } from '../../events/paging';
import type { AuditAction, AuditEntryView } from '../../modules/audit/contracts';
import { iso, newestFirst } from '../rows';

export interface AuditFilter {
  action?: AuditAction;
  promptId?: number;
  actorId?: number;
  limit: number;
  /** The position the page before ended at. */
  cursor?: number;
}

interface AuditRow {
  position: number | string;
  at: Date;
  action: AuditAction;
  actor_id: number | null;
  prompt_id: number | null;
  subject_id: number | null;
  version: number | null;
  reason: string | null;
  note: string | null;
}

/** The entries, newest first. Names and titles are the caller's to fill in (other read models hold them). */
export async function listAudit(sql: Sql, filter: AuditFilter): Promise<Page<Omit<AuditEntryView, 'actorName' | 'promptTitle' | 'subjectName'>>> {
  return newestFirst(
    sql,
    filter,
    'position',
    `select position, at, action, actor_id, prompt_id, subject_id, version, reason, note from audit_log
     where ($1::text is null or action = $1) and ($2::int is null or prompt_id = $2) and ($3::int is null or actor_id = $3)`,
    [filter.action ?? null, filter.promptId ?? null, filter.actorId ?? null],
    (r: AuditRow) => ({
      position: Number(r.position),
      at: iso(r.at),
      action: r.action,
      actorId: r.actor_id,
      promptId: r.prompt_id,
      subjectId: r.subject_id,
      version: r.version,
      reason: r.reason,
      note: r.note,
    }),
  );
}
