import type { TranslationKey } from '../i18n/keys';

/**
 * The translate function UI components take. On the server it is the request's fixed
 * i18next `t`; in the browser, the `t` of the island's strings bundle (`translator`,
 * src/shared/strings.ts). Components never import i18next themselves. Keys are typed from
 * the English files: a misspelt key does not compile.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Translate = (key: TranslationKey, options?: any) => string;
