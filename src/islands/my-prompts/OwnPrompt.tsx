import { useState } from 'react';
import { hasTemplateVariables, type OwnPromptView, type RejectionView } from '../../../modules/prompts/contracts';
import { api, refusedText } from '../../client/http';
import { recordUseAndCopy } from '../../client/prompt-actions';
import * as routes from '../../shared/api-routes.generated';
import { askToDelete, askToResubmit, Rejection, restoreDeleted, StatusBadge, type ReviewProps } from '../shared/review-parts';
import { formatTime } from '../../shared/format';
import { useT, withStrings } from '../../client/strings';
import { reserveToast } from '../../ui/toast-store';
import { Button, buttonClass } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import type { ScopeOf } from '../../shared/string-specs';
import { useFillPanel } from '../fill/useFillPanel';
import { AddToCollectionButton } from '../library/AddToCollection';
import { PromptTags } from './PromptTags';

interface Props extends ReviewProps {
  /** The prompt as its author (or the admin) sees it, read by the page: it renders on the server, so nothing flashes. */
  initial: OwnPromptView;
  /** The standing rejection's reason and note (a rejected prompt). */
  rejection: RejectionView | null;
  /** The viewer wrote it (the admin sees others' unpublished prompts, but only its author deletes one). */
  isAuthor: boolean;
  /** A saved copy's original: its title and author while it is public (else null), read by the page. */
  copiedFrom?: { id: number; title: string | null; author: string | null } | null;
  /** The prompt's downloads (Markdown, JSON, text), plain links made by the page. */
  downloads?: { format: string; label: string; href: string }[];
  /** Its author's tags on it (null: the viewer is not its author, and tags are their owner's alone). */
  tags?: string[] | null;
}

/**
 * /prompts/{id} of a prompt that is not public, as its submitter or the admin (a private
 * prompt: its author only) sees it: the page renders it with status 200 and the prompt's own
 * title (never cached); everyone else gets "Error Loading Prompt" with 404. Marked with its
 * status, with what comes next: a private one can be submitted to the community, a rejected
 * one shows why and can be resubmitted once edited, and any can be edited, copied or deleted
 * (then the page says so, with Restore, until its author leaves it).
 */
export default withStrings(OwnPromptView);

function OwnPromptView({ initial, rejection, isAuthor, copiedFrom = null, downloads = [], tags = null, strings: { lng } }: Props) {
  const t = useT<ScopeOf<'review'>>();
  const [prompt, setPrompt] = useState<OwnPromptView>(initial);
  const [deleted, setDeleted] = useState(false);
  const id = prompt.id;
  // An unpublished prompt is copied without a public use (there is nothing public to count).
  const fill = useFillPanel(id, undefined, false);
  const notice = (
    {
      private: 'own.privateNotice',
      pending: 'own.pendingNotice',
      rejected: 'own.rejectedNotice',
      approved: 'own.withdrawnNotice',
      withdrawn: 'own.withdrawnNotice',
    } as const
  )[prompt.status];
  const resubmit = async () => {
    const resubmitted = await askToResubmit(id, t);
    if (resubmitted) setPrompt(resubmitted);
  };
  const share = async () => {
    if (!confirm(t('mine.shareConfirm'))) return;
    const toast = reserveToast();
    try {
      const { status, ...shared } = await api(routes.share, { params: { id } });
      setPrompt({ ...shared, status });
      toast({ title: t('mine.sharedTitle'), description: t('mine.sharedDescription') });
    } catch (error) {
      console.error(error);
      // A prompt past the public library's limits (a long import) says why it cannot go as it is.
      toast({ variant: 'destructive', title: t('mine.shareFailed'), description: refusedText(t, error) });
    }
  };
  // Undone at once, a pending prompt is pending again; restored later, it stands withdrawn: the server says which.
  const remove = () =>
    askToDelete(id, prompt.status, t, (restored, status) => {
      setDeleted(!restored);
      if (restored && status) setPrompt({ ...prompt, status: status as typeof prompt.status });
    });
  const restore = async () => {
    const status = await restoreDeleted(id, t);
    if (status) {
      setDeleted(false);
      setPrompt({ ...prompt, status: status as typeof prompt.status });
    }
  };
  if (deleted)
    return (
      <article className="container-page max-w-4xl pt-8 sm:pt-10" aria-labelledby="own-prompt-title" data-testid="own-prompt-deleted">
        <h1 id="own-prompt-title" className="text-3xl leading-tight font-bold tracking-tight text-balance sm:text-4xl">
          {prompt.title}
        </h1>
        <div className="mt-6 rounded-xl border border-border bg-muted px-4 py-3 text-sm" role="status">
          <p className="font-semibold">{t('mine.deletedTitle')}</p>
          <p className="mt-1 text-muted-foreground">{t('mine.deletedDescription')}</p>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button icon="rotate-ccw" onClick={() => void restore()} data-testid="restore">
            {t('mine.restore')}
          </Button>
          <a href="/dashboard?tab=prompts" className={buttonClass({ variant: 'outline' })}>
            {t('mine.title')}
          </a>
        </div>
      </article>
    );
  return (
    <article className="container-page max-w-4xl pt-8 sm:pt-10" aria-labelledby="own-prompt-title" data-testid="own-prompt">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={prompt.status} label={t(`status.${prompt.status}`)} />
        <time dateTime={prompt.createdAt} className="text-sm text-muted-foreground">
          {formatTime(prompt.createdAt, lng)}
        </time>
      </div>
      <h1 id="own-prompt-title" className="mt-4 text-3xl leading-tight font-bold tracking-tight text-balance sm:text-4xl">
        {prompt.title}
      </h1>
      <p className="mt-3 text-lg leading-8 text-muted-foreground">{prompt.description}</p>
      {copiedFrom && (
        <p className="mt-3 text-sm text-muted-foreground" data-testid="copied-from">
          {copiedFrom.title !== null ? (
            <a href={`/prompts/${copiedFrom.id}`} className="font-medium text-link hover:underline">
              {t('own.copiedFrom', { title: copiedFrom.title, author: copiedFrom.author ?? '' })}
            </a>
          ) : (
            t('own.copiedFromGone')
          )}
        </p>
      )}
      <p className="mt-6 rounded-xl border border-amber-500/30 bg-amber-500/10 px-4 py-3 text-sm" role="status" data-testid="own-notice">
        {t(notice)}
      </p>
      {prompt.status === 'rejected' && rejection && (
        <Rejection rejection={rejection} testId="rejection">
          <p className="mt-2 text-muted-foreground">{t('mine.resubmitHint')}</p>
        </Rejection>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          icon="copy"
          variant={prompt.status === 'private' || prompt.status === 'rejected' ? 'outline' : 'primary'}
          onClick={() => (hasTemplateVariables(prompt.content) ? fill.open() : void recordUseAndCopy(id, undefined, false))}
          data-testid="own-copy"
        >
          {t('own.copy')}
        </Button>
        {prompt.status === 'rejected' && (
          <Button icon="send" onClick={() => void resubmit()} data-testid="resubmit">
            {t('mine.resubmit')}
          </Button>
        )}
        {prompt.status === 'private' && (
          <Button icon="send" onClick={() => void share()} data-testid="share">
            {t('mine.share')}
          </Button>
        )}
        {prompt.status !== 'withdrawn' && (
          <a href={`/prompts/${id}/edit`} className={buttonClass({ variant: 'outline' })} data-testid="own-edit">
            <Icon name="pen-line" size={14} />
            {t('mine.edit')}
          </a>
        )}
        <a href={`/prompts/${id}/versions`} className={buttonClass({ variant: 'ghost' })} data-testid="own-versions">
          <Icon name="clock" size={14} />
          {t('mine.versions')}
        </a>
        {/* Its author keeps it in their own collections too (nobody else sees it there). */}
        {isAuthor && <AddToCollectionButton promptId={id} size="md" label={t('own.addToCollection')} />}
        {isAuthor && (
          <Button icon="trash" variant="ghost" onClick={() => void remove()} data-testid="own-delete">
            {t('mine.delete')}
          </Button>
        )}
      </div>
      {downloads.length > 0 && (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm" data-testid="downloads">
          <span className="text-muted-foreground">{t('own.download')}</span>
          {downloads.map((d) => (
            <a key={d.format} href={d.href} download className={buttonClass({ variant: 'ghost', size: 'sm' })} data-testid={`download-${d.format}`}>
              <Icon name="download" size={14} />
              {d.label}
            </a>
          ))}
        </div>
      )}
      {tags && (
        <div className="mt-4" data-testid="own-tags">
          <PromptTags promptId={id} title={prompt.title} initial={tags} className="" />
          <p className="mt-1 text-xs text-muted-foreground">{t('mine.tags.private')}</p>
        </div>
      )}
      {fill.panel}
      <pre
        className="card mt-6 max-h-[36rem] overflow-auto p-5 font-mono text-[0.8125rem] leading-6 break-words whitespace-pre-wrap sm:text-sm"
        data-testid="prompt-content"
      >
        {prompt.content}
      </pre>
    </article>
  );
}
