import type { RejectionView, ReviewPromptView } from '../../../modules/prompts/contracts';
import { Icon } from '../../ui/Icon';
import { usePendingQueue } from '../../client/review-queue';
import { formatTime, DecisionButton, type ReviewProps } from '../shared/review-parts';
import { buttonClass } from '../../ui/Button';
import { useT, withStrings } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import { LoadMore } from '../../ui/LoadMore';
import { RejectDecision } from './RejectDecision';
import { RejectedBefore } from './RejectedBefore';
import { LikelyDuplicates } from './LikelyDuplicates';
import { Fragment } from 'react';

/** /admin, Pending Prompts: the queue as a table (cards below 768 px), a page at a time, refreshed every 30 s. */
export default withStrings(PendingTable);

function PendingTable({ strings: { lng } }: ReviewProps) {
  const { queue, busy, review, more } = usePendingQueue('admin-page');
  return <QueueTable lng={lng} queue={queue} more={more} actions={(p) => <RowActions prompt={p} busy={busy === p.id} review={review} />} />;
}

/**
 * The queue table; the as-of view (AdminHistory) reuses it without actions. Below 768 px
 * each row stacks into a card (title, author and date, then the actions on their own line),
 * so Approve, Reject and View stay on screen without sideways scrolling at 360 px; the
 * column headers then read as labels for screen readers only.
 */
export function QueueTable({
  lng,
  queue,
  actions,
  more,
  testId = 'pending-table',
}: {
  lng: string;
  queue: ReviewPromptView[] | null;
  actions?: (p: ReviewPromptView) => React.ReactNode;
  /** The next page's control, when the list is paged. */
  more?: { hasMore: boolean; busy: boolean; onClick: () => void };
  testId?: string;
}) {
  const t = useT<ScopeOf<'review'>>();
  return (
    <>
      <div className="card overflow-hidden">
        <div className="md:overflow-x-auto">
          <table className="w-full text-left text-sm max-md:block" data-testid={testId} aria-busy={queue === null}>
            <thead className="border-b border-border bg-muted/50 text-muted-foreground max-md:sr-only">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  {t('admin.columns.title')}
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  {t('admin.columns.author')}
                </th>
                <th scope="col" className="px-4 py-3 font-medium whitespace-nowrap">
                  {t('admin.columns.date')}
                </th>
                {actions && (
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    {t('admin.columns.actions')}
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="max-md:block">
              {queue === null ? (
                <tr>
                  <td colSpan={4} className="px-4 py-6">
                    <div className="h-5 animate-pulse rounded bg-muted" />
                  </td>
                </tr>
              ) : queue.length === 0 ? (
                <tr>
                  <td colSpan={4} className="px-4 py-12 text-center text-muted-foreground" data-testid="queue-empty">
                    {t('admin.empty')}
                  </td>
                </tr>
              ) : (
                queue.map((p) => (
                  <Fragment key={p.id}>
                    <tr
                      className="border-b border-border last:border-0 max-md:flex max-md:flex-wrap max-md:items-baseline max-md:gap-x-3 max-md:gap-y-1 max-md:px-4 max-md:py-3"
                      data-testid="pending-row"
                      data-prompt-id={p.id}
                    >
                      <td className="px-4 py-3 font-medium max-md:block max-md:w-full max-md:p-0 md:max-w-xs md:min-w-48">
                        <span className="line-clamp-2 break-words">{p.title}</span>
                        <LikelyDuplicates prompt={p} />
                      </td>
                      <td className="px-4 py-3 text-muted-foreground max-md:block max-md:p-0">{p.authorName}</td>
                      <td className="px-4 py-3 whitespace-nowrap text-muted-foreground max-md:block max-md:p-0">
                        <time dateTime={p.createdAt}>{formatTime(p.createdAt, lng)}</time>
                      </td>
                      {actions && <td className="px-4 py-3 max-md:block max-md:w-full max-md:p-0 max-md:pt-2">{actions(p)}</td>}
                    </tr>
                    {p.lastRejection && (
                      <tr className="border-b border-border last:border-0 max-md:block">
                        <td colSpan={4} className="px-4 pb-3 max-md:block">
                          <RejectedBefore rejected={p.lastRejection} now={p} version={p.version} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))
              )}
            </tbody>
          </table>
        </div>
      </div>
      {more && <LoadMore {...more} label={t('list.loadMore')} busyLabel={t('list.loadingMore')} />}
    </>
  );
}

function RowActions({
  prompt,
  busy,
  review,
}: {
  prompt: ReviewPromptView;
  busy: boolean;
  review: (id: number, approve: boolean, rejection?: RejectionView) => Promise<void>;
}) {
  const t = useT<ScopeOf<'review'>>();
  return (
    <div className="flex flex-wrap justify-end gap-2 max-md:justify-start">
      <DecisionButton approve busy={busy} onClick={() => void review(prompt.id, true)} />
      <RejectDecision title={prompt.title} busy={busy} onReject={(rejection) => void review(prompt.id, false, rejection)} />
      <a href={`/prompts/${prompt.id}`} target="_blank" rel="noopener" className={buttonClass({ variant: 'ghost', size: 'sm' })} data-testid="view">
        <Icon name="external" size={14} />
        {t('admin.view')}
      </a>
    </div>
  );
}
