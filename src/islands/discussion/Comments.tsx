import { lazy, Suspense, useState } from 'react';
import type { CommentOrder, CommentPage, CommentView, ReportReason } from '../../../modules/discussion/contracts';
import { DISCUSSION_LIMITS } from '../../../modules/discussion/limits';
import { $currentUser } from '../../client/current-user';
import { api, HttpError } from '../../client/http';
import { useT, withStrings } from '../../client/strings';
import { reserveToast } from '../../ui/toast-store';
import * as routes from '../../shared/api-routes.generated';
import { formatNumber, formatTime } from '../../shared/format';
import { signInHref } from '../../shared/return-to';
import type { ScopeOf } from '../../shared/string-specs';
import type { Strings } from '../../shared/strings';
import { Avatar } from '../../ui/Avatar';
import { Button, buttonClass } from '../../ui/Button';
import { useHydratedStore } from '../../ui/hooks';
import { LoadMore } from '../../ui/LoadMore';
import { CommentText } from './CommentText';
import { answerIssue, BodyField, checkBody, issueMessage } from './forms';

// The report panel loads on first use: most readers never report.
const ReportForm = lazy(() => import('./report'));

interface Props {
  promptId: number;
  /** The author's account when public: its author is not offered Report prompt on their own prompt. */
  authorId: number | null;
  /** The first page as the server rendered it (in `order`). */
  initial: CommentPage;
  order: CommentOrder;
  strings: Strings<ScopeOf<'comments'>>;
}

type T = ReturnType<typeof useT<ScopeOf<'comments'>>>;
/** What one comment has open: a reply, an edit or a report. */
type Open = { id: number; mode: 'reply' | 'edit' | 'report' } | null;

/**
 * The detail page's comments: the server renders the first page and a real form (it posts to
 * /prompts/{id}/comments and comes back here without JavaScript); once hydrated, posting,
 * replying, editing (15 minutes), deleting, reporting, the order and "Load more" happen in place.
 */
export default withStrings(Comments);

function Comments({ promptId, authorId, initial, order: initialOrder, strings: { lng } }: Props) {
  const t = useT<ScopeOf<'comments'>>();
  const user = useHydratedStore($currentUser, undefined);
  const [order, setOrder] = useState(initialOrder);
  const [items, setItems] = useState(initial.items);
  const [total, setTotal] = useState(initial.total);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [loading, setLoading] = useState(false);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<Open>(null);

  const fetchPage = (o: CommentOrder, c?: number) => api(routes.comments, { params: { id: promptId }, query: { order: o, cursor: c } });
  const reload = async (o = order) => {
    const page = await fetchPage(o);
    setItems(page.items);
    setTotal(page.total);
    setCursor(page.nextCursor);
  };
  const more = async () => {
    if (cursor === null) return;
    setLoading(true);
    try {
      const page = await fetchPage(order, cursor);
      setItems((list) => [...list, ...page.items]);
      setCursor(page.nextCursor);
    } catch (e) {
      console.error(e);
    } finally {
      setLoading(false);
    }
  };
  const changeOrder = (o: CommentOrder) => {
    setOrder(o);
    const url = new URL(location.href);
    url.searchParams.set('order', o);
    history.replaceState(history.state, '', url);
    void reload(o).catch((e) => console.error(e));
  };

  const post = async () => {
    const issue = checkBody(body);
    if (issue) return setError(await issueMessage(t, issue));
    const toast = reserveToast();
    setBusy(true);
    try {
      await api(routes.postComment, { params: { id: promptId }, body: { body } });
      setBody('');
      setError(undefined);
      toast({ title: t('comments.toasts.posted') });
      await reload();
    } catch (e) {
      await failed(t, e, toast, (message) => setError(message));
    } finally {
      setBusy(false);
    }
  };

  const signedIn = !!user;
  return (
    <section id="comments" aria-labelledby="comments-heading" className="mt-12 max-w-3xl scroll-mt-20 wrap-anywhere" data-testid="comments">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="comments-heading" className="text-xl font-semibold">
          {t('comments.title')}{' '}
          <span className="text-base font-normal text-muted-foreground" data-testid="comment-total">
            ({formatNumber(total, lng)})
          </span>
        </h2>
        <nav aria-label={t('comments.order')} className="flex gap-1 rounded-lg bg-muted p-1 text-sm">
          {(['newest', 'oldest'] as const).map((o) => (
            <a
              key={o}
              href={`?order=${o}#comments`}
              aria-current={o === order ? 'true' : undefined}
              className={`rounded-md px-3 py-1 ${o === order ? 'bg-card font-medium shadow-sm' : 'text-muted-foreground hover:text-foreground'}`}
              data-testid={`order-${o}`}
              onClick={(e) => {
                e.preventDefault();
                changeOrder(o);
              }}
            >
              {t(`comments.${o}`)}
            </a>
          ))}
        </nav>
      </div>

      {user === null ? (
        <p className="mt-4 text-sm">
          <a href={signInHref(`/prompts/${promptId}#comments`)} className="font-medium text-link hover:underline" data-testid="comment-sign-in">
            {t('comments.signIn')}
          </a>
        </p>
      ) : (
        <form
          method="post"
          action={`/prompts/${promptId}/comments`}
          className="mt-4 grid gap-2"
          data-testid="comment-form"
          onSubmit={(e) => {
            e.preventDefault();
            void post();
          }}
        >
          <BodyField label={t('comments.label')} value={body} onChange={setBody} error={error} placeholder={t('comments.placeholder')} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-muted-foreground">{t('comments.hint', { limit: formatNumber(DISCUSSION_LIMITS.body.max, lng) })}</p>
            <Button type="submit" size="sm" disabled={busy} data-testid="post-comment">
              {busy ? t('comments.posting') : t('comments.post')}
            </Button>
          </div>
        </form>
      )}

      {signedIn && user?.id !== authorId && (
        <div className="mt-2">
          <ReportPromptButton promptId={promptId} t={t} />
        </div>
      )}

      {items.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground" data-testid="comments-empty">
          {t('comments.empty')}
        </p>
      ) : (
        <ol className="mt-6 grid gap-4" data-testid="comment-list">
          {items.map((c) => (
            <li key={c.id} className="card p-4" data-testid="comment-thread">
              <Comment c={c} t={t} lng={lng} userId={signedIn ? user.id : null} open={open} setOpen={setOpen} reload={reload} promptId={promptId} />
              {c.replies.length > 0 && (
                <ol className="mt-3 grid gap-3 border-l-2 border-border pl-4">
                  {c.replies.map((r) => (
                    <li key={r.id} data-testid="comment-reply">
                      <Comment c={r} t={t} lng={lng} userId={signedIn ? user.id : null} open={open} setOpen={setOpen} reload={reload} promptId={promptId} />
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      )}
      <LoadMore hasMore={cursor !== null} busy={loading} onClick={() => void more()} label={t('comments.loadMore')} busyLabel={t('comments.loadingMore')} />
    </section>
  );
}

/** A failed write: the field's message for a 400, else a toast (429's own words, the edit window's). */
async function failed(t: T, e: unknown, toast: ReturnType<typeof reserveToast>, onField?: (message: string) => void) {
  console.error(e);
  const field = await issueMessage(t, answerIssue(e, 'body'));
  if (field && onField) return onField(field);
  const status = e instanceof HttpError ? e.status : 0;
  const description = status === 429 ? t('comments.toasts.tooFast') : status === 409 ? t('comments.toasts.editWindow') : t('comments.toasts.failedDescription');
  toast({ variant: 'destructive', title: t('comments.toasts.failed'), description });
}

function Comment({
  c,
  t,
  lng,
  userId,
  open,
  setOpen,
  reload,
  promptId,
}: {
  c: CommentView;
  t: T;
  lng: string;
  userId: number | null;
  open: Open;
  setOpen: (o: Open) => void;
  reload: () => Promise<void>;
  promptId: number;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const mine = userId !== null && c.authorId === userId;
  const editable = mine && Date.now() - Date.parse(c.createdAt) < DISCUSSION_LIMITS.editWindowMs;
  const mode = open?.id === c.id ? open.mode : null;
  const name = c.authorName || t('comments.deletedUser');
  const start = (m: 'reply' | 'edit' | 'report') => {
    setText(m === 'edit' ? (c.body ?? '') : '');
    setError(undefined);
    setOpen({ id: c.id, mode: m });
  };

  const write = async (action: () => Promise<unknown>, done: string) => {
    const issue = checkBody(text);
    if (issue) return setError(await issueMessage(t, issue));
    const toast = reserveToast();
    setBusy(true);
    try {
      await action();
      setOpen(null);
      toast({ title: done });
      await reload();
    } catch (e) {
      await failed(t, e, toast, setError);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!confirm(t('comments.confirmDelete'))) return;
    const toast = reserveToast();
    try {
      await api(routes.deleteComment, { params: { id: c.id } });
      toast({ title: t('comments.toasts.deleted') });
      await reload();
    } catch (e) {
      await failed(t, e, toast);
    }
  };
  const report = async (reason: ReportReason, note: string) => {
    const toast = reserveToast();
    await api(routes.reportComment, { params: { id: c.id }, body: { reason, note } });
    setOpen(null);
    toast({ title: t('comments.toasts.reported'), description: t('comments.toasts.reportedDescription') });
  };

  if (c.removed)
    return (
      <p className="text-sm text-muted-foreground italic" data-testid="comment-deleted">
        {t('comments.deleted')}
      </p>
    );
  return (
    <article aria-label={name} data-testid="comment" data-comment-id={c.id}>
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Avatar name={name} size="xs" />
        <span className="font-medium" data-testid="comment-author">
          {name}
        </span>
        <time dateTime={c.createdAt} className="text-xs text-muted-foreground">
          {formatTime(c.createdAt, lng)}
        </time>
        {c.editedAt && <span className="text-xs text-muted-foreground">· {t('comments.edited')}</span>}
      </header>
      {mode === 'edit' ? (
        <form
          className="mt-2 grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void write(() => api(routes.editComment, { params: { id: c.id }, body: { body: text } }), t('comments.toasts.updated'));
          }}
        >
          <BodyField label={t('comments.edit')} value={text} onChange={setText} error={error} name="edit" autoFocus />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => setOpen(null)}>
              {t('comments.cancel')}
            </Button>
            <Button type="submit" size="sm" disabled={busy} data-testid="save-comment">
              {t('comments.save')}
            </Button>
          </div>
        </form>
      ) : (
        <CommentText text={c.body ?? ''} />
      )}
      {userId !== null && mode !== 'edit' && (
        <div className="mt-2 flex flex-wrap gap-1">
          {c.parentId === null && (
            <Button variant="ghost" size="sm" onClick={() => start('reply')} aria-label={t('comments.replyTo', { name })} data-testid="reply">
              {t('comments.reply')}
            </Button>
          )}
          {editable && (
            <Button variant="ghost" size="sm" onClick={() => start('edit')} data-testid="edit-comment">
              {t('comments.edit')}
            </Button>
          )}
          {mine && (
            <Button variant="ghost" size="sm" onClick={() => void remove()} data-testid="delete-comment">
              {t('comments.delete')}
            </Button>
          )}
          {!mine && (
            <Button variant="ghost" size="sm" onClick={() => start('report')} data-testid="report-comment">
              {t('comments.report')}
            </Button>
          )}
        </div>
      )}
      {mode === 'reply' && (
        <form
          className="mt-2 grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void write(() => api(routes.postComment, { params: { id: promptId }, body: { body: text, parentId: c.id } }), t('comments.toasts.posted'));
          }}
        >
          <BodyField label={t('comments.replyLabel')} value={text} onChange={setText} error={error} name="reply" autoFocus />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => setOpen(null)}>
              {t('comments.cancel')}
            </Button>
            <Button type="submit" size="sm" disabled={busy} data-testid="post-reply">
              {t('comments.postReply')}
            </Button>
          </div>
        </form>
      )}
      {mode === 'report' && (
        <Suspense fallback={null}>
          <ReportForm title={t('comments.reportTitle')} onSend={report} onCancel={() => setOpen(null)} />
        </Suspense>
      )}
    </article>
  );
}

/** "Report prompt" beside the detail page's comments, for signed-in members. */
function ReportPromptButton({ promptId, t }: { promptId: number; t: T }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button type="button" className={buttonClass({ variant: 'ghost', size: 'sm' })} onClick={() => setOpen(true)} data-testid="report-prompt">
        {t('comments.reportPrompt')}
      </button>
    );
  return (
    <Suspense fallback={null}>
      <ReportForm
        title={t('comments.reportPromptTitle')}
        onCancel={() => setOpen(false)}
        onSend={async (reason, note) => {
          const toast = reserveToast();
          await api(routes.reportPrompt, { params: { id: promptId }, body: { reason, note } });
          setOpen(false);
          toast({ title: t('comments.toasts.reported'), description: t('comments.toasts.reportedDescription') });
        }}
      />
    </Suspense>
  );
}
