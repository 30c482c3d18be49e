import type { TFunction } from 'i18next';
import { formMessage } from './form-messages';

/**
 * The few translated strings the site's client scripts need (toasts, button labels),
 * rendered once per page as a JSON data block: the client never downloads translation files.
 */
export interface ClientMessages {
  copied: string;
  results: string;
  loading: string;
  loadFailed: string;
  promptCopied: { title: string; description: string };
  copiedToClipboard: { title: string };
  linkCopied: { title: string; description: string };
  useFailed: { title: string; description: string };
  authBookmark: { title: string; description: string };
  authRate: { title: string; description: string };
  logoutSuccess: { title: string; description: string };
  logoutFailed: { title: string; description: string };
  library: {
    /** The pressed labels of the bookmark toggles (only signed-in users, after hydration, see them). */
    saved: string;
    bookmarked: string;
    bookmarkAdded: { title: string };
    bookmarkRemoved: { title: string };
    bookmarkFailed: { title: string; description: string };
    rated: { title: string; description: string };
    rateFailed: { title: string; description: string };
    /** A library write refused by the per-account limit (429). */
    tooFast: string;
    /** The add-to-collection dialog of cards and the detail page. */
    collections: {
      add: string;
      title: string;
      loading: string;
      empty: string;
      newName: string;
      create: string;
      added: string;
      addFailed: { title: string; description: string };
      createFailed: { title: string; description: string };
      /** The name's messages, by their `formMessage('collection', …)` key (the picker asks only for a name). */
      validation: Record<string, string>;
      view: string;
      close: string;
      /** A write refused by the per-account limit (429). */
      tooFast: string;
    };
  };
}

export function clientMessages(t: TFunction): ClientMessages {
  return {
    copied: t('common:actions.copied'),
    results: t('common:client.results'),
    loading: t('common:client.loading'),
    loadFailed: t('common:client.loadFailed'),
    promptCopied: { title: t('common:toasts.promptCopied.title'), description: t('common:toasts.promptCopied.description') },
    copiedToClipboard: { title: t('common:toasts.copiedToClipboard.title') },
    linkCopied: { title: t('common:toasts.linkCopied.title'), description: t('common:toasts.linkCopied.description') },
    useFailed: { title: t('common:toasts.useFailed.title'), description: t('common:toasts.useFailed.description') },
    authBookmark: { title: t('common:toasts.authRequired.title'), description: t('common:toasts.authRequired.bookmark') },
    authRate: { title: t('common:toasts.authRequired.title'), description: t('common:toasts.authRequired.rate') },
    logoutSuccess: { title: t('common:toasts.logoutSuccess.title'), description: t('common:toasts.logoutSuccess.description') },
    logoutFailed: { title: t('common:toasts.logoutFailed.title'), description: t('common:toasts.logoutFailed.description') },
    library: {
      saved: t('prompts:actions.saved'),
      bookmarked: t('prompts:actions.bookmarked'),
      bookmarkAdded: { title: t('common:library.bookmarkAdded') },
      bookmarkRemoved: { title: t('common:library.bookmarkRemoved') },
      bookmarkFailed: { title: t('common:library.bookmarkFailed.title'), description: t('common:library.bookmarkFailed.description') },
      rated: { title: t('common:library.rated.title'), description: t('common:library.rated.description') },
      rateFailed: { title: t('common:library.rateFailed.title'), description: t('common:library.rateFailed.description') },
      tooFast: t('common:library.tooFast'),
      collections: {
        add: t('common:library.collections.add'),
        title: t('common:library.collections.title'),
        loading: t('common:client.loading'),
        empty: t('common:library.collections.empty'),
        newName: t('common:library.collections.newName'),
        create: t('common:library.collections.create'),
        added: t('common:library.collections.added'),
        addFailed: { title: t('common:library.collections.addFailed'), description: t('common:library.bookmarkFailed.description') },
        createFailed: { title: t('common:library.collections.createFailed.title'), description: t('common:library.collections.createFailed.description') },
        validation: Object.fromEntries(
          (['too_small', 'too_big'] as const).map((code) => {
            const chosen = formMessage('collection', { path: ['name'], code })!;
            return [chosen.key, t(chosen.qualified, chosen.values)];
          }),
        ),
        view: t('common:library.collections.view'),
        close: t('common:actions.close'),
        tooFast: t('common:library.tooFast'),
      },
    },
  };
}
