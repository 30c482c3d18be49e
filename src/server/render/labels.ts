import type { TFunction } from 'i18next';
import type { Language } from '../../i18n/languages';
import { categories } from '../../../modules/prompts/contracts';
import { messagesFor } from '../../i18n/server';

/** The review islands' props: the `review` namespace in the request's language, and the categories. */
export function reviewIslandProps(t: TFunction, lng: Language) {
  return {
    lng,
    messages: messagesFor(lng, ['review']).review,
    categories: categories.map((c) => ({ id: c.id, label: t(`prompts:categories.${c.slug}`, { defaultValue: c.name }) })),
  };
}
