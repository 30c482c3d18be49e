import type { ReviewPromptView } from '../../../modules/prompts/contracts';
import { useT } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';

/** The admin's mark on a queued prompt found near-duplicate at submission: links to those prompts, and the submitter's note. */
export function LikelyDuplicates({ prompt }: { prompt: Pick<ReviewPromptView, 'similarTo' | 'duplicateNote'> }) {
  const t = useT<ScopeOf<'review'>>();
  if (prompt.similarTo.length === 0) return null;
  return (
    <div className="mt-1 text-xs font-normal" data-testid="likely-duplicates">
      <span className="rounded bg-amber-500/15 px-1.5 py-0.5 font-semibold text-amber-800 dark:text-amber-300">{t('duplicates.likely')}</span>{' '}
      {prompt.similarTo.map((s, i) => (
        <span key={s.id}>
          {i > 0 && ', '}
          <a href={`/prompts/${s.id}`} target="_blank" rel="noopener" className="underline" data-testid="likely-duplicate" data-prompt-id={s.id}>
            #{s.id} {s.title}
          </a>
        </span>
      ))}
      {prompt.duplicateNote && (
        <p className="mt-1 text-muted-foreground">
          {t('duplicates.submitterNote')}: <q>{prompt.duplicateNote}</q>
        </p>
      )}
    </div>
  );
}
