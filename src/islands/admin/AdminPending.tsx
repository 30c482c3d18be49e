import type { RejectionView, ReviewPromptView } from '../../../modules/prompts/contracts';
import { Icon } from '../../ui/Icon';
import { usePendingQueue } from '../../client/review-queue';
import { DecisionButton, type ReviewProps } from '../shared/review-parts';
import { formatTime } from '../../shared/format';
import { buttonClass } from '../../ui/Button';
import { useT, withStrings } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { LoadMore } from '../../ui/LoadMore';
import { RejectDecision } from './RejectDecision';
import { RejectedBefore } from './RejectedBefore';
import { LikelyDuplicates } from './LikelyDuplicates';

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
  const columns: DataColumn<ReviewPromptView>[] = [
    {
      key: 'title',
      header: t('admin.columns.title'),
      className: 'font-medium max-md:block max-md:w-full md:max-w-xs md:min-w-48',
      cell: (p) => (
        <>
          <span className="line-clamp-2 break-words">{p.title}</span>
          <LikelyDuplicates prompt={p} />
        </>
      ),
    },
    { key: 'author', header: t('admin.columns.author'), className: 'text-muted-foreground max-md:block', cell: (p) => p.authorName },
    {
      key: 'date',
      header: t('admin.columns.date'),
      headerClassName: 'whitespace-nowrap',
      className: 'whitespace-nowrap text-muted-foreground max-md:block',
      cell: (p) => <time dateTime={p.createdAt}>{formatTime(p.createdAt, lng)}</time>,
    },
  ];
  if (actions)
    columns.push({
      key: 'actions',
      header: t('admin.columns.actions'),
      headerClassName: 'text-right',
      className: 'max-md:block max-md:w-full max-md:pt-2',
      cell: actions,
    });
  return (
    <>
      <DataTable
        stacked
        testId={testId}
        rows={queue}
        rowKey={(p) => p.id}
        rowAttributes={(p) => ({ 'data-testid': 'pending-row', 'data-prompt-id': p.id })}
        below={(p) => p.lastRejection && <RejectedBefore rejected={p.lastRejection} now={p} version={p.version} />}
        empty={t('admin.empty')}
        emptyTestId="queue-empty"
        columns={columns}
      />
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
