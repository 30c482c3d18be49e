import { categories } from '../../../modules/prompts/contracts';
import { stringsFor } from '../i18n';
import type { Language } from '../../i18n/languages';
import type { SearchBarProps } from '../../islands/SearchBar';
import { STRING_SPECS } from '../../shared/string-specs';

/** The categories as data: slug and own name (the island shows the translation, else the name). */
const CATEGORY_CHOICES = categories.map((c): [string, string] => [c.slug, c.name]);

/** A search bar's props: the page's state and targets, plus what every bar shares (the categories, its strings in `lng`). */
export function searchBarProps(lng: Language, options: Omit<SearchBarProps, 'categories' | 'strings'>): SearchBarProps {
  return { ...options, categories: CATEGORY_CHOICES, strings: stringsFor(lng, STRING_SPECS.search) };
}
