import { pageT } from './strings';

/**
 * TEMPORARY: the add-to-collection button and dialog (src/islands/library/AddToCollection.tsx,
 * CollectionPicker.tsx) still take their texts in the shape of the old messages block. This
 * builds that shape from the page's bundle (`pageT()`, src/client/strings.tsx) until they read
 * `pageT()` themselves; then delete this file.
 */

/** The name's bounds, known once the dialog's chunk (which holds the contracts) has loaded: the dialog validates only then. */
let nameLimits: { min: number; max: number } | undefined;

export function messages() {
  // Shares the dialog's chunk: it costs no extra download, and visitors never call this.
  void import('../../modules/collections/contracts').then((c) => (nameLimits = c.COLLECTION_LIMITS.name));
  const t = pageT();
  return {
    library: {
      collections: {
        add: t('common:library.collections.add'),
        title: t('common:library.collections.title'),
        loading: t('common:client.loading'),
        empty: t('common:library.collections.empty'),
        newName: t('common:library.collections.newName'),
        create: t('common:library.collections.create'),
        // The dialog puts the collection's name in.
        added: t('common:library.collections.added', { name: '{{name}}' }),
        addFailed: { title: t('common:library.collections.addFailed'), description: t('common:library.bookmarkFailed.description') },
        createFailed: { title: t('common:library.collections.createFailed.title'), description: t('common:library.collections.createFailed.description') },
        /** By `formMessage('collection', …)` key. */
        get validation(): Record<string, string> {
          return {
            'messages.nameMin': t('dashboard:library.messages.nameMin', { limit: nameLimits?.min }),
            'messages.nameMax': t('dashboard:library.messages.nameMax', { limit: nameLimits?.max }),
          };
        },
        view: t('common:library.collections.view'),
        close: t('common:actions.close'),
      },
    },
  };
}
