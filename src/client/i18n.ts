import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

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
