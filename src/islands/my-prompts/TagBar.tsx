import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TagView } from '../../../modules/tags/contracts';
import { api, refusedText } from '../../client/http';
import * as routes from '../../shared/api-routes.generated';
import { reserveToast } from '../../ui/toast-store';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { TAG_LIMITS } from '../../../modules/tags/limits';
import { useT } from '../../client/strings';
import { UNDO_TOAST_MS } from '../shared/review-parts';
import type { ScopeOf } from '../../shared/string-specs';

/** The address of My Prompts filtered by `tag` (none: every prompt): links, so the filter works before and without scripts. */
export const tagHref = (tag?: string) => `/dashboard?tab=submissions${tag ? `&tag=${encodeURIComponent(tag)}` : ''}`;

/**
 * My Prompts' tags: each a link that filters the list (the address keeps it), with its count;
 * the filtered tag can be renamed (into another: merged) or deleted across the library.
 */
export function TagBar({
  active,
  version,
  onChanged,
  onFilter,
}: {
  active?: string;
  version: number;
  onChanged: () => void;
  /** Filters the list by `tag` (none: every prompt) in place, the address following. */
  onFilter: (tag?: string) => void;
}) {
  const t = useT<ScopeOf<'review'>>();
  const [tags, setTags] = useState<TagView[] | null>(null);
  useEffect(() => {
    void api(routes.myTags).then(
      (r) => setTags(r.items),
      () => setTags([]),
    );
  }, [version]);
  const current = tags?.find((x) => x.tag.toLowerCase() === active?.toLowerCase())?.tag ?? active;

  // Which question is open: the kit's dialog, not the browser's prompt() and confirm() (styled, translated, keyboard-trapped).
  const [asking, setAsking] = useState<'rename' | 'delete' | null>(null);
  const [to, setTo] = useState('');
  const renameId = useId();
  const renameInput = useRef<HTMLInputElement>(null);
  // Where the keyboard goes once a delete or its Undo changed the bar: the button pressed has gone with the filter.
  const bar = useRef<HTMLElement>(null);
  // The dialog opens to type the new name: once it is shown (the child's effect runs first), the
  // field takes the focus, its text selected to be typed over.
  useEffect(() => {
    if (asking === 'rename') renameInput.current?.select();
  }, [asking]);
  const close = () => setAsking(null);
  const rename = (event: FormEvent) => {
    event.preventDefault();
    const tag = current!;
    const next = to.trim();
    close();
    if (!next || next === tag) return;
    void renameTo(tag, next);
  };
  // Changed in place, as a delete is: the filter (and the address) follows the new name.
  const renameTo = async (tag: string, next: string) => {
    const toast = reserveToast();
    try {
      const { merged } = await api(routes.renameTag, { body: { from: tag, to: next } });
      toast({ title: t(merged ? 'mine.tags.merged' : 'mine.tags.renamed') });
      onFilter(next);
    } catch (error) {
      toast({ variant: 'destructive', title: t('mine.tags.changeFailed'), description: refusedText(t, error) });
    }
    onChanged();
  };
  // Deleted in place, so the toast can offer Undo (a new page would drop it): the list shows every prompt meanwhile.
  const remove = async () => {
    const tag = current!;
    close();
    const toast = reserveToast();
    try {
      await api(routes.deleteTag, { body: { tag } });
    } catch (error) {
      toast({ variant: 'destructive', title: t('mine.tags.changeFailed'), description: refusedText(t, error) });
      onChanged();
      return;
    }
    onFilter(undefined);
    onChanged();
    bar.current?.focus();
    toast({
      title: t('mine.tags.deleted'),
      description: t('mine.tags.deletedDescription', { tag }),
      durationMs: UNDO_TOAST_MS,
      action: { label: t('mine.undo'), run: () => void undoRemove(tag) },
    });
  };
  const undoRemove = async (tag: string) => {
    const toast = reserveToast();
    try {
      await api(routes.undoDeleteTag, { body: { tag } });
      onFilter(tag);
      onChanged();
      bar.current?.focus();
      toast({ title: t('mine.tags.restored', { tag }) });
    } catch (error) {
      toast({ variant: 'destructive', title: t('mine.tags.undoFailed'), description: refusedText(t, error) });
    }
  };

  if (tags === null) return null;
  return (
    <nav ref={bar} tabIndex={-1} aria-label={t('mine.tags.filterLabel')} className="mb-4 rounded-lg outline-none" data-testid="tag-bar">
      {tags.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('mine.tags.none')}</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5">
          <li>
            <a href={tagHref()} aria-current={!active ? 'page' : undefined} className={tagChipClass(!active)}>
              {t('mine.tags.all')}
            </a>
          </li>
          {tags.map(({ tag, count }) => {
            const on = tag.toLowerCase() === active?.toLowerCase();
            return (
              <li key={tag}>
                <a href={tagHref(tag)} aria-current={on ? 'page' : undefined} className={tagChipClass(on)} data-testid="tag-filter" data-tag={tag}>
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
          <Button
            icon="pen-line"
            variant="ghost"
            size="sm"
            onClick={() => {
              setTo(current);
              setAsking('rename');
            }}
            data-testid="tag-rename"
          >
            {t('mine.tags.rename')}
          </Button>
          <Button icon="trash" variant="ghost" size="sm" onClick={() => setAsking('delete')} data-testid="tag-delete">
            {t('mine.tags.delete')}
          </Button>
        </div>
      )}
      <Dialog open={asking === 'rename'} onClose={close} title={t('mine.tags.renameTitle')} closeLabel={t('mine.tags.cancel')} data-testid="tag-rename-dialog">
        <form onSubmit={rename}>
          <Label htmlFor={renameId}>{t('mine.tags.renamePrompt', { tag: current ?? '' })}</Label>
          <Input
            id={renameId}
            ref={renameInput}
            className="mt-2"
            value={to}
            maxLength={TAG_LIMITS.length * 2}
            onChange={(e) => setTo(e.target.value)}
            data-testid="tag-rename-input"
          />
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={close}>
              {t('mine.tags.cancel')}
            </Button>
            <Button type="submit" variant="primary" data-testid="tag-rename-confirm">
              {t('mine.tags.rename')}
            </Button>
          </div>
        </form>
      </Dialog>
      <Dialog open={asking === 'delete'} onClose={close} title={t('mine.tags.deleteTitle')} closeLabel={t('mine.tags.cancel')} data-testid="tag-delete-dialog">
        <p className="text-sm">{t('mine.tags.deleteConfirm', { tag: current ?? '' })}</p>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={close}>
            {t('mine.tags.cancel')}
          </Button>
          <Button variant="destructive" onClick={() => void remove()} data-testid="tag-delete-confirm">
            {t('mine.tags.delete')}
          </Button>
        </div>
      </Dialog>
    </nav>
  );
}

/** A tag filter's chip (My Prompts' bar and a collection's): filled when it is the filter in force. */
export const tagChipClass = (on: boolean) =>
  `inline-flex items-center gap-1 rounded-full border px-3 py-1 text-xs font-medium transition-colors ${
    on ? 'border-primary bg-primary text-primary-foreground' : 'border-border hover:bg-muted'
  }`;
