import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { HttpError } from '../client/http';
import { showToast } from '../client/toast-store';

/**
 * The state of an island form: `useForm(schema)` validates with the module's zod contract
 * (the server's own rules and messages); the parts it feeds are `Field`, `Submit` and `Notice`
 * (one file each beside this one). Messages come through react-i18next (`islandI18n` in
 * src/client/i18n.ts): a contract's English message is turned into its translation by `messageKey`.
 */
export type FieldErrors = Record<string, string | undefined>;

interface FormOptions<S extends z.ZodType> {
  initial: z.input<S>;
  /** The translation key of a contract message (e.g. "messages.nameMin"); unknown text passes through. */
  messageKey?: (message: string) => string | undefined;
}

export interface Form<S extends z.ZodType> {
  values: z.input<S>;
  set: <K extends keyof z.input<S>>(name: K) => (value: z.input<S>[K]) => void;
  errors: FieldErrors;
  busy: boolean;
  /** Validates, then runs `send` with the parsed data. A thrown call error shows `failure` as a destructive toast. */
  submit: (
    send: (data: z.output<S>) => Promise<void | 'keep-busy'>,
    failure: { title: string; description: string },
  ) => (event: FormEvent) => Promise<void>;
}

function firstByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) out[String(issue.path[0] ?? '')] ??= issue.message;
  return out;
}

/** The `issues` of a 400 answer, by field. */
function serverIssues(error: HttpError): FieldErrors {
  try {
    return firstByField((JSON.parse(error.body) as { issues?: { path: (string | number)[]; message: string }[] }).issues ?? []);
  } catch {
    return {};
  }
}

export function useForm<S extends z.ZodType>(schema: S, options: FormOptions<S>): Form<S> {
  const { t } = useTranslation();
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const translate = useCallback(
    (message: string | undefined) => {
      if (!message) return message;
      const key = options.messageKey?.(message);
      return key ? t(key) : message;
    },
    [t, options.messageKey],
  );
  const translateAll = (found: FieldErrors) => Object.fromEntries(Object.entries(found).map(([k, v]) => [k, translate(v)]));

  return {
    values,
    set: (name) => (value) => setValues((v) => ({ ...(v as object), [name]: value }) as z.input<S>),
    errors,
    busy,
    submit: (send, failure) => async (event) => {
      event.preventDefault();
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        setErrors(translateAll(firstByField(parsed.error.issues)));
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
          setErrors(translateAll(serverIssues(error)));
          description = translate(error.errorField);
        } else {
          description = t('messages.network');
        }
        showToast({ variant: 'destructive', title: failure.title, description: description ?? failure.description });
      }
      setBusy(false);
    },
  };
}
