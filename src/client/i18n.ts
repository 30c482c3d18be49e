import { createInstance, type i18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { KeyIn, Leaves, Namespace, Resources } from '../i18n/keys';

export type Messages = Record<string, unknown>;

/**
 * An i18next instance for one island, over the one namespace the page handed it (the
 * client never downloads translation files). Synchronous, so the first render (hydration)
 * already has its strings.
 */
export function islandI18n(lng: string, namespace: string, messages: Messages): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: { [lng]: { [namespace]: messages } },
    ns: [namespace],
    defaultNS: namespace,
    initAsync: false,
    // React escapes what it renders; i18next must not escape a second time.
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** The namespaces islands hold: a real one, or `library` (the dashboard's library section). */
export type IslandNamespace = Namespace | 'library';
/** A key of an island's own namespace, typed from the English files: a misspelt key does not compile. */
export type IslandKey<N extends IslandNamespace> = N extends Namespace ? KeyIn<N> : Leaves<Resources['dashboard']['library']>;
export type IslandT<N extends IslandNamespace> = (key: IslandKey<N>, options?: Record<string, unknown>) => string;

/** react-i18next's `t` with the island namespace's keys as its type (the instance is `islandI18n(lng, N, …)`'s). */
export function useIslandT<N extends IslandNamespace>(): IslandT<N> {
  return useTranslation().t as unknown as IslandT<N>;
}
