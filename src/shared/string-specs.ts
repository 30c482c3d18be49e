import type { StringsSpec } from './strings';

/**
 * What each browser-side part reads, in one table: the server hands an island the bundle of
 * its spec (`stringsFor(lng, STRING_SPECS.x)`), the layout renders the `page` bundle once for
 * the client scripts (toasts, the collection picker), the extension bundles its own. Add a
 * key prefix here when a part starts using a key outside its spec; tests/unit/i18n-keys.test.ts
 * says which.
 */
export const STRING_SPECS = {
  /**
   * Client-only text of the page's scripts (toasts, pressed labels, the add-to-collection dialog,
   * whose name field shows the collection form's name messages): rendered once per page.
   */
  page: {
    scope: 'common:',
    include: [
      'common:toasts.',
      'common:library.',
      'common:client.',
      'common:actions.',
      'prompts:actions.',
      'dashboard:library.messages.nameMin',
      'dashboard:library.messages.nameMax',
    ],
  },
  /** The navigation bar's islands: user menu, dashboard link, mobile menu, language menu, theme toggle. */
  nav: { scope: 'site:', include: ['site:nav.', 'site:user.', 'site:language.', 'site:theme.'] },
  /** The toasts' region and the notifications hotkey. */
  overlays: { scope: 'common:', include: ['common:notifications', 'common:actions.close'] },
  /** A card's action row (repeated per card: keep it small). */
  card: { scope: 'prompts:', include: ['prompts:actions.usePrompt', 'prompts:actions.viewDetails', 'prompts:actions.save', 'prompts:actions.bookmark'] },
  /** The search bar and its filters. */
  search: { scope: 'prompts:', include: ['prompts:search.', 'prompts:categories.', 'prompts:sort.'] },
  /** The detail page's islands: actions, rating, usage count. */
  detail: { scope: 'prompts:', include: ['prompts:actions.', 'prompts:detail.', 'prompts:rating.', 'prompts:uses', 'prompts:usesUnit'] },
  /** The submit dialog, create page, own prompt, submissions and admin screens; the categories' labels. */
  review: { scope: 'review:', include: ['review:', 'prompts:categories.'] },
  /** The /auth screens (login, register, forgot, set password). */
  auth: { scope: 'auth:', include: ['auth:'] },
  /** The dashboard's library tabs and /dashboard/collections. */
  library: { scope: 'dashboard:library.', include: ['dashboard:library.'] },
  /** The owner's remove button under each card of /collections/{id} (repeated per card: keep it small). */
  collectionItem: {
    scope: 'dashboard:library.',
    include: [
      'dashboard:library.collectionView.remove',
      'dashboard:library.collectionView.removeLabel',
      'dashboard:library.collectionView.removed',
      'dashboard:library.collectionView.removeFailed.',
    ],
  },
  /** The browse page's Bookmarks tab (in every /prompts page and fragment). */
  bookmarksTab: { scope: 'prompts:', include: ['prompts:tabs.favorites'] },
  /** The extension page's connect and device islands. */
  extensionPage: { scope: 'extension:', include: ['extension:'] },
  /** The extension itself: its namespace, the categories, and the save form's validation messages. */
  extension: { scope: 'extension:', include: ['extension:', 'prompts:', 'review:validation.'] },
} as const satisfies Record<string, StringsSpec>;

export type StringSpecName = keyof typeof STRING_SPECS;
/** The scope of a named spec, for an island's `strings` prop type: `Strings<ScopeOf<'review'>>`. */
export type ScopeOf<N extends StringSpecName> = (typeof STRING_SPECS)[N]['scope'];
