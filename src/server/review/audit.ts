import type { Sql } from '../../../events';
import type { Page } from '../../../events/paging';
import type { AuditEntryView } from '../../../modules/audit';
import { userNames } from '../../../projections/accounts/queries';
import { listAudit, type AuditFilter } from '../../../projections/audit/queries';
import { promptTitles } from '../../../projections/catalog/queries';

/** A page of the audit log with who acted and on which prompt, by name: the list and its CSV read the same. */
export async function auditPage(db: Sql, filter: AuditFilter, adminId: number): Promise<Page<AuditEntryView>> {
  const { items, nextCursor } = await listAudit(db, filter);
  const names = await userNames(
    db,
    items.flatMap((e) => [e.actorId, e.subjectId].filter((id): id is number => id !== null)),
  );
  const titles = await promptTitles(
    db,
    items.flatMap((e) => (e.promptId === null ? [] : [e.promptId])),
    adminId,
  );
  return {
    items: items.map((e) => ({
      ...e,
      actorName: e.actorId === null ? null : (names.get(e.actorId) ?? null),
      promptTitle: e.promptId === null ? null : (titles.get(e.promptId) ?? null),
      subjectName: e.subjectId === null ? null : (names.get(e.subjectId) ?? null),
    })),
    nextCursor,
  };
}
