import { idParam } from '../../events/ids';
import type { Page } from '../../events/paging';
import { route } from '../../events/route';
import { auditCsvQuery, auditQuery, type AuditEntryView } from './contracts';

const filters = { promptId: idParam.optional(), actorId: idParam.optional() };

/** The admin's audit log over HTTP. */
export const auditRoutes = {
  auditLog: route<Page<AuditEntryView>>()({
    method: 'GET',
    path: '/api/admin/audit',
    caller: 'admin',
    query: auditQuery.extend(filters),
    summary: 'Every moderation event, newest first, with actor, reason and time; filtered by action, prompt or actor (paged: limit ≤ 100).',
  }),
  auditCsv: route<string>()({
    method: 'GET',
    path: '/api/admin/audit/csv',
    caller: 'admin',
    query: auditCsvQuery.extend(filters),
    summary: 'The same entries as CSV (RFC 4180, UTF-8), newest first, at most 5,000 per download; the next page’s cursor is in the X-Next-Cursor header.',
  }),
};
