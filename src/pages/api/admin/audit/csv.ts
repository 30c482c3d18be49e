import { AUDIT_CSV_COLUMNS } from '../../../../../modules/audit';
import { auditRoutes } from '../../../../../modules/audit/routes';
import { writeCsv } from '../../../../../modules/portability';
import { auditPage } from '../../../../server/review/audit';
import { serve } from '../../../../server/route';

/** A download, never stored: the next page's cursor (when there is one) in X-Next-Cursor. */
export const GET = serve(auditRoutes.auditCsv, async ({ query, app, user }) => {
  const { items, nextCursor } = await auditPage(app.db, query, user.id);
  const rows = items.map((e) =>
    [
      e.position,
      e.at,
      e.action,
      e.actorId ?? '',
      e.actorName ?? '',
      e.promptId ?? '',
      e.promptTitle ?? '',
      e.subjectId ?? '',
      e.subjectName ?? '',
      e.version ?? '',
      e.reason ?? '',
      e.note ?? '',
    ].map(String),
  );
  const headers: Record<string, string> = {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="promptory-audit-${new Date().toISOString().slice(0, 10)}.csv"`,
    'cache-control': 'no-store',
  };
  if (nextCursor !== null) headers['x-next-cursor'] = String(nextCursor);
  return new Response(writeCsv(AUDIT_CSV_COLUMNS, rows), { headers });
});
