import { ANY_CALL_REFUSALS } from './refusals';
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
   * Client-only text of the page's scripts, rendered once per page by the layout: the toasts,
   * the bookmark toggles' pressed labels and the add-to-collection dialog (signed-in users
   * only, after hydration), with the dialog's name messages, and the fill-in panel of a
   * prompt with variables (opened by Copy on cards and the detail page).
   */
  page: {
    scope: 'common:',
    include: [
      'common:toasts.',
      'common:library.',
      'common:client.loading',
      'common:actions.close',
      'prompts:actions.saved',
      'prompts:actions.bookmarked',
      'prompts:copies.',
      'refusals:prompts.copyOwn',
      'refusals:prompts.notFound',
      'prompts:fill.',
      'dashboard:library.messages.nameMin',
      'dashboard:library.messages.nameMax',
      ...ANY_CALL_REFUSALS,
      'refusals:rateLimits.library',
    ],
  },
  /**
   * The navigation bar's islands: user menu, dashboard link, mobile menu (with the main links),
   * language menu, theme toggle. Serialized once per island: only what they show.
   */
  nav: {
    scope: 'site:',
    include: [
      'site:nav.home',
      'site:nav.prompts',
      'site:nav.community',
      'site:nav.extension',
      'site:nav.dashboard',
      'site:nav.install',
      'site:nav.signIn',
      'site:nav.signUp',
      'site:nav.openMenu',
      'site:nav.notifications',
      'site:nav.notificationsNew',
      'site:user.',
      'site:language.label',
      'site:theme.toggle',
    ],
  },
  /** The toasts' region and the notifications hotkey. */
  overlays: { scope: 'common:', include: ['common:notifications', 'common:actions.close'] },
  /** A card's action row (repeated per card: keep it small; the signed-in labels come from `page`). */
  card: {
    scope: 'prompts:',
    include: ['prompts:actions.usePrompt', 'prompts:actions.viewDetails', 'prompts:actions.viewDetailsOf', 'prompts:actions.save', 'prompts:actions.bookmark'],
  },
  /** The search bar and its filters (category and sort names by their data). */
  search: { scope: 'prompts:', include: ['prompts:search.', 'prompts:categories.', 'prompts:sort.'] },
  /**
   * The detail page's islands: actions, copy icon, rating controls, usage count (each
   * serializes it: only what they show; the signed-in labels come from `page`).
   */
  detail: {
    scope: 'prompts:',
    include: [
      'prompts:actions.copyPrompt',
      'prompts:actions.copyToClipboard',
      'prompts:actions.bookmark',
      'prompts:actions.share',
      'prompts:copies.save',
      'common:actions.copied',
      'prompts:rating.',
      'review:mine.deletePublicConfirm',
      'review:mine.deleteFailed',
      'review:mine.deletedTitle',
      'review:mine.deletedDescription',
      'review:mine.undo',
      'review:mine.restoredTitle',
      'review:mine.restoredWithdrawn',
      'review:mine.restoreFailed',
      'review:own.withdrawnNotice',
      'prompts:detail.usesUnit',
      'prompts:card.noRatings',
      'prompts:card.helpful',
      'prompts:card.ratings',
    ],
  },
  /**
   * The owner's tags on their published prompt's page (RatingCard's own actions): serialized
   * into the shared page for everyone, so only what the tag field and its refusals say.
   */
  promptTags: {
    scope: 'review:',
    include: [
      'review:mine.tags.label',
      'review:mine.tags.placeholder',
      'review:mine.tags.remove',
      'review:mine.tags.saveFailed',
      'review:mine.tags.private',
      'refusals:tags.',
      'refusals:rateLimits.library',
      ...ANY_CALL_REFUSALS,
    ],
  },
  /** The detail page's comments: the thread, its forms, the report panel (and the Report prompt button). */
  comments: { scope: 'prompts:', include: ['prompts:comments.', 'refusals:discussion.', 'refusals:rateLimits.discussion', ...ANY_CALL_REFUSALS] },
  /** The submit dialog, create page, own prompt, submissions and admin screens. */
  review: {
    scope: 'review:',
    include: [
      'review:',
      'prompts:categories.',
      'prompts:comments.reasons.',
      'refusals:prompts.',
      'refusals:tags.',
      'refusals:rateLimits.submit',
      // The version history's figures (RatingStat's, as on every card).
      'prompts:card.uses',
      'prompts:card.noRatings',
      'prompts:card.helpful',
      'prompts:card.ratings',
      ...ANY_CALL_REFUSALS,
    ],
  },
  /** The /auth screens (login, register, forgot, set password). */
  auth: { scope: 'auth:', include: ['auth:', 'refusals:accounts.', 'refusals:rateLimits.auth', ...ANY_CALL_REFUSALS] },
  /** The dashboard's library tabs and /dashboard/collections. */
  library: {
    scope: 'dashboard:library.',
    include: ['dashboard:library.', 'refusals:collections.', 'refusals:engagement.', 'refusals:rateLimits.library', ...ANY_CALL_REFUSALS],
  },
  /** The owner's remove button under each card of /collections/{id} (repeated per card: keep it small). */
  /** The admin's feature control on a member's page. */
  featureMember: {
    scope: 'community:',
    include: [
      'community:member.feature',
      'community:member.unfeature',
      'community:member.featuredToast',
      'community:member.unfeaturedToast',
      'community:member.featureFailed',
    ],
  },
  collectionItem: {
    scope: 'dashboard:library.',
    include: [
      'dashboard:library.collectionView.remove',
      'dashboard:library.collectionView.removeLabel',
      'dashboard:library.collectionView.removed',
      'dashboard:library.collectionView.removeFailed.',
    ],
  },
  /** The dashboard's personal access tokens (create, copy once, revoke). */
  accessTokens: { scope: 'dashboard:', include: ['dashboard:tokens.', 'refusals:tokens.', 'refusals:rateLimits.token', ...ANY_CALL_REFUSALS] },
  /** The profile page's "Clear remembered values" (the fill-in panel's suggestions). */
  recentValues: { scope: 'dashboard:', include: ['dashboard:profile.recent.'] },
  /** The profile's "Delete my account" (its password field speaks the sign-in form's words). */
  deleteAccount: {
    scope: 'auth:',
    include: [
      'auth:deleteAccount.',
      'auth:messages.',
      'auth:fields.password',
      'auth:fields.showPassword',
      'auth:fields.hidePassword',
      'refusals:accounts.',
      'refusals:rateLimits.auth',
      ...ANY_CALL_REFUSALS,
    ],
  },
  /** The import page's steps, with the validation messages of an invalid prompt (the create page's). */
  importPrompts: {
    scope: 'dashboard:',
    include: [
      'dashboard:import.',
      'review:validation.',
      'common:client.loading',
      'refusals:imports.',
      'refusals:prompts.',
      'refusals:rateLimits.data',
      ...ANY_CALL_REFUSALS,
    ],
  },
  /** The browse page's Bookmarks tab (in every /prompts page and fragment). */
  bookmarksTab: { scope: 'prompts:', include: ['prompts:tabs.favorites'] },
  /** /notifications: the list, its kinds' texts and the rejection reasons they name. */
  notifications: { scope: 'dashboard:', include: ['dashboard:notifications.', 'review:reasons.'] },
  /** The profile's daily email digest switch. */
  digestSetting: { scope: 'dashboard:', include: ['dashboard:profile.digest.'] },
  /** The extension page's connect and device islands. */
  extensionPage: { scope: 'extension:', include: ['extension:', 'refusals:devices.', ...ANY_CALL_REFUSALS] },
  /** The extension itself: its namespace, the categories, and the save form's validation messages. */
  extension: { scope: 'extension:', include: ['extension:', 'prompts:', 'review:validation.', 'refusals:'] },
} as const satisfies Record<string, StringsSpec>;

export type StringSpecName = keyof typeof STRING_SPECS;
/** The scope of a named spec, for an island's `strings` prop type: `Strings<ScopeOf<'review'>>`. */
export type ScopeOf<N extends StringSpecName> = (typeof STRING_SPECS)[N]['scope'];
