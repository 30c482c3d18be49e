import { useMemo } from 'react';
import type { ParsedTemplate } from '../../../modules/prompts/contracts';
import type { T } from '../lib/strings';
import type { PickerPrompt } from '../lib/messages';
import { FillForm } from '../pages/fill';
import type { ListView } from './pool';

/** The list's part (`results` null while the first answer is on its way; `provisional`: the pool narrowed, the site's answer still to come) and the fill-in form. */
export interface PickerView extends ListView {
  filling: { prompt: PickerPrompt; template: ParsedTemplate; initial: Record<string, string> } | null;
}

interface Props extends PickerView {
  t: T;
  /** The user's language: the built-in variables (today's date, …) fill themselves in it. */
  language: string;
  onChoose: (index: number) => void;
  onHover: (index: number) => void;
  onFilled: (text: string, values: Record<string, string>) => Promise<void>;
  onCancel: () => void;
}

/**
 * The picker shown over a chat site's composer (inside a shadow root). The list follows the
 * filter typed in the composer after `/`, whose keys the content script handles; the fill-in form
 * is the side panel's own, ending in Insert.
 */
export function Picker({ filter, results, resultsFor, provisional, active, filling, t, language, onChoose, onHover, onFilled, onCancel }: Props) {
  const prompts = results?.prompts ?? [];
  const status = useMemo(() => {
    // Nothing in the pool is no answer yet: the site may find what the narrowing missed (Chinese variants, word prefixes).
    if (!results || (provisional && prompts.length === 0)) return t('composer.searching');
    if (results.failed === 'offline') return t('composer.offline');
    if (results.failed) return t('composer.failed');
    if (prompts.length === 0) return t('composer.empty');
    return null;
  }, [results, provisional, prompts.length, t]);

  if (filling) {
    return (
      // Ctrl/⌘+Enter inserts from any field, as the issue of a long form expects; Enter alone never reaches the site.
      // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- the handler serves the form's controls
      <div
        className="picker filling"
        data-testid="composer-picker"
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing) {
            event.preventDefault();
            (event.currentTarget.querySelector('form') as HTMLFormElement | null)?.requestSubmit();
          }
        }}
      >
        <p className="picker-title">{filling.prompt.title}</p>
        <FillForm template={filling.template} initial={filling.initial} mode="insert" t={t} language={language} onSubmit={onFilled} onCancel={onCancel} />
      </div>
    );
  }
  return (
    // data-query, data-provisional: which filter the list shows, and whether the site's answer is still to come (the benchmark waits for them).
    <div className="picker" data-testid="composer-picker" data-query={resultsFor ?? undefined} data-provisional={provisional || undefined}>
      <div className="picker-head">
        <span className="picker-title">{t('composer.title')}</span>
        <span className="muted small" data-testid="composer-filter">
          {filter ? t('composer.filter', { filter }) : t('composer.typeToFilter')}
        </span>
      </div>
      {results && !results.signedIn && !results.failed ? <p className="muted small picker-note">{t('composer.publicOnly')}</p> : null}
      {status ? (
        <p className="picker-status" role="status" data-testid="composer-status">
          {status}
        </p>
      ) : (
        <ul className="picker-list" role="listbox" aria-label={t('composer.listLabel')}>
          {prompts.map((prompt, i) => (
            // Chosen with the composer's keys (the content script handles them) or by pointer; mousedown keeps the composer's focus.
            // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events
            <li
              key={`${prompt.own ? 'own' : 'public'}-${prompt.id}`}
              role="option"
              aria-selected={i === active}
              className="picker-option"
              data-testid="composer-option"
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => i !== active && onHover(i)}
              onClick={() => onChoose(i)}
            >
              <span className="picker-option-title">
                {prompt.title}
                {prompt.own ? <span className="badge">{t('composer.yours')}</span> : null}
              </span>
              <span className="muted small picker-option-description">{prompt.description}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="muted small picker-keys">{t('composer.keys')}</p>
    </div>
  );
}
