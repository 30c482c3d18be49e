import { THEME_STORAGE_KEY } from '../i18n/languages';
import { Icon } from '../ui/Icon';
import { Tooltip } from '../ui/Tooltip';
import { Button } from '../ui/Button';

/** Theme toggle: switches light/dark, stores the choice, sets the dark marker. */
export default function ThemeToggle({ label }: { label: string }) {
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
