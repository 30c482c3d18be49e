import { useId } from 'react';
import { DUPLICATE_NOTE_MAX, type DuplicateMatch } from '../../../modules/prompts/contracts';
import { useT } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import { Label } from '../../ui/Label';
import { Textarea } from '../../ui/Textarea';

/**
 * The near-duplicates of what the user is about to submit, each a link to the prompt
 * when they may see it (someone else's waiting prompt only says that one waits), and a note for
 * the reviewer; the form's button then reads "Submit anyway".
 */
export function PossibleDuplicates({ matches, note, onNote }: { matches: readonly DuplicateMatch[]; note: string; onNote: (note: string) => void }) {
  const t = useT<ScopeOf<'review'>>();
  const id = useId();
  if (matches.length === 0) return null;
  return (
    <section
      className="rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm"
      aria-labelledby={`${id}-title`}
      role="status"
      data-testid="possible-duplicates"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {t('duplicates.title')}
      </h3>
      <p className="mt-1 text-muted-foreground">{t('duplicates.text')}</p>
      <ul className="mt-3 space-y-1.5">
        {matches.map((m, i) => (
          <li
            key={m.id ?? `hidden-${i}`}
            className="flex flex-wrap items-baseline gap-x-2 wrap-anywhere"
            data-testid="duplicate-match"
            data-prompt-id={m.id ?? ''}
          >
            {m.id !== null ? (
              <a href={`/prompts/${m.id}`} target="_blank" rel="noopener" className="font-medium underline">
                {m.title}
              </a>
            ) : (
              <span className="font-medium">{t('duplicates.waiting')}</span>
            )}
            <span className="text-xs text-muted-foreground">
              {m.id !== null && `${t(m.status === 'published' ? 'duplicates.published' : 'duplicates.pending')} · `}
              {t('duplicates.similar', { percent: Math.round(m.similarity * 100) })}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-3 space-y-1.5">
        <Label htmlFor={`${id}-note`}>{t('duplicates.note')}</Label>
        <Textarea
          id={`${id}-note`}
          rows={2}
          maxLength={DUPLICATE_NOTE_MAX}
          value={note}
          onChange={(e) => onNote(e.target.value)}
          data-testid="duplicate-note"
        />
      </div>
    </section>
  );
}
