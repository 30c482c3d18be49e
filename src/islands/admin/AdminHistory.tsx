import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { PAGE_MAX, REVIEW_DECISIONS, type ReviewDecision, type ReviewEntryView, type ReviewPromptView } from '../../../modules/prompts/contracts';
import { api } from '../../client/http';
import * as routes from '../../shared/api-routes.generated';
import { reserveToast } from '../../ui/toast-store';
import { Icon } from '../../ui/Icon';
import { QueueTable } from './AdminPending';
import { StatusBadge, type ReviewProps } from '../shared/review-parts';
import { formatTime } from '../../shared/format';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Select } from '../../ui/Select';
import { StringsProvider, useT } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import { useAdminList } from '../../client/admin-list';
import { LoadMore } from '../../ui/LoadMore';

/**
 * /admin, Review History: every submission and decision from the log, filtered by prompt and
 * decision; a prompt's filter is its timeline, with the re-review actions its last step
 * allows; and the queue as it stood at a chosen time (replayed from the log by the server).
 */
export default function AdminHistory({ strings }: ReviewProps) {
  return (
    <StringsProvider strings={strings}>
      <AsOfQueue lng={strings.lng} />
      <History lng={strings.lng} />
    </StringsProvider>
  );
}

interface Filter {
  promptId: string;
  decision: ReviewDecision | '';
}

function History({ lng }: { lng: string }) {
  const t = useT<ScopeOf<'review'>>();
  const ids = useId();
  const [draft, setDraft] = useState<Filter>({ promptId: '', decision: '' });
  const [filter, setFilter] = useState<Filter>(draft);
  // A page at a time, newest first; a prompt's timeline (oldest first) in one page of PAGE_MAX,
  // so its last step (what re-review may do next) is loaded.
  const fetchPage = useCallback(
    (cursor?: number) =>
      api(routes.reviewHistory, {
        query: {
          promptId: filter.promptId || undefined,
          decision: filter.decision || undefined,
          cursor,
          limit: filter.promptId ? PAGE_MAX : undefined,
        },
      }),
    [filter],
  );
  const { items: entries, refresh, more } = useAdminList(fetchPage);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft, promptId: draft.promptId.replace(/\D/g, '') });
  };
  const showTimeline = (promptId: number) => {
    const next: Filter = { promptId: String(promptId), decision: '' };
    setDraft(next);
    setFilter(next);
  };
  const timelineOf = filter.promptId && !filter.decision ? Number(filter.promptId) : null;

  return (
    <section aria-labelledby={`${ids}-title`} data-testid="review-history">
      <h2 id={`${ids}-title`} className="sr-only">
        {t('admin.tabs.history')}
      </h2>
      <form onSubmit={apply} className="card mb-4 flex flex-col gap-3 p-4 sm:flex-row sm:items-end" data-testid="history-filter">
        <div className="space-y-1.5 sm:w-40">
          <Label htmlFor={`${ids}-prompt`}>{t('admin.history.prompt')}</Label>
          <Input
            id={`${ids}-prompt`}
            name="promptId"
            inputMode="numeric"
            placeholder={t('admin.history.promptPlaceholder')}
            value={draft.promptId}
            onChange={(e) => setDraft({ ...draft, promptId: e.target.value })}
          />
        </div>
        <div className="space-y-1.5 sm:w-48">
          <Label htmlFor={`${ids}-decision`}>{t('admin.history.decision')}</Label>
          <Select
            id={`${ids}-decision`}
            name="decision"
            value={draft.decision}
            onChange={(e) => setDraft({ ...draft, decision: e.target.value as Filter['decision'] })}
          >
            <option value="">{t('admin.history.anyDecision')}</option>
            {REVIEW_DECISIONS.map((d) => (
              <option key={d} value={d}>
                {t(`decision.${d}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex gap-2">
          <Button type="submit" variant="primary" data-testid="history-apply">
            <Icon name="filter" size={16} />
            {t('admin.history.apply')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              const none: Filter = { promptId: '', decision: '' };
              setDraft(none);
              setFilter(none);
            }}
          >
            {t('admin.history.clear')}
          </Button>
        </div>
      </form>
      {timelineOf !== null && entries && entries.length > 0 && (
        <ReReview promptId={timelineOf} last={entries[entries.length - 1]} onDone={() => void refresh()} />
      )}
      <DataTable
        testId="history-table"
        rows={entries}
        rowKey={(e) => e.position}
        rowAttributes={(e) => ({ 'data-testid': 'history-row', 'data-prompt-id': e.promptId, 'data-decision': e.decision })}
        caption={timelineOf !== null && t('admin.history.timelineOf', { id: timelineOf })}
        empty={t('admin.history.empty')}
        columns={[
          {
            key: 'time',
            header: t('admin.history.columns.time'),
            headerClassName: 'whitespace-nowrap',
            className: 'whitespace-nowrap text-muted-foreground',
            cell: (e) => <time dateTime={e.at}>{formatTime(e.at, lng)}</time>,
          },
          {
            key: 'prompt',
            header: t('admin.history.columns.prompt'),
            headerClassName: 'whitespace-nowrap',
            className: 'max-w-xs',
            cell: (e) => (
              <button
                type="button"
                className="text-left font-medium text-link hover:underline"
                onClick={() => showTimeline(e.promptId)}
                title={t('admin.history.timeline')}
              >
                #{e.promptId} {e.title}
              </button>
            ),
          },
          {
            key: 'author',
            header: t('admin.history.columns.author'),
            headerClassName: 'whitespace-nowrap',
            className: 'text-muted-foreground',
            cell: (e) => e.authorName || t('admin.history.deletedUser'),
          },
          {
            key: 'decision',
            header: t('admin.history.columns.decision'),
            headerClassName: 'whitespace-nowrap',
            cell: (e) => <StatusBadge status={e.decision === 'submitted' ? 'pending' : e.decision} label={t(`decision.${e.decision}`)} />,
          },
          {
            key: 'actor',
            header: t('admin.history.columns.actor'),
            headerClassName: 'whitespace-nowrap',
            className: 'text-muted-foreground',
            cell: (e) => e.actorName ?? '—',
          },
        ]}
      />
      <LoadMore {...more} label={t('list.loadMore')} busyLabel={t('list.loadingMore')} />
    </section>
  );
}

/** Re-review (an explicit, later decision): approve a rejected or admin-withdrawn prompt, withdraw an approved one. */
function ReReview({ promptId, last, onDone }: { promptId: number; last: ReviewEntryView; onDone: () => void }) {
  const t = useT<ScopeOf<'review'>>();
  const [busy, setBusy] = useState(false);
  const isApproved = last.decision === 'approved' ? false : last.decision === 'rejected' || (last.decision === 'withdrawn' && !last.byAuthor) ? true : null;
  if (isApproved === null) return null;
  const act = async () => {
    const toast = reserveToast();
    setBusy(true);
    try {
      await api(routes.reReview, { params: { id: promptId }, body: { isApproved } });
      toast({ title: t('admin.history.reReviewedTitle'), description: t('admin.history.reReviewedDescription') });
      onDone();
    } catch (error) {
      console.error(error);
      toast({ variant: 'destructive', title: t('admin.history.reReviewFailed') });
    }
    setBusy(false);
  };
  return (
    <div className="mb-4 flex justify-end">
      <Button variant={isApproved ? 'primary' : 'outline'} disabled={busy} onClick={() => void act()} data-testid="re-review">
        <Icon name={isApproved ? 'check' : 'x'} size={16} />
        {isApproved ? t('admin.history.approveAgain') : t('admin.history.withdraw')}
      </Button>
    </div>
  );
}

/** A datetime-local value (the viewer's clock) for `date`. */
const localInput = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

function AsOfQueue({ lng }: { lng: string }) {
  const t = useT<ScopeOf<'review'>>();
  const ids = useId();
  // The viewer's clock, set once hydrated: the server's clock and time zone are not the viewer's.
  const [at, setAt] = useState('');
  useEffect(() => setAt((current) => current || localInput(new Date())), []);
  const [shown, setShown] = useState<{ at: string; queue: ReviewPromptView[] | null; nextCursor: number | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  // Each page is its own replay of the log up to that time: the admin's rare question, a page at a time.
  const fetchAsOf = (iso: string, cursor?: number) => api(routes.pending, { query: { asOf: iso, cursor, limit: PAGE_MAX } });
  const more = async () => {
    if (!shown?.queue || shown.nextCursor === null) return;
    setLoadingMore(true);
    try {
      const page = await fetchAsOf(shown.at, shown.nextCursor);
      setShown({ at: shown.at, queue: [...shown.queue, ...page.items], nextCursor: page.nextCursor });
    } catch (error) {
      console.error(error);
      reserveToast()({ variant: 'destructive', title: t('admin.asOf.failed') });
    } finally {
      setLoadingMore(false);
    }
  };
  const show = async (event: FormEvent) => {
    event.preventDefault();
    const iso = new Date(at).toISOString();
    setShown({ at: iso, queue: null, nextCursor: null });
    try {
      const page = await fetchAsOf(iso);
      setShown({ at: iso, queue: page.items, nextCursor: page.nextCursor });
    } catch (error) {
      console.error(error);
      setShown(null);
      reserveToast()({ variant: 'destructive', title: t('admin.asOf.failed') });
    }
  };
  return (
    <section className="mb-10" aria-labelledby={`${ids}-title`} data-testid="as-of">
      <h2 id={`${ids}-title`} className="mb-3 text-lg font-semibold">
        {t('admin.asOf.title')}
      </h2>
      <form onSubmit={show} className="card mb-4 flex flex-col gap-3 p-4 sm:flex-row sm:items-end">
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-at`}>{t('admin.asOf.label')}</Label>
          <Input
            id={`${ids}-at`}
            name="asOf"
            type="datetime-local"
            step="1"
            required
            value={at}
            onChange={(e) => setAt(e.target.value)}
            data-testid="as-of-input"
          />
        </div>
        <Button type="submit" variant="primary" data-testid="as-of-show">
          <Icon name="clock" size={16} />
          {t('admin.asOf.show')}
        </Button>
      </form>
      {shown && (
        <>
          <p className="mb-3 text-sm text-muted-foreground" role="status">
            {t('admin.asOf.showing', { time: formatTime(shown.at, lng) })}
          </p>
          <QueueTable
            lng={lng}
            queue={shown.queue}
            testId="as-of-table"
            more={{ hasMore: shown.nextCursor !== null, busy: loadingMore, onClick: () => void more() }}
          />
        </>
      )}
    </section>
  );
}
