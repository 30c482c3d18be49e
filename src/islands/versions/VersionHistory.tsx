import { useCallback, useEffect, useState } from 'react';
import type { VersionHistoryItem } from '../../../modules/prompts/contracts';
import { api } from '../../client/http';
import { usePaged } from '../../client/paged';
import { useT, withStrings } from '../../client/strings';
import { reserveToast } from '../../ui/toast-store';
import * as routes from '../../shared/api-routes.generated';
import type { ScopeOf } from '../../shared/string-specs';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { IconBadge } from '../../ui/Badge';
import { LoadMore } from '../../ui/LoadMore';
import { StatusBadge, type ReviewProps } from '../shared/review-parts';
import { formatNumber, formatTime } from '../../shared/format';
import { RatingStat } from '../../ui/RatingStat';
import { VersionDiff } from './VersionDiff';

interface Props extends ReviewProps {
  id: number;
  /** The viewer may restore versions (the author; the admin, unless the prompt is private). */
  mayRestore: boolean;
  /** A restore waits for review as a revision (the author of a published prompt). */
  goesToReview: boolean;
  /** `?from=&to=`: the versions to compare first. */
  from: number | null;
  to: number | null;
}

/** The two versions compared: what the URL asked for, else the current one against the newest. */
function defaultPair(list: readonly VersionHistoryItem[], from: number | null, to: number | null): [number, number] | null {
  if (list.length < 2) return null;
  const has = (n: number | null): n is number => n !== null && list.some((v) => v.version === n);
  const newest = list[list.length - 1].version;
  const right = has(to) ? to : newest;
  const current = list.find((v) => v.current)?.version;
  const before = list.filter((v) => v.version < right).pop()?.version ?? list[0].version;
  const left = has(from) ? from : current !== undefined && current !== right ? current : before;
  return [left, right];
}

/**
 * /prompts/{id}/versions: every version the viewer may see (oldest first, a page at a time),
 * two of them picked with the From and To radios and compared side by side (the choice kept
 * in the URL's ?from=&to=), and Restore on each version that is not the current one. Below
 * 1024 px the comparison comes first: the list follows it rather than hiding it far below.
 */
export default withStrings(History);

function History({ id, mayRestore, goesToReview, from, to, strings: { lng } }: Props) {
  const t = useT<ScopeOf<'review'>>();
  const fetchPage = useCallback((cursor?: number) => api(routes.versions, { params: { id }, query: { cursor } }), [id]);
  const { items, reload, more } = usePaged<VersionHistoryItem>(fetchPage);
  const [pair, setPair] = useState<[number, number] | null>(null);
  const [asked, setAsked] = useState({ from, to });
  const [busy, setBusy] = useState<number | null>(null);
  useEffect(() => void reload(), [reload]);

  // The asked versions may sit on a later page: read on until they are in, then pick.
  const missing = (n: number | null) => n !== null && !items?.some((v) => v.version === n);
  useEffect(() => {
    if (!items) return;
    if ((missing(asked.from) || missing(asked.to)) && more.hasMore) {
      if (!more.busy) more.onClick();
      return;
    }
    setPair((p) => p ?? defaultPair(items, asked.from, asked.to));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, asked, more.hasMore, more.busy]);

  const choose = (side: 0 | 1, version: number) => {
    const next: [number, number] = side === 0 ? [version, pair?.[1] ?? version] : [pair?.[0] ?? version, version];
    setPair(next);
    const url = new URL(location.href);
    url.searchParams.set('from', String(next[0]));
    url.searchParams.set('to', String(next[1]));
    history.replaceState(history.state, '', url);
  };

  const restore = async (v: VersionHistoryItem) => {
    if (!confirm(t(goesToReview ? 'versions.restoreConfirmPublished' : 'versions.restoreConfirm', { version: v.version }))) return;
    const toast = reserveToast();
    const current = items?.find((x) => x.current)?.version ?? v.version;
    setBusy(v.version);
    try {
      const result = await api(routes.restore, { params: { id, version: v.version }, body: {} });
      if (!result.changed) toast({ title: t('versions.restoreUnchanged') });
      else if (result.applied)
        toast({ title: t('versions.restoredTitle'), description: t('versions.restoredDescription', { from: v.version, version: result.version }) });
      else
        toast({
          title: t('versions.restoreProposedTitle'),
          description: t('versions.restoreProposedDescription', { from: v.version, version: result.version }),
        });
      if (result.changed) {
        setPair(null);
        setAsked({ from: current, to: result.version });
        await reload();
      }
    } catch (error) {
      console.error(error);
      toast({ variant: 'destructive', title: t('versions.restoreFailed') });
    } finally {
      setBusy(null);
    }
  };

  if (items === null) return <div className="card h-64 animate-pulse bg-muted" aria-busy="true" />;
  const byNumber = (n: number | undefined) => items.find((v) => v.version === n);
  const [left, right] = [byNumber(pair?.[0]), byNumber(pair?.[1])];
  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start">
      <section aria-labelledby="versions-heading" className="min-w-0">
        <h2 id="versions-heading" className="mb-3 text-lg font-semibold">
          {t('versions.list')}
        </h2>
        {items.length === 0 ? (
          <p className="card px-5 py-8 text-center text-muted-foreground">{t('versions.empty')}</p>
        ) : (
          <ol className="grid gap-3" data-testid="versions">
            {items.map((v) => (
              <li
                key={v.version}
                className="card min-w-0 p-4 wrap-anywhere"
                data-testid="version"
                data-version={v.version}
                data-status={v.status}
                data-current={v.current || undefined}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold">{t('versions.version', { version: v.version })}</h3>
                  <StatusBadge status={v.status} label={t(`versions.status.${v.status}`)} />
                  {v.current && (
                    <IconBadge icon="check" className="bg-primary/10 px-2.5 py-0.5 text-xs font-semibold text-primary dark:text-link" testId="current">
                      {t('versions.current')}
                    </IconBadge>
                  )}
                </div>
                <p className="mt-1 text-xs text-muted-foreground">
                  <time dateTime={v.at}>{formatTime(v.at, lng)}</time>
                  {v.restoredFrom !== null && <> · {t('versions.restoredFrom', { version: v.restoredFrom })}</>}
                </p>
                {(v.status === 'published' || v.uses > 0 || v.ratingCount > 0) && (
                  <p className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs" data-testid="version-figures">
                    <span className="ic whitespace-nowrap" data-testid="version-uses">
                      <Icon name="trending-up" size={13} className="text-muted-foreground" />
                      {t('prompts:card.uses', { count: v.uses, formatted: formatNumber(v.uses, lng) })}
                    </span>
                    <span aria-hidden="true" className="text-muted-foreground">
                      ·
                    </span>
                    <RatingStat helpful={v.helpfulCount} count={v.ratingCount} t={t} lng={lng} />
                  </p>
                )}
                <p className="mt-1 line-clamp-2 text-sm font-medium">{v.title}</p>
                {v.note && <blockquote className="mt-2 border-l-2 border-border pl-3 text-sm text-muted-foreground italic">{v.note}</blockquote>}
                <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                  <fieldset className="flex items-center gap-3">
                    <legend className="sr-only">{t('versions.compare')}</legend>
                    {([0, 1] as const).map((side) => (
                      <label key={side} className="inline-flex cursor-pointer items-center gap-1.5">
                        <input
                          type="radio"
                          name={side === 0 ? 'from' : 'to'}
                          className="size-4 accent-primary"
                          checked={pair?.[side] === v.version}
                          onChange={() => choose(side, v.version)}
                          aria-label={t(side === 0 ? 'versions.compareFrom' : 'versions.compareTo', { version: v.version })}
                        />
                        <span aria-hidden="true">{t(side === 0 ? 'versions.from' : 'versions.to')}</span>
                      </label>
                    ))}
                  </fieldset>
                  {mayRestore && !v.current && (
                    <Button
                      icon="rotate-ccw"
                      variant="outline"
                      size="sm"
                      className="ml-auto"
                      disabled={busy !== null}
                      onClick={() => void restore(v)}
                      aria-label={t('versions.restoreLabel', { version: v.version })}
                      data-testid="restore"
                    >
                      {t('versions.restore')}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
        <LoadMore {...more} label={t('list.loadMore')} busyLabel={t('list.loadingMore')} />
      </section>
      <section aria-labelledby="diff-heading" className="card min-w-0 p-4 max-lg:order-first sm:p-5">
        <h2 id="diff-heading" className="mb-4 text-lg font-semibold" data-testid="diff-heading">
          {left && right && left !== right ? t('versions.diffTitle', { from: left.version, to: right.version }) : t('versions.compare')}
        </h2>
        {left && right && left !== right ? (
          <VersionDiff
            before={left}
            after={right}
            beforeLabel={t('versions.version', { version: left.version })}
            afterLabel={t('versions.version', { version: right.version })}
          />
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="pick-two">
            {t('versions.pickTwo')}
          </p>
        )}
      </section>
    </div>
  );
}
