import { useId } from 'react';
import { VISIBILITIES, type Visibility } from '../../../modules/prompts/contracts';
import { useT } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import { Icon } from '../../ui/Icon';

/**
 * Public (submitted for review) or private (only its author): two native radios styled as a
 * segmented control, so arrow keys move between them and the choice is one form field.
 */
export function VisibilityChoice({ value, onChange }: { value: Visibility; onChange: (value: Visibility) => void }) {
  const t = useT<ScopeOf<'review'>>();
  const id = useId();
  return (
    <fieldset className="space-y-2" data-testid="visibility">
      <legend className="text-sm font-medium">{t('visibility.legend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {VISIBILITIES.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 text-sm transition-colors has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:ring-2 has-focus-visible:ring-ring"
          >
            <input
              type="radio"
              name={`${id}-visibility`}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="mt-0.5 size-4 accent-primary"
              data-testid={`visibility-${option}`}
            />
            <span className="flex min-w-0 flex-wrap items-center gap-x-1.5 font-medium">
              <Icon name={option === 'private' ? 'lock' : 'users'} size={14} />
              {t(`visibility.${option}`)}
              <span className="mt-0.5 block w-full text-xs font-normal text-muted-foreground">{t(`visibility.${option}Hint`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
