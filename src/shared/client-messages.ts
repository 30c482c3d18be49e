import type { TFunction } from 'i18next';

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
  };
}
