import type { TFunction } from 'i18next';
import { LANGUAGES, type Language } from '../../i18n/languages';
import { categories } from '../../../modules/prompts/contracts';
import type { CardLabels } from '../../islands/CardActions';
import type { SearchBarProps } from '../../islands/SearchBar';
import type { NavLabels } from '../../islands/UserNav';

/**
 * The translated strings each island needs, built on the server from the request's `t`:
 * islands get plain strings as props and never download translation files. Cached per
 * language where a page repeats them (one card action row per card).
 */
const cardLabelsByT = new WeakMap<TFunction, CardLabels>();

export function cardLabels(t: TFunction): CardLabels {
  let labels = cardLabelsByT.get(t);
  if (!labels) {
    labels = {
      usePrompt: t('prompts:actions.usePrompt'),
      viewDetails: t('prompts:actions.viewDetails'),
      save: t('prompts:actions.save'),
      bookmark: t('prompts:actions.bookmark'),
    };
    cardLabelsByT.set(t, labels);
  }
  return labels;
}

export function navLabels(t: TFunction): NavLabels {
  return {
    dashboard: t('site:nav.dashboard'),
    profile: t('site:user.profile'),
    myCollections: t('site:user.collections'),
    logout: t('site:user.logout'),
    signIn: t('site:nav.signIn'),
    signUp: t('site:nav.signUp'),
    install: t('site:nav.install'),
    openMenu: t('site:nav.openMenu'),
    language: t('site:language.label'),
    userMenu: t('site:user.menu', { name: '{{name}}', interpolation: { skipOnVariables: true } }),
  };
}

type SearchOptions = Pick<SearchBarProps, 'action' | 'hidden' | 'q' | 'category' | 'sort' | 'resetHref' | 'idPrefix' | 'standalone'> & {
  sortOptions: readonly string[];
};

export function searchBarProps(t: TFunction, options: SearchOptions): SearchBarProps {
  const { sortOptions, ...rest } = options;
  return {
    ...rest,
    categories: categories.map((c) => [c.slug, t(`prompts:categories.${c.slug}`, { defaultValue: c.name })]),
    sorts: sortOptions.map((value) => [value, t(`prompts:sort.${value || 'none'}`)]),
    labels: {
      label: t('prompts:search.label'),
      placeholder: t('prompts:search.placeholder'),
      submit: t('prompts:search.submit'),
      filters: t('prompts:search.filters'),
      category: t('prompts:search.category'),
      allCategories: t('prompts:categories.all'),
      sort: t('prompts:search.sort'),
      reset: t('prompts:search.reset'),
    },
  };
}

/** The current page with `?lng=` for each language: the language menu works without JavaScript. */
export function languageHrefs(current: URL): Record<Language, string> {
  const href = (code: Language) => {
    const url = new URL(current);
    url.searchParams.set('lng', code);
    url.searchParams.delete('page');
    return `${url.pathname}${url.search}`;
  };
  return Object.fromEntries(LANGUAGES.map((code) => [code, href(code)])) as Record<Language, string>;
}
