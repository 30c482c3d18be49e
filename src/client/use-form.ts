import { useCallback, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { HttpError } from './http';
import { useT } from './strings';
import { showToast } from '../ui/toast-store';
import type { WireError } from '../../events/refusals';
import { firstIssueByField, FORMS, formMessage, type FormIssue, type FormName } from '../shared/form-messages';
import { INVALID_REQUEST, refusalText } from '../shared/refusals';
import type { ScopeOf } from '../shared/string-specs';

/**
 * The state of an island form: `useForm(schema)` validates with the module's zod contract
 * (the server's own rules and messages); the parts it feeds are `Field`, `Submit` and `Notice`
 * (one file each beside this one). Messages come from the island's strings bundle (`useT()`,
 * src/client/strings.tsx): a validation issue's message is chosen from its field, code and
 * limit (`formMessage`); relative keys are read in the bundle's scope.
 */
type FormScope = ScopeOf<'review'> | ScopeOf<'auth'> | ScopeOf<'library'>;

export type FieldErrors = Record<string, string | undefined>;

interface FormOptions<S extends z.ZodType> {
  initial: z.input<S>;
  /** Whose limits and messages: a validation issue's message is chosen by `formMessage`. */
  form: FormName;
}

/** What a text `Field` needs of its form: its name, value, change handler, error and the form's maximum length. */
export interface BoundField<K extends string> {
  name: K;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  maxLength: number | undefined;
}

type TextFieldName<S extends z.ZodType> = { [K in keyof z.input<S> & string]: z.input<S>[K] extends string | null | undefined ? K : never }[keyof z.input<S> &
  string];

export interface Form<S extends z.ZodType> {
  values: z.input<S>;
  set: <K extends keyof z.input<S>>(name: K) => (value: z.input<S>[K]) => void;
  /** One text field's props, its `maxLength` from the form's limits table: `<Field label={…} {...form.field('email')} />`. */
  field: <K extends TextFieldName<S>>(name: K) => BoundField<K>;
  errors: FieldErrors;
  busy: boolean;
  /** Validates, then runs `send` with the parsed data. A thrown call error shows `failure` as a destructive toast. */
  submit: (send: (data: z.output<S>) => Promise<void | 'keep-busy'>, failure: { title: string; description: string }) => (event: FormEvent) => Promise<void>;
}

export function useForm<S extends z.ZodType>(schema: S, options: FormOptions<S>): Form<S> {
  const t = useT<FormScope>();
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // The one place a form turns issues into messages: a validation issue's from its field, code
  // and limit; a refusal's (a taken username, a wrong password) from its code.
  const issueText = useCallback(
    (issue: FormIssue & { message: string }, refused?: WireError) => {
      if (refused && refused.code !== INVALID_REQUEST) return refusalText(t, refused);
      const chosen = formMessage(options.form, issue);
      return chosen ? t(chosen.qualified, chosen.values) : issue.message;
    },
    [t, options.form],
  );
  const byField = (issues: readonly (FormIssue & { message: string })[], refused?: WireError): FieldErrors =>
    Object.fromEntries(Object.entries(firstIssueByField(issues)).map(([field, issue]) => [field, issueText(issue, refused)]));

  const set: Form<S>['set'] = (name) => (value) => setValues((v) => ({ ...(v as object), [name]: value }) as z.input<S>);
  const limits: Readonly<Record<string, { readonly max?: number }>> = FORMS[options.form].limits;
  return {
    values,
    set,
    field: (name) => ({
      name,
      value: ((values as Record<string, unknown>)[name] as string | undefined) ?? '',
      onChange: set(name) as (value: string) => void,
      error: errors[name],
      maxLength: limits[name]?.max,
    }),
    errors,
    busy,
    submit: (send, failure) => async (event) => {
      event.preventDefault();
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        setErrors(byField(parsed.error.issues));
        return;
      }
      setErrors({});
      setBusy(true);
      try {
        if ((await send(parsed.data)) === 'keep-busy') return;
      } catch (error) {
        console.error(error);
        let description: string | undefined;
        if (error instanceof HttpError) {
          const refused = error.refused;
          const issues = refused.issues ?? [];
          setErrors(byField(issues, refused));
          description = issues[0] ? issueText(issues[0], refused) : refusalText(t, refused);
        } else {
          description = t('messages.network');
        }
        showToast({ variant: 'destructive', title: failure.title, description: description ?? failure.description });
      }
      setBusy(false);
    },
  };
}
