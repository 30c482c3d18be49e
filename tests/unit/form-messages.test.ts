import { commentRequest, DISCUSSION_LIMITS } from '../../modules/discussion/contracts';
import { readFileSync, readdirSync } from 'node:fs';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CREATE_PAGE_LIMITS,
  createPageSchema,
  editPromptRequest,
  SUBMIT_DIALOG_LIMITS,
  SUBMIT_REQUEST_LIMITS,
  submitDialogSchema,
  submitPromptRequest,
} from '../../modules/prompts/contracts';
import { collectionRequest } from '../../modules/collections/contracts';
import {
  deleteAccountRequest,
  forgotPasswordRequest,
  loginRequest,
  registerRequest,
  setPasswordForm,
  setPasswordRequest,
} from '../../modules/accounts/contracts';
import { FORMS, formMessage, type FormName } from '../../src/shared/form-messages';

/**
 * Every bound of every form's limits table shows a real message in both languages (never a
 * raw key, always naming the bound), whether the issue comes from a local parse or a 400
 * answer; and POST /api/prompts accepts exactly what either submit form may send.
 */
const LANGS = ['en', 'zh-HK'] as const;
const localeDir = new URL('../../src/i18n/locales/', import.meta.url);
const resources = Object.fromEntries(
  LANGS.map((lng) => [
    lng,
    Object.fromEntries(
      readdirSync(new URL(`${lng}/`, localeDir)).map((file) => [
        file.replace(/\.json$/, ''),
        JSON.parse(readFileSync(new URL(`${lng}/${file}`, localeDir), 'utf8')),
      ]),
    ),
  ]),
);
const i18n = createInstance();
await i18n.init({ resources, fallbackLng: false, interpolation: { escapeValue: false }, initAsync: false });

/** The form's message for an issue, in one language. */
function shown(lng: string, form: FormName, issue: Parameters<typeof formMessage>[1]): string | undefined {
  const chosen = formMessage(form, issue);
  return chosen && i18n.getFixedT(lng)(chosen.qualified, chosen.values);
}

/** The schema each form validates with, on the client and (accounts, collections) on the server too. */
const SCHEMAS: Record<FormName, z.ZodType> = {
  submitDialog: submitDialogSchema,
  createPage: createPageSchema,
  editPage: editPromptRequest,
  collection: collectionRequest,
  login: loginRequest,
  register: registerRequest,
  forgotPassword: forgotPasswordRequest,
  setPassword: setPasswordForm,
  // The comment's body, and a report's note (its own bound; "other" asking for one is the report schema's).
  comment: z.object({ body: commentRequest.shape.body, note: z.string().max(DISCUSSION_LIMITS.note.max) }),
  deleteAccount: deleteAccountRequest,
};

/** A value for every field of a form that passes, so a test breaks one field at a time. */
const VALID: Record<FormName, Record<string, unknown>> = {
  submitDialog: {
    title: 'A fine title',
    description: 'A description long enough.',
    content: 'Content that is long enough to pass.',
    categoryId: 1,
    authorName: 'Ann Lee',
  },
  createPage: {
    title: 'A fine title',
    description: 'A description long enough to pass.',
    content: 'Content long enough.',
    categoryId: 1,
    authorName: 'Ann Lee',
  },
  editPage: { title: 'A fine title', description: 'A description long enough to pass.', content: 'Content long enough.', categoryId: 1, note: 'Fixed a typo.' },
  collection: { name: 'Reading', description: 'Prompts for reading.', isPublic: false },
  comment: { body: 'Works well with a short topic.', note: 'An ad' },
  login: { email: 'ann@example.com', password: 'secret' },
  deleteAccount: { password: 'secret' },
  register: { name: 'Ann Lee', username: 'ann', email: 'ann@example.com' },
  forgotPassword: { email: 'ann@example.com' },
  setPassword: { password: 'long enough 1', confirmPassword: 'long enough 1', email: 'ann@example.com', token: 'abc' },
};

const ZH_SPEC: Record<string, string> = {
  'Author name must not exceed 100 characters.': '作者名稱不能超過 100 個字元。',
  'Title must be at least 5 characters.': '標題最少需要 5 個字元。',
};

describe('every bound of every limits table shows its message', () => {
  for (const [form, spec] of Object.entries(FORMS) as [FormName, (typeof FORMS)[FormName]][]) {
    for (const [field, bounds] of Object.entries(spec.limits as Record<string, { min?: number; max?: number }>)) {
      for (const [code, limit] of [
        ['too_small', bounds.min],
        ['too_big', bounds.max],
      ] as const) {
        if (limit === undefined) continue;
        it(`${form}.${field} ${code} ${limit}`, () => {
          // Just past the bound: a local parse of the form's own schema reports it...
          const length = code === 'too_small' ? limit - 1 : limit + 1;
          const value = field === 'email' ? `${'a'.repeat(Math.max(length - 12, 1))}@example.com` : 'x'.repeat(length);
          const data = { ...VALID[form], [field]: value, ...(field === 'password' && form === 'setPassword' ? { confirmPassword: value } : {}) };
          // The link's token is checked by the request schema: the form has no input for it.
          const schema = form === 'setPassword' && field === 'token' ? setPasswordRequest : SCHEMAS[form];
          const parsed = schema.safeParse(data);
          const issue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field);
          if (length > 0 || code === 'too_big') expect(issue, `${form} rejects ${field} of ${length}`).toBeDefined();
          // ...and an answer's issue (code and limit, as src/server/http.ts sends them) shows the same.
          const answered = { path: [field], code, limit, message: 'ignored' };
          for (const lng of LANGS) {
            const fromAnswer = shown(lng, form, answered);
            expect(fromAnswer, `${lng} ${form}.${field}`).toBeTruthy();
            expect(fromAnswer).not.toMatch(/^[\w.:]+$/);
            expect(fromAnswer).not.toContain('{{');
            if (issue) expect(shown(lng, form, issue)).toBe(fromAnswer);
            // Bounds with a message of their own (empty password, token) need not name the number.
            const key = formMessage(form, answered)!.key;
            if (/(Min|Max)$/.test(key)) expect(fromAnswer).toContain(String(limit));
          }
        });
      }
    }
  }

  it('says the spec words, in both languages, for a 101-character author name and a short title', () => {
    for (const form of ['submitDialog', 'createPage'] as const) {
      const parsed = SCHEMAS[form].safeParse({ ...VALID[form], title: 'Tiny', authorName: 'x'.repeat(101) });
      const issues = parsed.success ? [] : parsed.error.issues;
      const authorIssue = issues.find((i) => i.path[0] === 'authorName')!;
      expect(shown('en', form, authorIssue)).toBe('Author name must not exceed 100 characters.');
      expect(shown('zh-HK', form, authorIssue)).toBe(ZH_SPEC['Author name must not exceed 100 characters.']);
      // The server's answer to the same name.
      const server = submitPromptRequest.safeParse({ ...VALID[form], authorName: 'x'.repeat(101) });
      const answered = server.success ? undefined : server.error.issues[0];
      expect(shown('en', form, { ...answered!, limit: 100 })).toBe('Author name must not exceed 100 characters.');
    }
    const dialogTitle = submitDialogSchema.safeParse({ ...VALID.createPage, title: 'ab' });
    expect(shown('en', 'submitDialog', dialogTitle.error!.issues[0]!)).toBe('Title must be at least 3 characters.');
    const pageTitle = createPageSchema.safeParse({ ...VALID.createPage, title: 'Tiny' });
    expect(shown('en', 'createPage', pageTitle.error!.issues[0]!)).toBe('Title must be at least 5 characters.');
    expect(shown('zh-HK', 'createPage', pageTitle.error!.issues[0]!)).toBe(ZH_SPEC['Title must be at least 5 characters.']);
  });

  it("says the edit page's change note text, in both languages, from a local parse and from the server's answer", () => {
    const parsed = editPromptRequest.safeParse({ ...VALID.editPage, note: 'x'.repeat(201) });
    const issue = parsed.error!.issues.find((i) => i.path[0] === 'note')!;
    expect(shown('en', 'editPage', issue)).toBe('Change note must not exceed 200 characters.');
    expect(shown('en', 'editPage', issue)).toBe(issue.message);
    expect(shown('zh-HK', 'editPage', { path: ['note'], code: 'too_big', limit: 200 })).toBe('修改說明不能超過 200 個字元。');
  });

  it('shows the spec texts for codes that are not bounds', () => {
    const category = submitDialogSchema.safeParse({ ...VALID.submitDialog, categoryId: 'x' });
    expect(shown('en', 'submitDialog', category.error!.issues[0]!)).toBe('Please select a category.');
    const mismatch = setPasswordForm.safeParse({ password: 'long enough 1', confirmPassword: 'long enough 2' });
    expect(shown('en', 'setPassword', mismatch.error!.issues[0]!)).toBe("Passwords don't match");
    const noName = registerRequest.safeParse({ email: 'ann@example.com' });
    expect(
      shown(
        'en',
        'register',
        noName.error!.issues.find((i) => i.path[0] === 'name')!,
      ),
    ).toBe('Name must be at least 2 characters');
    const spaces = registerRequest.safeParse({ ...VALID.register, username: 'a b c' });
    expect(shown('zh-HK', 'register', spaces.error!.issues[0]!)).toBe('用戶名稱不可包含空格');
    const email = loginRequest.safeParse({ ...VALID.login, email: 'nope' });
    expect(shown('en', 'login', email.error!.issues[0]!)).toBe('Please enter a valid email address');
    const token = setPasswordRequest.safeParse({ email: 'ann@example.com', token: '', password: 'long enough 1' });
    expect(shown('en', 'setPassword', token.error!.issues[0]!)).toBe('Token is required');
  });
});

it('every key a form may choose exists in both languages', () => {
  for (const [form, spec] of Object.entries(FORMS)) {
    for (const [field, keys] of Object.entries(spec.fields as Record<string, Record<string, string>>)) {
      for (const key of Object.values(keys)) {
        for (const lng of LANGS) expect(i18n.exists(`${spec.prefix}${key}`, { lng }), `${form}.${field}: ${spec.prefix}${key} (${lng})`).toBe(true);
      }
    }
  }
});

describe('POST /api/prompts accepts exactly what either submit form may send', () => {
  const forms = [SUBMIT_DIALOG_LIMITS, CREATE_PAGE_LIMITS] as const;
  const valid = {
    title: 'A fine title',
    description: 'A description long enough to pass.',
    content: 'Content long enough to pass both.',
    categoryId: 1,
    authorName: 'Ann Lee',
  };
  for (const field of Object.keys(SUBMIT_REQUEST_LIMITS) as (keyof typeof SUBMIT_REQUEST_LIMITS)[]) {
    it(field, () => {
      const mins = forms.map((f) => f[field].min);
      const maxes = forms.map((f) => f[field].max);
      const top = Math.max(...maxes) + 20;
      for (let length = 0; length <= top; length++) {
        const value = 'x'.repeat(length);
        const someFormAccepts = forms.some((f) => length >= f[field].min && length <= f[field].max);
        expect(submitPromptRequest.safeParse({ ...valid, [field]: value }).success, `${field} of ${length}`).toBe(someFormAccepts);
      }
      expect(SUBMIT_REQUEST_LIMITS[field]).toEqual({ min: Math.min(...mins), max: Math.max(...maxes) });
    });
  }

  it('the forms validate with their own tables', () => {
    for (const [schema, limits] of [
      [submitDialogSchema, SUBMIT_DIALOG_LIMITS],
      [createPageSchema, CREATE_PAGE_LIMITS],
    ] as const) {
      for (const [field, { min, max }] of Object.entries(limits)) {
        const base = { ...valid, categoryId: 1 };
        expect(schema.safeParse({ ...base, [field]: 'x'.repeat(min) }).success, `${field} ${min}`).toBe(true);
        expect(schema.safeParse({ ...base, [field]: 'x'.repeat(min - 1) }).success, `${field} ${min - 1}`).toBe(false);
        expect(schema.safeParse({ ...base, [field]: 'x'.repeat(max) }).success, `${field} ${max}`).toBe(true);
        expect(schema.safeParse({ ...base, [field]: 'x'.repeat(max + 1) }).success, `${field} ${max + 1}`).toBe(false);
      }
    }
  });
});
