import { useEffect, useMemo, useRef, useState } from 'react';
import { convertForeignPlaceholders, findForeignPlaceholders } from '../../../modules/prompts/contracts';
import { useT } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import { Button } from '../../ui/Button';
import { useHydrated } from '../../ui/hooks';
import { Icon } from '../../ui/Icon';

/** How many placeholders the hint names before "…": the count says the rest. */
const LISTED = 5;

/**
 * Under the content field: placeholders written for other tools (`[Paste your CV here]`,
 * `${topic}`, …: modules/prompts/placeholders.ts), and one click that turns them into
 * Promptory's fill-in variables, with Undo while the content is still what the conversion
 * made. Shown once hydrated only (its buttons need the island), focus moves from Convert to
 * Undo and back so a keyboard user never lands on nothing.
 */
export function PlaceholderHint({ content, onChange }: { content: string; onChange: (content: string) => void }) {
  const t = useT<ScopeOf<'review'>>();
  const hydrated = useHydrated();
  const found = useMemo(() => findForeignPlaceholders(content), [content]);
  const [converted, setConverted] = useState<{ before: string; after: string; count: number } | null>(null);
  const [focus, setFocus] = useState<'convert' | 'undo' | null>(null);
  const convertButton = useRef<HTMLButtonElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) (focus === 'convert' ? convertButton : undoButton).current?.focus();
    setFocus(null);
  }, [focus]);

  if (!hydrated) return null;
  // Undo only while the content is the converted one: after further typing it would lose that typing.
  const undoable = converted?.after === content ? converted : null;
  const distinct = [...new Set(found.map((p) => p.raw))];
  if (undoable)
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-border bg-muted/40 px-4 py-3 text-sm" data-testid="placeholder-hint">
        <p role="status" className="min-w-0 flex-1">
          <Icon name="check" size={14} className="mr-1 inline align-[-2px] text-primary" />
          {t('placeholders.converted', { count: undoable.count })}
        </p>
        <Button
          icon="rotate-ccw"
          ref={undoButton}
          variant="outline"
          size="sm"
          onClick={() => {
            onChange(undoable.before);
            setConverted(null);
            setFocus('convert');
          }}
          data-testid="placeholder-undo"
        >
          {t('placeholders.undo')}
        </Button>
      </div>
    );
  if (distinct.length === 0) return null;
  return (
    <div className="rounded-xl border border-border bg-muted/40 px-4 py-3 text-sm" data-testid="placeholder-hint">
      <p className="wrap-anywhere">
        {t('placeholders.found', { count: distinct.length })}{' '}
        {distinct.slice(0, LISTED).map((raw, i) => (
          <span key={raw}>
            {i > 0 && t('placeholders.separator')}
            <code className="rounded bg-background px-1 py-0.5 font-mono text-xs" data-testid="placeholder-found">
              {raw}
            </code>
          </span>
        ))}
        {distinct.length > LISTED && `${t('placeholders.separator')}…`}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{t('placeholders.help')}</p>
      <Button
        ref={convertButton}
        variant="outline"
        size="sm"
        className="mt-3"
        onClick={() => {
          const after = convertForeignPlaceholders(content, found);
          setConverted({ before: content, after, count: distinct.length });
          onChange(after);
          setFocus('undo');
        }}
        data-testid="placeholder-convert"
      >
        {t('placeholders.convert')}
      </Button>
    </div>
  );
}
