import { useCallback, useState } from 'react';
import type { RejectionView, RevisionView } from '../../../modules/prompts/contracts';
import { RejectDecision } from './RejectDecision';
import { RejectedBefore } from './RejectedBefore';
import { api } from '../../client/http';
import { useAdminList } from '../../client/admin-list';
import { useT, withStrings } from '../../client/strings';
import { reserveToast } from '../../ui/toast-store';
import * as routes from '../../shared/api-routes.generated';
import type { ScopeOf } from '../../shared/string-specs';
import { buttonClass } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { CardList } from '../../ui/CardList';
import { DecisionButton, type ReviewProps } from '../shared/review-parts';
import { formatTime } from '../../shared/format';
import { VersionDiff } from '../versions/VersionDiff';

/**
 * /admin, Revisions: authors' revisions of published prompts waiting for review, oldest first
 * (a page at a time), each with its diff against the version the public sees, and Approve or
 * Reject with the admin page's toasts ("Success" / "Error").
 */
export default withStrings(Revisions);

function Revisions({ strings: { lng } }: ReviewProps) {
  const t = useT<ScopeOf<'review'>>();
  const fetchPage = useCallback((cursor?: number) => api(routes.pendingRevisions, { query: { cursor } }), []);
  const { items, remove, refresh, more } = useAdminList<RevisionView>(fetchPage);
  const [busy, setBusy] = useState<string | null>(null);

  const review = async (r: RevisionView, isApproved: boolean, rejection?: RejectionView) => {
    const toast = reserveToast();
    const key = `${r.promptId}-${r.version}`;
    setBusy(key);
    try {
      await api(routes.reviewRevision, {
        params: { id: r.promptId, version: r.version },
        body: { isApproved, reason: rejection?.reason ?? undefined, note: rejection?.note },
      });
      toast({ title: t('admin.successTitle'), description: t('admin.successDescription') });
      remove((x) => x === r);
    } catch (error) {
      console.error(error);
      toast({ variant: 'destructive', title: t('admin.errorTitle'), description: t('admin.errorDescription') });
    } finally {
      setBusy(null);
      void refresh();
    }
  };

  return (
    <CardList items={items} empty={t('revisions.empty')} emptyTestId="revisions-empty" testId="revisions" more={more} t={t}>
      {(r) => (
        <li
          key={`${r.promptId}-${r.version}`}
          className="card min-w-0 p-5 wrap-anywhere"
          data-testid="revision"
          data-prompt-id={r.promptId}
          data-version={r.version}
        >
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h3 className="text-lg font-semibold">{r.title}</h3>
              <p className="mt-1 text-xs text-muted-foreground">
                {t('revisions.proposedBy', { name: r.authorName, date: formatTime(r.at, lng) })} ·{' '}
                {t('revisions.against', { published: r.published.version, version: r.version })}
              </p>
            </div>
            <a href={`/prompts/${r.promptId}`} target="_blank" rel="noopener" className={buttonClass({ variant: 'ghost', size: 'sm' })} data-testid="view">
              <Icon name="external" size={14} />
              {t('revisions.viewPublished')}
            </a>
          </div>
          {r.note && (
            <p className="mt-3 text-sm">
              <span className="font-medium">{t('revisions.note')}:</span> <span className="text-muted-foreground">{r.note}</span>
            </p>
          )}
          <div className="mt-4">
            <VersionDiff
              before={r.published}
              after={r}
              beforeLabel={t('versions.version', { version: r.published.version })}
              afterLabel={t('versions.version', { version: r.version })}
              testId="revision-diff"
            />
          </div>
          {r.previousRejection && (
            <div className="mt-4">
              <RejectedBefore rejected={r.previousRejection} now={r} version={r.version} />
            </div>
          )}
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <RejectDecision title={r.title} busy={busy === `${r.promptId}-${r.version}`} onReject={(rejection) => void review(r, false, rejection)} />
            <DecisionButton approve busy={busy === `${r.promptId}-${r.version}`} onClick={() => void review(r, true)} />
          </div>
        </li>
      )}
    </CardList>
  );
}
