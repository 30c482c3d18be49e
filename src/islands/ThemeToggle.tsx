import { THEME_STORAGE_KEY } from '../i18n/languages';
import { Icon } from '../ui/Icon';
import { Tooltip } from '../ui/Tooltip';
import { Button } from '../ui/Button';
import { translator, type Strings } from '../shared/strings';
import type { ScopeOf } from '../shared/string-specs';

/** Theme toggle: switches light/dark, stores the choice, sets the dark marker. `strings`: `STRING_SPECS.nav`. */
export default function ThemeToggle({ strings }: { strings: Strings<ScopeOf<'nav'>> }) {
  const t = translator(strings);
  const label = t('theme.toggle');
  const toggle = () => {
    const root = document.documentElement;
    const next = root.classList.contains('dark') ? 'light' : 'dark';
    root.classList.toggle('dark', next === 'dark');
    root.style.colorScheme = next;
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      /* private mode: the choice lasts for this page only */
    }
  };
  return (
    <Tooltip label={label}>
      <Button variant="icon" className="js-only" data-theme-toggle="" aria-label={label} onClick={toggle}>
        <Icon name="moon" size={18} className="dark:hidden" />
        <Icon name="sun" size={18} className="hidden dark:block" />
      </Button>
    </Tooltip>
  );
}
