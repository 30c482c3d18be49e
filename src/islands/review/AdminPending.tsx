import type { ReviewPromptView } from '../../../modules/prompts/contracts';
import { Icon } from '../../ui/Icon';
import { usePendingQueue } from '../../client/review-queue';
import { formatTime, DecisionButton, type ReviewProps } from './shared';
import { buttonClass } from '../../ui/Button';
import { useT, withStrings } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';

/** /admin, Pending Prompts: the queue as a table, refreshed every 30 s. */
export default withStrings(PendingTable);

function PendingTable({ strings: { lng } }: ReviewProps) {
  const { queue, busy, review } = usePendingQueue('admin-page');
  return <QueueTable lng={lng} queue={queue} actions={(p) => <RowActions prompt={p} busy={busy === p.id} review={review} />} />;
}

/** The queue table; the as-of view (AdminHistory) reuses it without actions. */
export function QueueTable({
  lng,
  queue,
  actions,
  testId = 'pending-table',
}: {
  lng: string;
  queue: ReviewPromptView[] | null;
  actions?: (p: ReviewPromptView) => React.ReactNode;
  testId?: string;
}) {
  const t = useT<ScopeOf<'review'>>();
  return (
    <div className="card overflow-hidden">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid={testId} aria-busy={queue === null}>
          <thead className="border-b border-border bg-muted/50 text-muted-foreground">
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
          <tbody>
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
                <tr key={p.id} className="border-b border-border last:border-0" data-testid="pending-row" data-prompt-id={p.id}>
                  <td className="max-w-xs min-w-48 px-4 py-3 font-medium">
                    <span className="line-clamp-2">{p.title}</span>
                  </td>
                  <td className="px-4 py-3 text-muted-foreground">{p.authorName}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                    <time dateTime={p.createdAt}>{formatTime(p.createdAt, lng)}</time>
                  </td>
                  {actions && <td className="px-4 py-3">{actions(p)}</td>}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function RowActions({ prompt, busy, review }: { prompt: ReviewPromptView; busy: boolean; review: (id: number, approve: boolean) => Promise<void> }) {
  const t = useT<ScopeOf<'review'>>();
  return (
    <div className="flex justify-end gap-2">
      <DecisionButton approve busy={busy} onClick={() => void review(prompt.id, true)} />
      <DecisionButton approve={false} busy={busy} onClick={() => void review(prompt.id, false)} />
      <a href={`/prompts/${prompt.id}`} target="_blank" rel="noopener" className={buttonClass({ variant: 'ghost', size: 'sm' })} data-testid="view">
        <Icon name="external" size={14} />
        {t('admin.view')}
      </a>
    </div>
  );
}
