import type auth from './locales/en/auth.json';
import type common from './locales/en/common.json';
import type community from './locales/en/community.json';
import type dashboard from './locales/en/dashboard.json';
import type extension from './locales/en/extension.json';
import type privacy from './locales/en/privacy.json';
import type prompts from './locales/en/prompts.json';
import type refusals from './locales/en/refusals.json';
import type review from './locales/en/review.json';
import type site from './locales/en/site.json';

/**
 * Translation keys as types, read from the English files (the other languages carry the same
 * keys: tests/unit/i18n-keys.test.ts), so a misspelt key is a type error. Type-only: nothing
 * here reaches a bundle.
 */
export interface Resources {
  auth: typeof auth;
  common: typeof common;
  community: typeof community;
  dashboard: typeof dashboard;
  extension: typeof extension;
  privacy: typeof privacy;
  prompts: typeof prompts;
  refusals: typeof refusals;
  review: typeof review;
  site: typeof site;
}
export type Namespace = keyof Resources;

/** i18next picks `x_one` / `x_other` from `t('x', { count })`: the key a caller writes is `x`. */
type Plural<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base | K : K;

/** The dotted paths to every string in a JSON tree. */
export type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? Plural<`${Prefix}${K}`> : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A key inside one namespace (what code reading a bundle scoped to that namespace writes). */
export type KeyIn<N extends Namespace> = Leaves<Resources[N]>;

/**
 * A category's label: its slug is data, not a literal (a category without a translation shows
 * its own name through `defaultValue`).
 */
export type CategoryKey = `prompts:categories.${string}`;

/** A key with its namespace: `review:validation.titleMin`; the server's default namespace (common) may go unnamed. */
export type TranslationKey = { [N in Namespace]: `${N}:${KeyIn<N>}` }[Namespace] | KeyIn<'common'> | CategoryKey;

/** The dotted paths to every object or list in a JSON tree (what `returnObjects` hands back whole). */
type Subtrees<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? never : T[K] extends readonly unknown[] ? `${Prefix}${K}` : `${Prefix}${K}` | Subtrees<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A key naming a subtree with its namespace: `privacy:sections`. */
export type SubtreeKey = { [N in Namespace]: `${N}:${Subtrees<Resources[N]>}` }[Namespace];

/** The keys of a translation object whose values are objects, not strings (a page's list of items beside its title). */
export type GroupsOf<T> = { [K in keyof T & string]: T[K] extends string ? never : K }[keyof T & string];
