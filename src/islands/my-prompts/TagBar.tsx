import { useEffect, useState } from 'react';
import type { TagView } from '../../../modules/tags/contracts';
import { api, refusedText } from '../../client/http';
import * as routes from '../../shared/api-routes.generated';
import { reserveToast } from '../../ui/toast-store';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { useT } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';

/** The address of My Prompts filtered by `tag` (none: every prompt): links, so the filter works before and without scripts. */
export const tagHref = (tag?: string) => `/dashboard?tab=submissions${tag ? `&tag=${encodeURIComponent(tag)}` : ''}`;

/**
 * My Prompts' tags: each a link that filters the list (the address keeps it), with its count;
 * the filtered tag can be renamed (into another: merged) or deleted across the library.
 */
export function TagBar({ active, version, onChanged }: { active?: string; version: number; onChanged: () => void }) {
  const t = useT<ScopeOf<'review'>>();
  const [tags, setTags] = useState<TagView[] | null>(null);
  useEffect(() => {
    void api(routes.myTags).then(
      (r) => setTags(r.items),
      () => setTags([]),
    );
  }, [version]);
  const current = tags?.find((x) => x.tag.toLowerCase() === active?.toLowerCase())?.tag ?? active;

  const change = async (run: () => Promise<{ merged?: boolean }>, done: (merged?: boolean) => string, next?: string) => {
    const toast = reserveToast();
    try {
      const result = await run();
      toast({ title: done(result.merged) });
      // The address follows the tag: renamed, it filters by the new name; deleted, by none.
      window.location.assign(tagHref(next));
    } catch (error) {
      toast({ variant: 'destructive', title: t('mine.tags.changeFailed'), description: refusedText(t, error) });
      onChanged();
    }
  };
  const rename = (tag: string) => {
    const to = prompt(t('mine.tags.renamePrompt', { tag }), tag)?.trim();
    if (!to || to === tag) return;
    void change(
      () => api(routes.renameTag, { body: { from: tag, to } }),
      (merged) => t(merged ? 'mine.tags.merged' : 'mine.tags.renamed'),
      to,
    );
  };
  const remove = (tag: string) => {
    if (!confirm(t('mine.tags.deleteConfirm', { tag }))) return;
    void change(
      () => api(routes.deleteTag, { body: { tag } }),
      () => t('mine.tags.deleted'),
    );
  };

  if (tags === null) return null;
  return (
    <nav aria-label={t('mine.tags.filterLabel')} className="mb-4" data-testid="tag-bar">
      {tags.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('mine.tags.none')}</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5">
          <li>
            <a href={tagHref()} aria-current={!active ? 'page' : undefined} className={chip(!active)}>
              {t('mine.tags.all')}
            </a>
          </li>
          {tags.map(({ tag, count }) => {
            const on = tag.toLowerCase() === active?.toLowerCase();
            return (
              <li key={tag}>
                <a href={tagHref(tag)} aria-current={on ? 'page' : undefined} className={chip(on)} data-testid="tag-filter" data-tag={tag}>
                  {tag} <span className="opacity-70">{count}</span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
      {current && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <h3 className="text-sm font-semibold" data-testid="tag-filtered">
            {t('mine.tags.filtered', { tag: current })}
          </h3>
          <Button variant="ghost" size="sm" onClick={() => rename(current)} data-testid="tag-rename">
            <Icon name="pen-line" size={14} />
            {t('mine.tags.rename')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => remove(current)} data-testid="tag-delete">
            <Icon name="trash" size={14} />
            {t('mine.tags.delete')}
          </Button>
        </div>
      )}
    </nav>
  );
}

const chip = (on: boolean) =>
  `inline-flex items-center gap-1 rounded-full border px-3 py-1 text-xs font-medium transition-colors ${
    on ? 'border-primary bg-primary text-primary-foreground' : 'border-border hover:bg-muted'
  }`;
