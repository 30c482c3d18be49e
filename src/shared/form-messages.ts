import { FORGOT_PASSWORD_LIMITS, LOGIN_LIMITS, REGISTER_LIMITS, SET_PASSWORD_LIMITS } from '../../modules/accounts/contracts';
import { COLLECTION_LIMITS } from '../../modules/collections/contracts';
import { DISCUSSION_LIMITS } from '../../modules/discussion/contracts';
import { CREATE_PAGE_LIMITS, EDIT_NOTE_MAX, SUBMIT_DIALOG_LIMITS } from '../../modules/prompts/contracts';
import type { WireIssue } from '../../events/refusals';
import type { TranslationKey } from '../i18n/keys';

/**
 * Which message a form shows for a validation issue, chosen from the issue's field, zod code
 * and broken limit: never from its English text. Local zod parses and 400 answers (`issues:
 * [{ path, message, code, limit? }]`, src/server/http.ts) give the same three facts. Pure and
 * browser-safe: the site's islands and the extension's save form both choose through it.
 */

/** A zod issue (local parse) or an answer's issue (`WireIssue`, whose `limit` is the broken bound). */
export interface FormIssue extends Pick<WireIssue, 'code' | 'limit'> {
  path: readonly PropertyKey[];
  /** The broken bound, as a local zod issue carries it. */
  minimum?: number | bigint;
  maximum?: number | bigint;
}

/** By zod code (`too_small`, `too_big`, `custom`, `invalid_format`, ...); `other` for any code not listed. */
type FieldKeys = Partial<Record<'too_small' | 'too_big' | 'custom' | 'invalid_format' | 'other', string>>;
type TableBounds = Readonly<Record<string, { readonly min?: number; readonly max?: number }>>;

interface FormMessages {
  /**
   * Where the form's keys live: the namespace (and section) that is its island's strings
   * scope (`review:`, `auth:`, `dashboard:library.`). `key` is relative to it; `prefix + key`
   * is the full key.
   */
  prefix: string;
  limits: TableBounds;
  fields: Record<string, FieldKeys>;
}

const bounded = (name: string, rest: FieldKeys = {}): FieldKeys => ({ too_small: `${name}Min`, too_big: `${name}Max`, ...rest });

const promptFields: Record<string, FieldKeys> = {
  title: bounded('validation.title'),
  description: bounded('validation.description'),
  content: bounded('validation.content'),
  // custom: the product's own name, which only the admin may publish under.
  authorName: bounded('validation.authorName', { custom: 'validation.authorNameReserved' }),
  categoryId: { other: 'validation.category' },
};

export const FORMS = {
  submitDialog: { prefix: 'review:', limits: SUBMIT_DIALOG_LIMITS, fields: promptFields },
  createPage: { prefix: 'review:', limits: CREATE_PAGE_LIMITS, fields: promptFields },
  // The edit page: the create page's fields (the author's name is not edited) and the change note.
  editPage: {
    prefix: 'review:',
    limits: { title: CREATE_PAGE_LIMITS.title, description: CREATE_PAGE_LIMITS.description, content: CREATE_PAGE_LIMITS.content, note: { max: EDIT_NOTE_MAX } },
    fields: { ...promptFields, note: { too_big: 'validation.noteMax' } },
  },
  collection: {
    prefix: 'dashboard:library.',
    limits: COLLECTION_LIMITS,
    fields: { name: bounded('messages.name'), description: bounded('messages.description') },
  },
  // Comments and reports: the body's bounds, a report's note (required for "other").
  comment: {
    prefix: 'prompts:comments.',
    limits: { body: DISCUSSION_LIMITS.body, note: DISCUSSION_LIMITS.note },
    fields: { body: bounded('messages.body', { other: 'messages.bodyMin' }), note: { too_big: 'messages.noteMax', other: 'messages.noteRequired' } },
  },
  login: {
    prefix: 'auth:',
    limits: LOGIN_LIMITS,
    // The password's only lower bound is "not empty".
    fields: {
      email: { other: 'messages.loginEmail' },
      password: { too_small: 'messages.passwordRequired', too_big: 'messages.passwordMax', other: 'messages.passwordRequired' },
    },
  },
  register: {
    prefix: 'auth:',
    limits: REGISTER_LIMITS,
    fields: {
      name: bounded('messages.name', { other: 'messages.nameMin' }),
      username: bounded('messages.username', { invalid_format: 'messages.usernameSpaces', other: 'messages.usernameMin' }),
      email: { other: 'messages.registerEmail' },
    },
  },
  // The profile's "Delete my account": the password re-entered; the server's refusal is `custom`.
  deleteAccount: {
    prefix: 'auth:',
    limits: { password: LOGIN_LIMITS.password },
    fields: {
      password: {
        too_small: 'messages.passwordRequired',
        too_big: 'messages.passwordMax',
        custom: 'messages.wrongPassword',
        other: 'messages.passwordRequired',
      },
    },
  },
  forgotPassword: { prefix: 'auth:', limits: FORGOT_PASSWORD_LIMITS, fields: { email: { other: 'messages.loginEmail' } } },
  setPassword: {
    prefix: 'auth:',
    limits: SET_PASSWORD_LIMITS,
    fields: {
      password: bounded('messages.password', { other: 'messages.passwordMin' }),
      // Spec: an empty or short confirmation asks to confirm; a different one says they don't match.
      confirmPassword: {
        too_small: 'messages.confirmRequired',
        too_big: 'messages.passwordMax',
        custom: 'messages.passwordsMismatch',
        other: 'messages.confirmRequired',
      },
      token: { too_small: 'messages.tokenRequired', too_big: 'messages.invalidLink', other: 'messages.tokenRequired' },
    },
  },
} satisfies Record<string, FormMessages>;

export type FormName = keyof typeof FORMS;

export interface ChosenMessage {
  /** Relative to the form's island namespace (e.g. `validation.authorNameMax` in `review`). */
  key: string;
  /** The full key, namespace included (e.g. `review:validation.authorNameMax`). */
  qualified: TranslationKey;
  /** Interpolation values: `limit` for a length bound. */
  values: { limit?: number };
}

const asNumber = (n: number | bigint | undefined) => (n === undefined ? undefined : Number(n));

/** The message `form` shows for `issue`; undefined for a field or code it has no message for. */
export function formMessage(form: FormName, issue: FormIssue): ChosenMessage | undefined {
  const spec: FormMessages = FORMS[form];
  const field = String(issue.path[0] ?? '');
  const keys = spec.fields[field];
  if (!keys) return undefined;
  const code = issue.code ?? 'other';
  const key = keys[code as keyof FieldKeys] ?? keys.other;
  if (!key) return undefined;
  // A bound's message names its bound, even when another code chose it (a missing name asks for the minimum).
  const values: ChosenMessage['values'] = {};
  const table = spec.limits[field];
  if (key === keys.too_small) {
    // The issue's own bound first: a server answer reports the bound it applied.
    const limit = code === 'too_small' ? (issue.limit ?? asNumber(issue.minimum)) : undefined;
    if ((limit ?? table?.min) !== undefined) values.limit = limit ?? table?.min;
  } else if (key === keys.too_big) {
    const limit = code === 'too_big' ? (issue.limit ?? asNumber(issue.maximum)) : undefined;
    if ((limit ?? table?.max) !== undefined) values.limit = limit ?? table?.max;
  }
  // Every key of FORMS exists in both languages: tests/unit/form-messages.test.ts.
  return { key, qualified: `${spec.prefix}${key}` as TranslationKey, values };
}

/** The first issue of each field, by field name (what a form shows under each input). */
export function firstIssueByField<I extends { path: readonly PropertyKey[] }>(issues: readonly I[]): Record<string, I> {
  const out: Record<string, I> = {};
  for (const issue of issues) out[String(issue.path[0] ?? '')] ??= issue;
  return out;
}
