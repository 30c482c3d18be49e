import type { MouseEvent } from 'react';
import { LANGUAGES, type Language } from '../i18n/languages';
import { chooseLanguage, isPlainClick } from '../client/language';
import { buttonClass } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { Menu } from '../ui/Menu';
import { Tooltip } from '../ui/Tooltip';
import { translator, type Strings } from '../shared/strings';
import type { ScopeOf } from '../shared/string-specs';

const NAMES: Record<Language, { label: string; short: string }> = {
  en: { label: 'English', short: 'EN' },
  'zh-HK': { label: '繁體中文（香港）', short: '繁' },
};

interface Props {
  id: string;
  lng: Language;
  /** The current page with `?lng=` for each language: the choice works without JavaScript. */
  hrefs: Record<Language, string>;
  /** `STRING_SPECS.nav`. */
  strings: Strings<ScopeOf<'nav'>>;
  /** A row of buttons (mobile menu) instead of a dropdown. */
  inline?: boolean;
}

/** The language menu: links that work without JavaScript; hydrated, a click stores the choice and reloads. */
export function LanguageChoices({ id, lng, hrefs, strings, inline = false }: Props) {
  const t = translator(strings);
  const label = t('language.label');
  const onClick = (event: MouseEvent<HTMLAnchorElement>, code: Language) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    chooseLanguage(code);
  };
  if (inline) {
    return (
      <div role="group" aria-labelledby={`lang-label-${id}`} className="flex items-center gap-2">
        <span id={`lang-label-${id}`} className="flex items-center gap-2 px-1 text-sm text-muted-foreground">
          <Icon name="globe" />
          {label}
        </span>
        <div className="ml-auto flex gap-1">
          {LANGUAGES.map((code) => (
            <a
              key={code}
              href={hrefs[code]}
              hrefLang={code}
              lang={code}
              data-lng={code}
              aria-current={code === lng ? 'true' : undefined}
              className={buttonClass({ variant: code === lng ? 'primary' : 'outline', size: 'sm' })}
              onClick={(e) => onClick(e, code)}
            >
              {NAMES[code].label}
            </a>
          ))}
        </div>
      </div>
    );
  }
  return (
    <Menu
      className="relative"
      summaryProps={{
        className: buttonClass({ variant: 'ghost', size: 'sm', className: 'gap-1.5 px-2.5 text-muted-foreground hover:text-foreground' }),
        'aria-label': `${label}: ${NAMES[lng].label}`,
        'data-testid': 'language-menu',
      }}
      summary={
        <Tooltip label={label}>
          <span className="inline-flex items-center gap-1.5">
            <Icon name="globe" size={17} />
            <span className="text-xs font-semibold" aria-hidden="true">
              {NAMES[lng].short}
            </span>
            <Icon name="chevron-down" size={14} />
          </span>
        </Tooltip>
      }
    >
      <ul className="card absolute right-0 mt-2 w-52 p-1.5 shadow-xl">
        {LANGUAGES.map((code) => (
          <li key={code}>
            <a
              href={hrefs[code]}
              hrefLang={code}
              lang={code}
              data-lng={code}
              aria-current={code === lng ? 'true' : undefined}
              className="flex items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm hover:bg-muted"
              onClick={(e) => onClick(e, code)}
            >
              {NAMES[code].label}
              {code === lng && <Icon name="check" className="text-primary dark:text-link" />}
            </a>
          </li>
        ))}
      </ul>
    </Menu>
  );
}

export default LanguageChoices;
