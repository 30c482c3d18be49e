import { Heading } from '../../ui/Heading';
import { useEffect, useRef, useState } from 'react';
import { REVIEW_STATUSES, type StatsView } from '../../../modules/prompts/contracts';
import { api } from '../../client/http';
import * as routes from '../../shared/api-routes.generated';
import { formatNumber } from '../../shared/format';
import { showToast } from '../../ui/toast-store';
import { Icon } from '../../ui/Icon';
import { StatusBadge, type ReviewProps } from '../shared/review-parts';
import { Button } from '../../ui/Button';
import { StringsProvider, useT } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';

interface RebuildJob {
  state: 'running' | 'done' | 'failed';
  error: string | null;
  projections: { name: string; applied: number; total: number; done: boolean }[];
}

/** How often the page asks how far a running rebuild is. */
const REBUILD_POLL_MS = 500;

/** /admin, Statistics: real totals from the read models, and the rebuild action with its progress. */
export default function AdminStats({ strings }: ReviewProps) {
  return (
    <StringsProvider strings={strings}>
      <Stats lng={strings.lng} />
      <Rebuild />
    </StringsProvider>
  );
}

function Stats({ lng }: { lng: string }) {
  const t = useT<ScopeOf<'review'>>();
  const [stats, setStats] = useState<StatsView | null>(null);
  useEffect(() => {
    api(routes.stats).then(setStats, (error) => console.error(error));
  }, []);
  const number = (n: number | undefined) => (n === undefined ? '—' : formatNumber(n, lng));
  const cards = [
    { key: 'totalPrompts', value: stats?.totalPrompts, note: t('admin.stats.publishedNote') },
    { key: 'totalUsers', value: stats?.totalUsers },
    { key: 'totalUsage', value: stats?.totalUsage },
  ] as const;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3" data-testid="admin-statistics">
        {cards.map((card) => (
          <div key={card.key} className="card p-6" data-testid={`stat-${card.key}`}>
            <p className="text-sm font-medium text-muted-foreground">{t(`admin.stats.${card.key}`)}</p>
            <p className="mt-2 text-3xl font-semibold tabular-nums" data-testid="stat-value">
              {number(card.value)}
            </p>
            {'note' in card && <p className="mt-1 text-xs text-muted-foreground">{card.note}</p>}
          </div>
        ))}
      </div>
      <div className="card mt-4 p-6">
        <h2 className="text-sm font-semibold">{t('admin.stats.byStatus')}</h2>
        <ul className="mt-3 flex flex-wrap gap-3">
          {REVIEW_STATUSES.map((status) => (
            <li key={status} className="flex items-center gap-2 text-sm">
              <StatusBadge status={status} label={t(`status.${status}`)} />
              <span className="font-semibold tabular-nums" data-testid={`count-${status}`}>
                {number(stats?.prompts[status])}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function Rebuild() {
  const t = useT<ScopeOf<'review'>>();
  const [job, setJob] = useState<RebuildJob | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const poll = async () => {
    try {
      const { job: latest } = await api(routes.rebuildStatus);
      setJob(latest);
      if (latest?.state === 'running') timer.current = setTimeout(() => void poll(), REBUILD_POLL_MS);
      else if (latest)
        showToast(
          latest.state === 'done'
            ? { title: t('admin.rebuild.done') }
            : { variant: 'destructive', title: t('admin.rebuild.failed'), description: latest.error ?? undefined },
        );
    } catch (error) {
      console.error(error);
    }
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const start = async () => {
    try {
      const { job: started } = await api(routes.rebuild, { body: {} });
      setJob(started);
      timer.current = setTimeout(() => void poll(), REBUILD_POLL_MS);
    } catch (error) {
      console.error(error);
      showToast({ variant: 'destructive', title: t('admin.rebuild.failed') });
    }
  };
  const running = job?.state === 'running';
  return (
    <section className="card mt-4 p-6" aria-labelledby="rebuild-title" data-testid="rebuild">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <Heading id="rebuild-title" size="panel" title={t('admin.rebuild.title')} text={t('admin.rebuild.text')} />
        <Button variant="outline" className="shrink-0" disabled={running} aria-busy={running} onClick={() => void start()} data-testid="rebuild-start">
          <Icon name="rotate-ccw" size={16} />
          {running ? t('admin.rebuild.running') : t('admin.rebuild.start')}
        </Button>
      </div>
      {job && (
        <ul className="mt-4 space-y-3" aria-live="polite" data-testid="rebuild-progress" data-state={job.state}>
          {job.projections.map((p) => {
            const percent = p.done ? 100 : p.total ? Math.floor((100 * p.applied) / p.total) : 0;
            return (
              <li key={p.name}>
                <p className="text-xs text-muted-foreground">{t('admin.rebuild.progress', { name: p.name, applied: p.applied, total: p.total })}</p>
                <div
                  className="mt-1 h-2 overflow-hidden rounded-full bg-muted"
                  role="progressbar"
                  aria-label={p.name}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                >
                  <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
