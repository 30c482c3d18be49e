import { useCallback, useId } from 'react';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntryView } from '../../../modules/audit/contracts';
import { api } from '../../client/http';
import { useAdminList } from '../../client/admin-list';
import { useT, withStrings } from '../../client/strings';
import { hrefFor } from '../../shared/api-client';
import * as routes from '../../shared/api-routes.generated';
import type { ScopeOf } from '../../shared/string-specs';
import { Button, buttonClass } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { Icon } from '../../ui/Icon';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { LoadMore } from '../../ui/LoadMore';
import { Select } from '../../ui/Select';
import { StatusBadge, type ReviewProps } from '../shared/review-parts';
import { formatTime } from '../../shared/format';

/** The filters, as the page read them from its URL (?action=&promptId=&actorId=). */
export interface AuditFilter {
  action?: AuditAction;
  promptId?: number;
  actorId?: number;
}

/**
 * /admin, Audit Log: every moderation event from the log, newest first, with who,
 * why and when; filtered by action, prompt or actor. The filter is a GET form (the URL holds
 * it, so it works before hydration and survives a reload), and Download CSV is a plain link
 * to the same entries as a file.
 */
export default withStrings(AuditLog);

function AuditLog({ strings: { lng }, filter }: ReviewProps & { filter: AuditFilter }) {
  const t = useT<ScopeOf<'review'>>();
  const ids = useId();
  const fetchPage = useCallback((cursor?: number) => api(routes.auditLog, { query: { ...filter, cursor } }), [filter]);
  const { items, more } = useAdminList<AuditEntryView>(fetchPage);
  const tone = (action: AuditAction) =>
    action.endsWith('approved') ? 'approved' : action.endsWith('rejected') ? 'rejected' : action.includes('withdrawn') ? 'withdrawn' : 'pending';

  return (
    <section aria-labelledby={`${ids}-title`} data-testid="audit-log">
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        {t('audit.title')}
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">{t('audit.text')}</p>
      <form method="get" action="/admin" className="card mb-4 flex flex-col gap-3 p-4 md:flex-row md:flex-wrap md:items-end" data-testid="audit-filter">
        <input type="hidden" name="tab" value="audit" />
        <div className="space-y-1.5 md:w-56">
          <Label htmlFor={`${ids}-action`}>{t('audit.action')}</Label>
          <Select id={`${ids}-action`} name="action" defaultValue={filter.action ?? ''} data-testid="audit-action">
            <option value="">{t('audit.anyAction')}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`audit.actions.${a}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5 md:w-32">
          <Label htmlFor={`${ids}-prompt`}>{t('audit.prompt')}</Label>
          <Input id={`${ids}-prompt`} name="promptId" inputMode="numeric" pattern="[0-9]*" defaultValue={filter.promptId ?? ''} />
        </div>
        <div className="space-y-1.5 md:w-32">
          <Label htmlFor={`${ids}-actor`}>{t('audit.actor')}</Label>
          <Input id={`${ids}-actor`} name="actorId" inputMode="numeric" pattern="[0-9]*" defaultValue={filter.actorId ?? ''} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" data-testid="audit-apply">
            <Icon name="filter" size={16} />
            {t('audit.apply')}
          </Button>
          <a href="/admin?tab=audit" className={buttonClass({ variant: 'ghost' })}>
            {t('audit.clear')}
          </a>
        </div>
        <div className="md:ml-auto">
          <a href={hrefFor(routes.auditCsv, { query: filter })} download className={buttonClass({ variant: 'outline' })} data-testid="audit-csv">
            <Icon name="download" size={16} />
            {t('audit.download')}
          </a>
          <p className="mt-1 text-xs text-muted-foreground">{t('audit.downloadNote')}</p>
        </div>
      </form>
      <DataTable
        stacked
        testId="audit-table"
        rows={items}
        rowKey={(e) => e.position}
        rowClassName="align-top"
        rowAttributes={(e) => ({ 'data-testid': 'audit-row', 'data-action': e.action, 'data-prompt-id': e.promptId ?? '' })}
        empty={t('audit.empty')}
        emptyTestId="audit-empty"
        columns={[
          {
            key: 'time',
            header: t('audit.columns.time'),
            headerClassName: 'whitespace-nowrap',
            className: 'whitespace-nowrap text-muted-foreground max-md:text-xs',
            cell: (e) => <time dateTime={e.at}>{formatTime(e.at, lng)}</time>,
          },
          {
            key: 'action',
            header: t('audit.columns.action'),
            headerClassName: 'whitespace-nowrap',
            className: 'whitespace-nowrap',
            cell: (e) => (
              <>
                <StatusBadge status={tone(e.action)} label={t(`audit.actions.${e.action}`)} />
                {e.version !== null && <span className="ml-2 text-xs text-muted-foreground">{t('audit.version', { version: e.version })}</span>}
              </>
            ),
          },
          {
            key: 'actor',
            header: t('audit.columns.actor'),
            headerClassName: 'whitespace-nowrap',
            className: 'text-muted-foreground',
            cell: (e) => e.actorName ?? (e.actorId === null ? t('audit.system') : t('audit.deleted')),
          },
          {
            key: 'prompt',
            header: t('audit.columns.prompt'),
            headerClassName: 'whitespace-nowrap',
            className: 'max-w-xs wrap-anywhere max-md:block max-md:w-full max-md:max-w-none',
            cell: (e) => (
              <>
                {e.subjectId !== null && (
                  <a href={`/members/${e.subjectId}`} className="text-link hover:underline" data-testid="audit-member">
                    {t('audit.member', { id: e.subjectId, name: e.subjectName ?? '' })}
                  </a>
                )}
                {e.promptId !== null && (
                  <a href={`/prompts/${e.promptId}`} className="text-link hover:underline">
                    #{e.promptId} {e.promptTitle}
                  </a>
                )}
              </>
            ),
          },
          {
            key: 'reason',
            header: t('audit.columns.reason'),
            headerClassName: 'whitespace-nowrap',
            className: 'max-w-sm wrap-anywhere max-md:block max-md:w-full max-md:max-w-none',
            cell: (e) => (
              <div data-testid="audit-reason">
                {e.reason && <span className="font-medium">{t(`reasons.${e.reason}` as `reasons.${'other'}`, { defaultValue: e.reason })}</span>}
                {e.note && <p className="text-muted-foreground">{e.note}</p>}
              </div>
            ),
          },
        ]}
      />
      <LoadMore {...more} label={t('list.loadMore')} busyLabel={t('list.loadingMore')} />
    </section>
  );
}
