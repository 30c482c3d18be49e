import { useCallback, useEffect, useId } from 'react';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntryView } from '../../../modules/audit/contracts';
import { api } from '../../client/http';
import { usePaged } from '../../client/paged';
import { useT, withStrings } from '../../client/strings';
import { hrefFor } from '../../shared/api-client';
import * as routes from '../../shared/api-routes.generated';
import type { ScopeOf } from '../../shared/string-specs';
import { Button, buttonClass } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { LoadMore } from '../../ui/LoadMore';
import { Select } from '../../ui/Select';
import { formatTime, StatusBadge, type ReviewProps } from '../shared/review-parts';

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
  const { items, reload, more } = usePaged<AuditEntryView>(fetchPage);
  useEffect(() => void reload(), [reload]);
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
      <div className="card overflow-hidden">
        {/* Below 768 px each row stacks into a card (as the queue's do): no sideways scrolling on a phone. */}
        <div className="md:overflow-x-auto">
          <table className="w-full text-left text-sm max-md:block" data-testid="audit-table" aria-busy={items === null}>
            <thead className="border-b border-border bg-muted/50 text-muted-foreground max-md:sr-only">
              <tr>
                {(['time', 'action', 'actor', 'prompt', 'reason'] as const).map((c) => (
                  <th key={c} scope="col" className="px-4 py-3 font-medium whitespace-nowrap">
                    {t(`audit.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-md:block">
              {items === null && (
                <tr>
                  <td colSpan={5} className="px-4 py-6">
                    <div className="h-5 animate-pulse rounded bg-muted" />
                  </td>
                </tr>
              )}
              {items?.length === 0 && (
                <tr>
                  <td colSpan={5} className="px-4 py-12 text-center text-muted-foreground" data-testid="audit-empty">
                    {t('audit.empty')}
                  </td>
                </tr>
              )}
              {items?.map((e) => (
                <tr
                  key={e.position}
                  className="border-b border-border align-top last:border-0 max-md:flex max-md:flex-wrap max-md:items-baseline max-md:gap-x-3 max-md:gap-y-1 max-md:px-4 max-md:py-3"
                  data-testid="audit-row"
                  data-action={e.action}
                  data-prompt-id={e.promptId ?? ''}
                >
                  <td className="px-4 py-3 whitespace-nowrap text-muted-foreground max-md:p-0 max-md:text-xs">
                    <time dateTime={e.at}>{formatTime(e.at, lng)}</time>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap max-md:p-0">
                    <StatusBadge status={tone(e.action)} label={t(`audit.actions.${e.action}`)} />
                    {e.version !== null && <span className="ml-2 text-xs text-muted-foreground">{t('audit.version', { version: e.version })}</span>}
                  </td>
                  <td className="px-4 py-3 text-muted-foreground max-md:p-0">{e.actorName ?? (e.actorId === null ? t('audit.system') : t('audit.deleted'))}</td>
                  <td className="max-w-xs px-4 py-3 wrap-anywhere max-md:block max-md:w-full max-md:max-w-none max-md:p-0">
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
                  </td>
                  <td className="max-w-sm px-4 py-3 wrap-anywhere max-md:block max-md:w-full max-md:max-w-none max-md:p-0" data-testid="audit-reason">
                    {e.reason && <span className="font-medium">{t(`reasons.${e.reason}` as `reasons.${'other'}`, { defaultValue: e.reason })}</span>}
                    {e.note && <p className="text-muted-foreground">{e.note}</p>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <LoadMore {...more} label={t('list.loadMore')} busyLabel={t('list.loadingMore')} />
    </section>
  );
}
