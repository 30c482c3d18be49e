import { useCallback, useEffect, useId, useState } from 'react';
import { type MyPromptView, type PendingRevision as Revision, type SubmissionView, type TimelineEntry } from '../../../modules/prompts/contracts';
import { api, refusedText } from '../../client/http';
import * as routes from '../../shared/api-routes.generated';
import { hrefFor } from '../../shared/api-client';
import { reserveToast } from '../../ui/toast-store';
import { Icon } from '../../ui/Icon';
import { askToDelete, askToResubmit, Rejection, StatusBadge, type ReviewProps } from '../shared/review-parts';
import { formatTime } from '../../shared/format';
import { RecentlyDeleted } from './RecentlyDeleted';
import { Button, buttonClass } from '../../ui/Button';
import { useT, withStrings } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import { usePaged } from '../../client/paged';
import { LoadMore } from '../../ui/LoadMore';
import { Input } from '../../ui/Input';
import { TagBar, tagHref } from './TagBar';
import { PromptTags } from './PromptTags';

/**
 * The dashboard's My Prompts tab: every prompt of the user (private ones too), its status and
 * timeline, and what its status allows: edit it and see its versions, submit a private one to
 * the community, withdraw a pending or published one; a revision of a published prompt that
 * waits for review (with Withdraw revision), or the last one rejected; delete any (with Undo),
 * and restore it from Recently deleted below the list.
 */
export default withStrings(Submissions);

/** `tag`: the tag the address filters by (`?tag=`), read by the page so the first render has it. */
/** Each confirmed action's "done" texts (`mine.<done>Title`, `mine.<done>Description`). */
const ACTION_DONE = { withdraw: 'withdrawn', share: 'shared', withdrawRevision: 'revisionWithdrawn' } as const;

function Submissions({ strings: { lng }, tag: addressTag }: ReviewProps & { tag?: string }) {
  const t = useT<ScopeOf<'review'>>();
  // The tag filter: the address's at first; deleting the tag in force clears it in place (and its Undo brings it back).
  const [tag, setTag] = useState(addressTag);
  const filterBy = (next?: string) => {
    setTag(next);
    window.history.replaceState(window.history.state, '', tagHref(next));
  };
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  // Typing asks once it pauses (300 ms), not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  // A page at a time, newest first; after a withdrawal the first page is read again.
  const fetchPage = useCallback((cursor?: number) => api(routes.mySubmissions, { query: { cursor, q: q || undefined, tag } }), [q, tag]);
  const { items: list, reload: load, more } = usePaged<MyPromptView>(fetchPage);
  // Bumped by a tag change on a prompt: the tag bar's counts are read again.
  const [tagChanges, setTagChanges] = useState(0);
  useEffect(() => void load(), [load]);
  // Bumped by a deletion or restore: both lists are read again.
  const [changes, setChanges] = useState(0);
  const changed = () => {
    setChanges((n) => n + 1);
    void load();
  };
  const remove = (s: SubmissionView) => askToDelete(s.id, s.status, t, changed);

  /** A confirmed action on one prompt: asked first, then its toast either way, then the list again. */
  const confirmed =
    (route: typeof routes.withdraw | typeof routes.share | typeof routes.withdrawRevision, key: keyof typeof ACTION_DONE) => async (id: number) => {
      if (!confirm(t(`mine.${key}Confirm`))) return;
      const toast = reserveToast();
      try {
        await api(route, { params: { id } });
        toast({ title: t(`mine.${ACTION_DONE[key]}Title`), description: t(`mine.${ACTION_DONE[key]}Description`) });
      } catch (error) {
        console.error(error);
        toast({ variant: 'destructive', title: t(`mine.${key}Failed`), description: refusedText(t, error) });
      }
      void load();
    };
  const withdraw = confirmed(routes.withdraw, 'withdraw');
  const share = confirmed(routes.share, 'share');
  const withdrawRevision = confirmed(routes.withdrawRevision, 'withdrawRevision');

  const resubmit = async (id: number) => {
    if ((await askToResubmit(id, t)) !== undefined) void load();
  };

  const search = (
    <div className="mb-4">
      <TagBar active={tag} version={tagChanges + changes} onChanged={() => setTagChanges((n) => n + 1)} onFilter={filterBy} />
      <label htmlFor={searchId} className="sr-only">
        {t('mine.search')}
      </label>
      <Input
        id={searchId}
        type="search"
        value={typed}
        maxLength={100}
        placeholder={t('mine.search')}
        onChange={(event) => setTyped(event.target.value)}
        data-testid="my-prompts-search"
      />
    </div>
  );
  const bin = <RecentlyDeleted lng={lng} version={changes} onRestored={changed} />;
  if (list === null) return <div className="card h-40 animate-pulse bg-muted" aria-busy="true" />;
  if (list.length === 0 && (q || tag))
    return (
      <>
        {search}
        <p className="card px-6 py-10 text-center text-muted-foreground" role="status" data-testid="my-prompts-no-match">
          {t('mine.noMatch')}
        </p>
        {bin}
      </>
    );
  if (list.length === 0)
    return (
      <>
        <div className="card flex flex-col items-center px-6 py-16 text-center" data-testid="submissions-empty">
          <p className="text-muted-foreground">{t('mine.empty')}</p>
          <a href="/prompts/create" className={buttonClass({ variant: 'primary', className: 'mt-6' })}>
            <Icon name="plus" size={16} />
            {t('mine.create')}
          </a>
        </div>
        {bin}
      </>
    );
  return (
    <>
      {search}
      <ul className="grid gap-4" data-testid="my-submissions">
        {list.map((s) => (
          <li key={s.id} className="card min-w-0 p-5 wrap-anywhere" data-testid="submission" data-prompt-id={s.id} data-status={s.status}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 className="text-lg font-semibold break-words">
                  <a href={`/prompts/${s.id}`} className="hover:underline">
                    {s.title}
                  </a>
                </h3>
                <p className="mt-1 text-sm text-muted-foreground">{s.description}</p>
              </div>
              <StatusBadge status={s.status} label={s.status === 'approved' ? t('mine.published') : t(`status.${s.status}`)} />
            </div>
            <PromptTags key={s.tags.join('\n')} promptId={s.id} title={s.title} initial={s.tags} onSaved={() => setTagChanges((n) => n + 1)} />
            {s.status === 'private' ? (
              <p className="mt-4 text-sm text-muted-foreground">
                {t('mine.saved')} · <time dateTime={s.createdAt}>{formatTime(s.createdAt, lng)}</time>
              </p>
            ) : (
              <Timeline steps={s.timeline} lng={lng} />
            )}
            {s.status === 'rejected' && s.lastRejection && (
              <Rejection rejection={s.lastRejection} testId="rejection">
                <p className="mt-2 text-muted-foreground">{t('mine.resubmitHint')}</p>
              </Rejection>
            )}
            {s.pendingRevision && <PendingRevision submission={s} revision={s.pendingRevision} lng={lng} onWithdraw={() => void withdrawRevision(s.id)} />}
            {!s.pendingRevision && s.lastRevisionRejected && (
              <Rejection rejection={s.lastRevisionRejected} testId="revision-rejected">
                <p className="mt-1">
                  {t('mine.revisionRejected', { version: s.lastRevisionRejected.version, date: formatTime(s.lastRevisionRejected.at, lng) })}
                </p>
              </Rejection>
            )}
            <div className="mt-4 flex flex-wrap items-center justify-end gap-2">
              {s.status !== 'withdrawn' && (
                <a
                  href={`/prompts/${s.id}/edit`}
                  className={buttonClass({ variant: 'ghost', size: 'sm' })}
                  aria-label={t('mine.editLabel', { title: s.title })}
                  data-testid="edit"
                >
                  <Icon name="pen-line" size={14} />
                  {t('mine.edit')}
                </a>
              )}
              <a
                href={`/prompts/${s.id}/versions`}
                className={buttonClass({ variant: 'ghost', size: 'sm' })}
                aria-label={t('mine.versionsLabel', { title: s.title })}
                data-testid="versions-link"
              >
                <Icon name="clock" size={14} />
                {t('mine.versions')}
              </a>
              {/* The prompt as a Markdown file (the one format the import reads back alone): its page offers JSON and text too. */}
              <a
                href={hrefFor(routes.downloadPrompt, { params: { id: s.id }, query: { format: 'markdown' } })}
                download
                className={buttonClass({ variant: 'ghost', size: 'sm' })}
                aria-label={t('mine.downloadLabel', { title: s.title })}
                data-testid="download-link"
              >
                <Icon name="download" size={14} />
                {t('mine.download')}
              </a>
              {s.status === 'private' && (
                <Button icon="send" size="sm" onClick={() => void share(s.id)} data-testid="share">
                  {t('mine.share')}
                </Button>
              )}
              {s.status === 'rejected' && (
                <Button icon="send" size="sm" onClick={() => void resubmit(s.id)} data-testid="resubmit">
                  {t('mine.resubmit')}
                </Button>
              )}
              {(s.status === 'pending' || s.status === 'approved') && (
                <Button variant="outline" size="sm" onClick={() => void withdraw(s.id)} data-testid="withdraw">
                  {t('mine.withdraw')}
                </Button>
              )}
              <Button
                icon="trash"
                variant="ghost"
                size="sm"
                onClick={() => void remove(s)}
                aria-label={t('mine.deleteLabel', { title: s.title })}
                data-testid="delete"
              >
                {t('mine.delete')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore {...more} label={t('list.loadMore')} busyLabel={t('list.loadingMore')} />
      {bin}
    </>
  );
}

function Timeline({ steps, lng }: { steps: readonly TimelineEntry[]; lng: string }) {
  const t = useT<ScopeOf<'review'>>();
  return (
    <>
      <h4 className="mt-4 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t('mine.timeline')}</h4>
      <ol className="mt-2 space-y-1.5 border-l border-border pl-4 text-sm" data-testid="timeline">
        {steps.map((step, i) => (
          <li key={i} className="relative">
            <span className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-primary" aria-hidden="true" />
            <span className="font-medium">{t(`decision.${step.decision}`)}</span>{' '}
            <span className="text-muted-foreground">
              {step.byAuthor ? t('mine.byYou') : t('mine.byAdmin')} · <time dateTime={step.at}>{formatTime(step.at, lng)}</time>
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}

/** A published prompt's revision waiting for review: its version, note, the diff link, and Withdraw revision. */
function PendingRevision({ submission, revision, lng, onWithdraw }: { submission: SubmissionView; revision: Revision; lng: string; onWithdraw: () => void }) {
  const t = useT<ScopeOf<'review'>>();
  return (
    <div
      className="mt-4 rounded-lg border border-amber-500/30 bg-amber-500/10 px-4 py-3 text-sm"
      data-testid="pending-revision"
      data-version={revision.version}
    >
      <p className="font-semibold">{t('mine.pendingRevision')}</p>
      <p className="mt-1 text-muted-foreground">{t('mine.pendingRevisionText', { version: revision.version, date: formatTime(revision.at, lng) })}</p>
      {revision.note && <blockquote className="mt-2 border-l-2 border-amber-500/40 pl-3 italic">{revision.note}</blockquote>}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <a
          href={`/prompts/${submission.id}/versions?from=${submission.version}&to=${revision.version}`}
          className={buttonClass({ variant: 'ghost', size: 'sm' })}
          data-testid="see-changes"
        >
          {t('mine.seeChanges')}
        </a>
        <Button variant="outline" size="sm" onClick={onWithdraw} data-testid="withdraw-revision">
          {t('mine.withdrawRevision')}
        </Button>
      </div>
    </div>
  );
}
