import { useState } from 'react';
import type { RejectionView, ReviewPromptView } from '../../../modules/prompts/contracts';
import { RejectDecision } from './RejectDecision';
import { RejectedBefore } from './RejectedBefore';
import { LikelyDuplicates } from './LikelyDuplicates';
import { usePendingQueue } from '../../client/review-queue';
import { DecisionButton, type ReviewProps } from '../shared/review-parts';
import { formatTime } from '../../shared/format';
import { Button } from '../../ui/Button';
import { useT, withStrings } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import { CardList } from '../../ui/CardList';

/** Collapsed cards show this much of the content (whole lines would be cut by the box's padding). */
const PREVIEW_CHARS = 160;

/** The dashboard's Admin tab: pending prompts as cards with Show/Hide Full Content, Approve, Reject. */
export default withStrings(PendingCards);

function PendingCards({ strings: { lng } }: ReviewProps) {
  const t = useT<ScopeOf<'review'>>();
  const { queue, busy, review, more } = usePendingQueue('dashboard');
  return (
    <CardList items={queue} empty={t('admin.empty')} emptyTestId="queue-empty" testId="pending-cards" gap="gap-4" more={more} t={t}>
      {(p) => <PendingCard key={p.id} prompt={p} lng={lng} busy={busy === p.id} review={review} />}
    </CardList>
  );
}

function PendingCard({
  prompt,
  lng,
  busy,
  review,
}: {
  prompt: ReviewPromptView;
  lng: string;
  busy: boolean;
  review: (id: number, approve: boolean, rejection?: RejectionView) => Promise<void>;
}) {
  const t = useT<ScopeOf<'review'>>();
  const [full, setFull] = useState(false);
  const contentId = `pending-content-${prompt.id}`;
  // The toggle only where the preview hides something: a short prompt is shown whole.
  const truncated = prompt.content.length > PREVIEW_CHARS;
  return (
    <li className="card min-w-0 p-5 wrap-anywhere" data-testid="pending-card" data-prompt-id={prompt.id}>
      <h3 className="text-lg font-semibold">{prompt.title}</h3>
      <p className="mt-1 text-xs text-muted-foreground">
        {prompt.authorName} · {t('admin.submittedOn', { date: formatTime(prompt.createdAt, lng) })}
      </p>
      <LikelyDuplicates prompt={prompt} />
      <p className="mt-3 text-sm text-muted-foreground">{prompt.description}</p>
      {prompt.lastRejection && (
        <div className="mt-3">
          <RejectedBefore rejected={prompt.lastRejection} now={prompt} version={prompt.version} />
        </div>
      )}
      <pre id={contentId} className="mt-3 rounded-lg bg-muted p-3 font-mono text-xs leading-5 break-words whitespace-pre-wrap" data-testid="pending-content">
        {full || !truncated ? prompt.content : `${prompt.content.slice(0, PREVIEW_CHARS).trimEnd()}…`}
      </pre>
      <div className="mt-4 flex flex-wrap gap-2">
        {truncated && (
          <Button variant="ghost" size="sm" aria-expanded={full} aria-controls={contentId} onClick={() => setFull((f) => !f)} data-testid="toggle-content">
            {full ? t('admin.hideContent') : t('admin.showContent')}
          </Button>
        )}
        <span className="flex-1" />
        <RejectDecision title={prompt.title} busy={busy} onReject={(rejection) => void review(prompt.id, false, rejection)} />
        <DecisionButton approve busy={busy} onClick={() => void review(prompt.id, true)} />
      </div>
    </li>
  );
}
