import type { TranslationKey } from '../i18n/keys';

/**
 * The translate function UI components take. On the server it is the request's fixed
 * i18next `t`; in the browser, react-i18next's `t` or a small one over messages handed to
 * an island. Components never import i18next themselves. Keys are typed from the English
 * files: a misspelt key does not compile.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Translate = (key: TranslationKey, options?: any) => string;
