import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import {
  forgotPasswordRequest,
  loginRequest,
  registerRequest,
  setPasswordForm,
} from '../../../modules/accounts/contracts';
import { call, HttpError } from '../../client/http';
import { queueToastForNextPage, showToast } from '../../client/toast-store';
import { refreshCurrentUser } from '../../client/current-user';
import { makeT, translateMessage, type Messages, type T } from '../../client/t';

/**
 * The /auth screen (spec section 2): Login and Register tabs, the forgot-password view and
 * the set-password view (when the URL carries email and token). Validation uses the same
 * zod contracts as the server, so the messages are the spec's; they are shown translated.
 */
export type AuthView = 'login' | 'register' | 'forgot' | 'set-password';

interface Props {
  messages: Messages;
  view: AuthView;
  email?: string;
  token?: string;
  /** Heading of the set-password view: first password, or a reset. */
  variant?: 'set' | 'reset';
}

type FieldErrors = Record<string, string | undefined>;

function firstErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}

/** The `issues` of a 400 answer, by field. */
function serverIssues(error: HttpError): FieldErrors {
  try {
    const body = JSON.parse(error.body) as { issues?: { path: (string | number)[]; message: string }[] };
    const out: FieldErrors = {};
    for (const issue of body.issues ?? []) out[String(issue.path[0] ?? '')] ??= issue.message;
    return out;
  } catch {
    return {};
  }
}

function setUrl(view: AuthView, keep?: URLSearchParams) {
  const url = new URL(location.href);
  for (const key of ['tab', 'email', 'token', 'view']) url.searchParams.delete(key);
  if (view === 'register') url.searchParams.set('tab', 'register');
  if (view === 'forgot') url.searchParams.set('view', 'forgot');
  keep?.forEach((v, k) => url.searchParams.set(k, v));
  history.replaceState(null, '', url);
}

export default function AuthPage(props: Props) {
  const t = useMemo(() => makeT(props.messages), [props.messages]);
  const [view, setView] = useState<AuthView>(props.view);
  const [loginEmail, setLoginEmail] = useState(props.view === 'login' ? (props.email ?? '') : '');
  const [notice, setNotice] = useState<{ title?: string; description: string } | null>(null);

  const go = (next: AuthView) => {
    setView(next);
    setNotice(null);
    setUrl(next);
  };

  if (view === 'set-password') {
    return <SetPasswordView t={t} email={props.email ?? ''} token={props.token ?? ''} variant={props.variant ?? 'set'} onRequestNew={() => go('forgot')} />;
  }
  if (view === 'forgot') {
    return (
      <ForgotView
        t={t}
        initialEmail={loginEmail}
        onBack={() => go('login')}
        onSent={(email) => {
          setLoginEmail(email);
          setView('login');
          setUrl('login');
          setNotice({ description: t('resetSent.description') });
        }}
      />
    );
  }
  return (
    <div>
      <Tabs t={t} view={view} onChange={go} />
      {view === 'login' ? (
        <LoginView t={t} email={loginEmail} onEmail={setLoginEmail} notice={notice} onForgot={() => go('forgot')} />
      ) : (
        <RegisterView
          t={t}
          onRegistered={(email) => {
            setLoginEmail(email);
            setView('login');
            setUrl('login');
            setNotice({ title: t('checkEmail.title'), description: t('checkEmail.description') });
          }}
        />
      )}
    </div>
  );
}

function Tabs({ t, view, onChange }: { t: T; view: AuthView; onChange: (v: AuthView) => void }) {
  const tabs: AuthView[] = ['login', 'register'];
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  return (
    <div role="tablist" aria-label={t('tabs.label')} className="mb-6 grid grid-cols-2 gap-1 rounded-xl bg-muted p-1">
      {tabs.map((tab, i) => {
        const selected = view === tab;
        return (
          <button
            key={tab}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`auth-tab-${tab}`}
            aria-selected={selected}
            aria-controls="auth-panel"
            tabIndex={selected ? 0 : -1}
            data-testid={`tab-${tab}`}
            onClick={() => onChange(tab)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
              e.preventDefault();
              const next = tabs[(i + 1) % tabs.length];
              onChange(next);
              refs.current[(i + 1) % tabs.length]?.focus();
            }}
            className={`rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
              selected ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground'
            }`}
          >
            {t(`tabs.${tab}`)}
          </button>
        );
      })}
    </div>
  );
}

function Heading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="mb-6">
      <h2 className="text-2xl font-semibold tracking-tight">{title}</h2>
      {subtitle && <p className="mt-1.5 text-sm text-muted-foreground">{subtitle}</p>}
    </div>
  );
}

interface FieldProps {
  label: ReactNode;
  name: string;
  type?: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  help?: string;
  autoComplete?: string;
  placeholder?: string;
  autoFocus?: boolean;
  t: T;
}

function Field({ label, name, type = 'text', value, onChange, error, help, autoComplete, placeholder, autoFocus, t }: FieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  const describedBy = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={isPassword && shown ? 'text' : type}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          placeholder={placeholder}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`input ${isPassword ? 'pr-11' : ''} ${error ? 'border-destructive' : ''}`}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            aria-label={shown ? t('fields.hidePassword') : t('fields.showPassword')}
            aria-pressed={shown}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-muted-foreground hover:text-foreground"
          >
            <EyeIcon crossed={shown} />
          </button>
        )}
      </div>
      {help && !error && (
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="m3 3 18 18" />}
    </svg>
  );
}

function Submit({ busy, label, busyLabel, testId }: { busy: boolean; label: string; busyLabel: string; testId: string }) {
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy} data-testid={testId}>
      {busy && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />}
      {busy ? busyLabel : label}
    </button>
  );
}

function Notice({ title, description }: { title?: string; description: string }) {
  return (
    <div role="status" className="mb-5 rounded-xl border border-primary/30 bg-accent px-4 py-3 text-sm text-accent-foreground" data-testid="auth-notice">
      {title && <p className="font-semibold">{title}</p>}
      <p>{description}</p>
    </div>
  );
}

/** Runs a call; on failure shows the destructive toast (reply's error field or the default) and field issues. */
async function attempt<R>(
  t: T,
  toastKey: string,
  run: () => Promise<R>,
  setErrors: (e: FieldErrors) => void,
): Promise<R | undefined> {
  try {
    return await run();
  } catch (error) {
    console.error(error);
    let description: string | undefined;
    if (error instanceof HttpError) {
      const issues = serverIssues(error);
      setErrors(Object.fromEntries(Object.entries(issues).map(([k, v]) => [k, translateMessage(t, v)])));
      description = translateMessage(t, error.errorField);
    } else {
      description = t('messages.network');
    }
    showToast({ variant: 'destructive', title: t(`toasts.${toastKey}.title`), description: description ?? t(`toasts.${toastKey}.description`) });
    return undefined;
  }
}

function translateErrors(t: T, errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, translateMessage(t, v)]));
}

function LoginView({
  t,
  email,
  onEmail,
  notice,
  onForgot,
}: {
  t: T;
  email: string;
  onEmail: (v: string) => void;
  notice: { title?: string; description: string } | null;
  onForgot: () => void;
}) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = loginRequest.safeParse({ email, password });
    if (!parsed.success) return setErrors(translateErrors(t, firstErrors(parsed.error)));
    setErrors({});
    setBusy(true);
    const ok = await attempt(t, 'loginFailed', () => call('POST', '/api/auth/login', parsed.data), setErrors);
    if (ok === undefined) return setBusy(false);
    await refreshCurrentUser().catch(() => undefined);
    queueToastForNextPage({ title: t('toasts.loginSuccess.title'), description: t('toasts.loginSuccess.description') });
    location.assign('/');
  };
  return (
    <section id="auth-panel" role="tabpanel" aria-labelledby="auth-tab-login">
      <Heading title={t('login.title')} subtitle={t('login.subtitle')} />
      {notice && <Notice {...notice} />}
      <form noValidate onSubmit={submit} className="space-y-4" data-testid="login-form">
        <Field t={t} label={t('fields.email')} name="email" type="email" value={email} onChange={onEmail} error={errors.email} autoComplete="email" placeholder={t('fields.emailPlaceholder')} />
        <Field t={t} label={t('fields.password')} name="password" type="password" value={password} onChange={setPassword} error={errors.password} autoComplete="current-password" />
        <div className="flex justify-end">
          <button type="button" onClick={onForgot} className="text-sm font-medium text-link hover:underline" data-testid="forgot-link">
            {t('login.forgot')}
          </button>
        </div>
        <Submit busy={busy} label={t('login.submit')} busyLabel={t('login.submitting')} testId="login-submit" />
      </form>
    </section>
  );
}

function RegisterView({ t, onRegistered }: { t: T; onRegistered: (email: string) => void }) {
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = registerRequest.safeParse({ name, username, email });
    if (!parsed.success) return setErrors(translateErrors(t, firstErrors(parsed.error)));
    setErrors({});
    setBusy(true);
    const body = { name: parsed.data.name, email: parsed.data.email, ...(parsed.data.username ? { username: parsed.data.username } : {}) };
    const ok = await attempt(t, 'registerFailed', () => call('POST', '/api/auth/register', body), setErrors);
    setBusy(false);
    if (ok === undefined) return;
    showToast({ title: t('toasts.registerSuccess.title'), description: t('toasts.registerSuccess.description') });
    onRegistered(parsed.data.email);
  };
  return (
    <section id="auth-panel" role="tabpanel" aria-labelledby="auth-tab-register">
      <Heading title={t('register.title')} subtitle={t('register.subtitle')} />
      <form noValidate onSubmit={submit} className="space-y-4" data-testid="register-form">
        <Field t={t} label={t('fields.name')} name="name" value={name} onChange={setName} error={errors.name} autoComplete="name" placeholder={t('fields.namePlaceholder')} />
        <Field
          t={t}
          label={
            <>
              {t('fields.username')} <span className="font-normal text-muted-foreground">({t('fields.optional')})</span>
            </>
          }
          name="username"
          value={username}
          onChange={setUsername}
          error={errors.username}
          autoComplete="username"
        />
        <Field
          t={t}
          label={t('fields.email')}
          name="email"
          type="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
          help={t('fields.emailHelp')}
          autoComplete="email"
          placeholder={t('fields.emailPlaceholder')}
        />
        <Submit busy={busy} label={t('register.submit')} busyLabel={t('register.submitting')} testId="register-submit" />
      </form>
    </section>
  );
}

function ForgotView({ t, initialEmail, onBack, onSent }: { t: T; initialEmail: string; onBack: () => void; onSent: (email: string) => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = forgotPasswordRequest.safeParse({ email });
    if (!parsed.success) return setErrors(translateErrors(t, firstErrors(parsed.error)));
    setErrors({});
    setBusy(true);
    const ok = await attempt(t, 'resetFailed', () => call('POST', '/api/auth/forgot-password', parsed.data), setErrors);
    setBusy(false);
    if (ok === undefined) return;
    showToast({ title: t('toasts.resetSuccess.title'), description: t('toasts.resetSuccess.description') });
    onSent(parsed.data.email);
  };
  return (
    <section>
      <button type="button" onClick={onBack} className="mb-6 inline-flex items-center gap-1.5 text-sm font-medium text-link hover:underline" data-testid="back-to-login">
        <span aria-hidden="true">←</span> {t('forgot.back')}
      </button>
      <Heading title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
      <form noValidate onSubmit={submit} className="space-y-4" data-testid="forgot-form">
        <Field t={t} label={t('fields.email')} name="email" type="email" value={email} onChange={setEmail} error={errors.email} autoComplete="email" placeholder={t('fields.emailPlaceholder')} autoFocus />
        <Submit busy={busy} label={t('forgot.submit')} busyLabel={t('forgot.submitting')} testId="forgot-submit" />
      </form>
    </section>
  );
}

function SetPasswordView({ t, email, token, variant, onRequestNew }: { t: T; email: string; token: string; variant: 'set' | 'reset'; onRequestNew: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const title = variant === 'reset' ? t('setPassword.resetTitle') : t('setPassword.title');
  if (!email || !token) {
    return (
      <section>
        <Heading title={title} />
        <p className="mb-6 text-sm text-muted-foreground" data-testid="missing-link">{t('setPassword.missingLink')}</p>
        <button type="button" className="btn btn-outline w-full" onClick={onRequestNew}>
          {t('setPassword.requestNew')}
        </button>
      </section>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = setPasswordForm.safeParse({ password, confirmPassword });
    if (!parsed.success) return setErrors(translateErrors(t, firstErrors(parsed.error)));
    setErrors({});
    setBusy(true);
    const ok = await attempt(t, 'passwordFailed', () => call('POST', '/api/auth/set-password', { email, token, password }), setErrors);
    if (ok === undefined) return setBusy(false);
    await refreshCurrentUser().catch(() => undefined);
    queueToastForNextPage({ title: t('toasts.passwordSet.title'), description: t('toasts.passwordSet.description') });
    location.assign('/');
  };
  return (
    <section>
      <Heading title={title} subtitle={t('setPassword.subtitle', { email })} />
      {errors.token && <p className="mb-4 rounded-lg border border-destructive/40 px-3 py-2 text-sm text-destructive" data-testid="error-token">{errors.token}</p>}
      <form noValidate onSubmit={submit} className="space-y-4" data-testid="set-password-form">
        <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
        <Field t={t} label={t('fields.password')} name="password" type="password" value={password} onChange={setPassword} error={errors.password} autoComplete="new-password" autoFocus />
        <Field t={t} label={t('fields.confirmPassword')} name="confirmPassword" type="password" value={confirmPassword} onChange={setConfirm} error={errors.confirmPassword} autoComplete="new-password" />
        <Submit busy={busy} label={t('setPassword.submit')} busyLabel={t('setPassword.submitting')} testId="set-password-submit" />
      </form>
      {errors.token && (
        <button type="button" className="mt-4 text-sm font-medium text-link hover:underline" onClick={onRequestNew}>
          {t('setPassword.requestNew')}
        </button>
      )}
    </section>
  );
}
