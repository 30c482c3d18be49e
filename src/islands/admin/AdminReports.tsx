import { useCallback, useId, useState } from 'react';
import { DISCUSSION_LIMITS, type ReportView, type Resolution } from '../../../modules/discussion/contracts';
import { api } from '../../client/http';
import { useAdminList } from '../../client/admin-list';
import { useT, withStrings } from '../../client/strings';
import { reserveToast } from '../../ui/toast-store';
import * as routes from '../../shared/api-routes.generated';
import type { ScopeOf } from '../../shared/string-specs';
import { Button, buttonClass } from '../../ui/Button';
import { FieldError } from '../../ui/FieldError';
import { Icon } from '../../ui/Icon';
import { CardList } from '../../ui/CardList';
import { Textarea } from '../../ui/Textarea';
import { type ReviewProps } from '../shared/review-parts';
import { formatTime } from '../../shared/format';

/**
 * /admin, Reports: open reports of prompts and comments, oldest first, a page at a
 * time. Each is decided with a reason the reporter and the author read: hide the comment,
 * withdraw the prompt, or dismiss; with the admin page's toasts ("Success" / "Error").
 */
export default withStrings(Reports);

function Reports({ strings: { lng } }: ReviewProps) {
  const t = useT<ScopeOf<'review'>>();
  const fetchPage = useCallback((cursor?: number) => api(routes.openReports, { query: { cursor } }), []);
  const { items, remove, more } = useAdminList<ReportView>(fetchPage);

  return (
    <CardList items={items} empty={t('reports.empty')} emptyTestId="reports-empty" testId="reports" more={more} t={t}>
      {(r) => <Report key={r.id} r={r} lng={lng} onDone={() => remove((x) => x.id === r.id)} />}
    </CardList>
  );
}

function Report({ r, lng, onDone }: { r: ReportView; lng: string; onDone: () => void }) {
  const t = useT<ScopeOf<'review'>>();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const decide = async (action: Resolution) => {
    if (reason.trim().length < DISCUSSION_LIMITS.reason.min) return setError(t('reports.reasonMin', { limit: DISCUSSION_LIMITS.reason.min }));
    const toast = reserveToast();
    setBusy(true);
    try {
      await api(routes.resolveReport, { params: { id: r.id }, body: { action, reason } });
      toast({ title: t('admin.successTitle'), description: t('admin.successDescription') });
      onDone();
    } catch (e) {
      console.error(e);
      toast({ variant: 'destructive', title: t('admin.errorTitle'), description: t('admin.errorDescription') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="card min-w-0 p-5 wrap-anywhere" data-testid="report" data-report-id={r.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t(r.commentId ? 'reports.comment' : 'reports.prompt')}</p>
          <h3 className="mt-1 text-lg font-semibold">{r.promptTitle}</h3>
          <p className="mt-1 text-xs text-muted-foreground">
            {t('reports.reportedBy', { name: r.reporterName || t('reports.deletedUser'), date: formatTime(r.createdAt, lng) })}
          </p>
        </div>
        <a
          href={`/prompts/${r.promptId}${r.commentId ? '#comments' : ''}`}
          target="_blank"
          rel="noopener"
          className={buttonClass({ variant: 'ghost', size: 'sm' })}
        >
          <Icon name="external" size={14} />
          {t('reports.viewPrompt')}
        </a>
      </div>
      {r.commentId !== null && (
        <blockquote className="mt-3 rounded-lg border-l-4 border-border bg-surface px-4 py-2 text-sm whitespace-pre-wrap" data-testid="reported-comment">
          {r.commentBody ?? <span className="text-muted-foreground italic">{t('reports.commentGone')}</span>}
        </blockquote>
      )}
      <p className="mt-3 text-sm">
        <span className="font-medium">{t('reports.reason')}:</span> {t(`prompts:comments.reasons.${r.reason}`)}
        {r.note && <span className="text-muted-foreground"> · {r.note}</span>}
      </p>
      <div className="mt-4">
        <label htmlFor={id} className="text-sm font-medium">
          {t('reports.decisionLabel')}
        </label>
        <Textarea
          id={id}
          rows={2}
          className="mt-1"
          value={reason}
          invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setReason(e.target.value)}
          data-testid="decision-reason"
        />
        {error && (
          <FieldError id={`${id}-error`} className="mt-1">
            {error}
          </FieldError>
        )}
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void decide('dismiss')} data-testid="dismiss">
          {t('reports.dismiss')}
        </Button>
        {r.commentId !== null ? (
          <Button size="sm" disabled={busy} onClick={() => void decide('hide')} data-testid="hide-comment">
            {t('reports.hide')}
          </Button>
        ) : (
          <Button size="sm" disabled={busy} onClick={() => void decide('withdraw')} data-testid="withdraw-prompt">
            {t('reports.withdraw')}
          </Button>
        )}
      </div>
    </li>
  );
}
