import { useEffect, useRef, useState } from 'react';
import { TAG_LIMITS } from '../../../modules/tags/limits';
import { api, refusedText } from '../../client/http';
import * as routes from '../../shared/api-routes.generated';
import { reserveToast } from '../../ui/toast-store';
import { TagInput } from '../../ui/TagInput';
import { StringsProvider, useT } from '../../client/strings';
import type { Strings } from '../../shared/strings';
import type { ScopeOf } from '../../shared/string-specs';

/**
 * One prompt's tags in My Prompts: each change is saved at once (the whole set); a refusal says
 * why and puts back the tags last saved. The field stays enabled while a save runs (a disabled
 * field loses the keyboard's focus): saves run one after another, and only the latest answer
 * replaces what is shown.
 */
export function PromptTags({
  promptId,
  title,
  initial,
  onSaved,
  className = 'mt-3',
}: {
  promptId: number;
  title: string;
  initial: string[];
  onSaved?: () => void;
  className?: string;
}) {
  const t = useT<ScopeOf<'promptTags'>>();
  const [tags, setTags] = useState(initial);
  const saved = useRef(initial);
  const queue = useRef(Promise.resolve());
  const latest = useRef(0);
  const save = (next: string[]) => {
    setTags(next);
    const turn = ++latest.current;
    queue.current = queue.current.then(async () => {
      try {
        saved.current = (await api(routes.setPromptTags, { params: { id: promptId }, body: { tags: next } })).tags;
        if (turn === latest.current) setTags(saved.current);
        onSaved?.();
      } catch (error) {
        if (turn === latest.current) setTags(saved.current);
        reserveToast()({ variant: 'destructive', title: t('mine.tags.saveFailed'), description: refusedText(t, error) });
      }
    });
  };
  return (
    <div className={`${className} flex items-start gap-2 text-sm`}>
      <span className="mt-0.5 shrink-0 text-xs font-semibold tracking-wide text-muted-foreground uppercase" aria-hidden="true">
        {t('mine.tags.label')}
      </span>
      <TagInput
        tags={tags}
        onChange={save}
        label={`${t('mine.tags.label')}: ${title}`}
        placeholder={t('mine.tags.placeholder')}
        removeLabel={(tag) => t('mine.tags.remove', { tag })}
        maxLength={TAG_LIMITS.length * 2}
        testId="prompt-tags"
      />
    </div>
  );
}

/**
 * The owner's tags on their published prompt's page. That page is cached and the same for
 * everyone, so the tags are asked for once hydrated, by its owner only (`GET
 * /api/prompts/{id}/tags`); until they come, and for anyone else, nothing shows.
 */
export function PublishedPromptTags({ promptId, title, strings }: { promptId: number; title: string; strings: Strings<ScopeOf<'promptTags'>> }) {
  const [tags, setTags] = useState<string[] | null>(null);
  useEffect(() => {
    let live = true;
    api(routes.promptTags, { params: { id: promptId } })
      .then((answer) => live && setTags(answer.tags))
      .catch((error: unknown) => console.error(error));
    return () => {
      live = false;
    };
  }, [promptId]);
  if (!tags) return null;
  return (
    <StringsProvider strings={strings}>
      <div className="mt-4 border-t pt-4" data-testid="own-tags">
        <PromptTags promptId={promptId} title={title} initial={tags} className="" />
        <PrivateHint />
      </div>
    </StringsProvider>
  );
}

/** The page is public; the tags are not: said under the field. */
function PrivateHint() {
  const t = useT<ScopeOf<'promptTags'>>();
  return <p className="mt-2 text-xs text-muted-foreground">{t('mine.tags.private')}</p>;
}
