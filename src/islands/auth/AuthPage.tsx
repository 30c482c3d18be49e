import { Fragment, useState } from 'react';
import { forgotPasswordRequest, loginRequest, registerRequest, setPasswordForm } from '../../../modules/accounts/contracts';
import { api } from '../../client/http';
import * as routes from '../../shared/api-routes.generated';
import { queueToastForNextPage, showToast } from '../../ui/toast-store';
import { refreshCurrentUser } from '../../client/current-user';
import { useT, withStrings } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import type { Strings, T } from '../../shared/strings';
import { Field } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { Submit } from '../../ui/Submit';
import { Tabs } from '../../ui/Tabs';
import { useForm } from '../../client/use-form';
import { Button } from '../../ui/Button';
import { safeReturnTo } from '../../shared/return-to';
import { keepReturnPath, takeReturnPath } from '../../client/pending-return';

/**
 * The /auth screen: Login and Register tabs, the forgot-password view and
 * the set-password view (when the URL carries email and token). Built from the form kit
 * (src/client/use-form.ts, Field, Submit): validation uses the same zod contracts as the server, so the messages
 * are the product's texts, shown translated from the island's `auth` strings.
 */
export type AuthView = 'login' | 'register' | 'forgot' | 'set-password';

type AuthT = T<ScopeOf<'auth'>>;

interface Props {
  strings: Strings<ScopeOf<'auth'>>;
  view: AuthView;
  email?: string;
  token?: string;
  /** Heading of the set-password view: first password, or a reset. */
  variant?: 'set' | 'reset';
}

function setUrl(view: AuthView) {
  const url = new URL(location.href);
  for (const key of ['tab', 'email', 'token', 'view']) url.searchParams.delete(key);
  if (view === 'register') url.searchParams.set('tab', 'register');
  if (view === 'forgot') url.searchParams.set('view', 'forgot');
  history.replaceState(null, '', url);
}

export default withStrings(AuthViews);

function AuthViews(props: Props) {
  const t = useT<ScopeOf<'auth'>>();
  const [view, setView] = useState<AuthView>(props.view);
  const [loginEmail, setLoginEmail] = useState(props.view === 'login' ? (props.email ?? '') : '');
  const [notice, setNotice] = useState<{ title?: string; description: string } | null>(null);

  const go = (next: AuthView) => {
    setView(next);
    setNotice(null);
    setUrl(next);
  };

  if (view === 'set-password') {
    return <SetPasswordView email={props.email ?? ''} token={props.token ?? ''} variant={props.variant ?? 'set'} onRequestNew={() => go('forgot')} />;
  }
  if (view === 'forgot') {
    return (
      <ForgotView
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
      <Tabs
        label={t('tabs.label')}
        idPrefix="auth-tab"
        panelId="auth-panel"
        value={view}
        onChange={go}
        tabs={[
          { value: 'login', label: t('tabs.login') },
          { value: 'register', label: t('tabs.register') },
        ]}
      />
      {view === 'login' ? (
        <LoginView email={loginEmail} notice={notice} onForgot={() => go('forgot')} />
      ) : (
        <RegisterView
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

function Heading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="mb-6">
      <h2 className="text-2xl font-semibold tracking-tight">{title}</h2>
      {subtitle && <p className="mt-1.5 text-sm text-muted-foreground">{subtitle}</p>}
    </div>
  );
}

function passwordLabels(t: AuthT) {
  return { showLabel: t('fields.showPassword'), hideLabel: t('fields.hidePassword') };
}

function failure(t: AuthT, key: 'loginFailed' | 'passwordFailed' | 'registerFailed' | 'resetFailed') {
  return { title: t(`toasts.${key}.title`), description: t(`toasts.${key}.description`) };
}

function LoginView({ email, notice, onForgot }: { email: string; notice: { title?: string; description: string } | null; onForgot: () => void }) {
  const t = useT<ScopeOf<'auth'>>();
  const form = useForm(loginRequest, { initial: { email, password: '' }, form: 'login' });
  const submit = form.submit(
    async (data) => {
      await api(routes.login, { body: data });
      await refreshCurrentUser().catch(() => undefined);
      queueToastForNextPage({ title: t('toasts.loginSuccess.title'), description: t('toasts.loginSuccess.description') });
      // Back to the page that sent the user to sign in (same-site paths only), else Home.
      location.assign(safeReturnTo(new URL(location.href).searchParams.get('next')) ?? '/');
      return 'keep-busy';
    },
    failure(t, 'loginFailed'),
  );
  return (
    <section id="auth-panel" role="tabpanel" aria-labelledby="auth-tab-login">
      <Heading title={t('login.title')} subtitle={t('login.subtitle')} />
      {notice && <Notice {...notice} testId="auth-notice" />}
      <form noValidate onSubmit={submit} className="space-y-4" data-testid="login-form">
        <Field label={t('fields.email')} type="email" {...form.field('email')} autoComplete="email" placeholder={t('fields.emailPlaceholder')} />
        <Field label={t('fields.password')} type="password" {...form.field('password')} autoComplete="current-password" {...passwordLabels(t)} />
        <div className="flex justify-end">
          <button type="button" onClick={onForgot} className="text-sm font-medium text-link hover:underline" data-testid="forgot-link">
            {t('login.forgot')}
          </button>
        </div>
        <Submit busy={form.busy} label={t('login.submit')} busyLabel={t('login.submitting')} testId="login-submit" />
      </form>
    </section>
  );
}

function RegisterView({ onRegistered }: { onRegistered: (email: string) => void }) {
  const t = useT<ScopeOf<'auth'>>();
  const form = useForm(registerRequest, { initial: { name: '', username: '', email: '' }, form: 'register' });
  const submit = form.submit(
    async (data) => {
      const body = { name: data.name, email: data.email, ...(data.username ? { username: data.username } : {}) };
      await api(routes.register, { body });
      keepReturnPath();
      showToast({ title: t('toasts.registerSuccess.title'), description: t('toasts.registerSuccess.description') });
      onRegistered(data.email);
    },
    failure(t, 'registerFailed'),
  );
  return (
    <section id="auth-panel" role="tabpanel" aria-labelledby="auth-tab-register">
      <Heading title={t('register.title')} subtitle={t('register.subtitle')} />
      <form noValidate onSubmit={submit} className="space-y-4" data-testid="register-form">
        <Field label={t('fields.name')} {...form.field('name')} autoComplete="name" placeholder={t('fields.namePlaceholder')} />
        <Field
          label={
            <>
              {t('fields.username')} <span className="font-normal text-muted-foreground">({t('fields.optional')})</span>
            </>
          }
          {...form.field('username')}
          autoComplete="username"
        />
        <Field
          label={t('fields.email')}
          type="email"
          {...form.field('email')}
          help={t('fields.emailHelp')}
          autoComplete="email"
          placeholder={t('fields.emailPlaceholder')}
        />
        <Submit busy={form.busy} label={t('register.submit')} busyLabel={t('register.submitting')} testId="register-submit" />
      </form>
    </section>
  );
}

function ForgotView({ initialEmail, onBack, onSent }: { initialEmail: string; onBack: () => void; onSent: (email: string) => void }) {
  const t = useT<ScopeOf<'auth'>>();
  const form = useForm(forgotPasswordRequest, { initial: { email: initialEmail }, form: 'forgotPassword' });
  const submit = form.submit(
    async (data) => {
      await api(routes.forgotPassword, { body: data });
      keepReturnPath();
      showToast({ title: t('toasts.resetSuccess.title'), description: t('toasts.resetSuccess.description') });
      onSent(data.email);
    },
    failure(t, 'resetFailed'),
  );
  return (
    <section>
      <button
        type="button"
        onClick={onBack}
        className="mb-6 inline-flex items-center gap-1.5 text-sm font-medium text-link hover:underline"
        data-testid="back-to-login"
      >
        <span aria-hidden="true">←</span> {t('forgot.back')}
      </button>
      <Heading title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
      <form noValidate onSubmit={submit} className="space-y-4" data-testid="forgot-form">
        <Field label={t('fields.email')} type="email" {...form.field('email')} autoComplete="email" placeholder={t('fields.emailPlaceholder')} autoFocus />
        <Submit busy={form.busy} label={t('forgot.submit')} busyLabel={t('forgot.submitting')} testId="forgot-submit" />
      </form>
    </section>
  );
}

/** A long address wraps at its dots and before the @ (a phone is narrower than many addresses), not mid-word. */
function BreakableEmail({ email }: { email: string }) {
  return (
    <>
      {email.split(/(?=@)|(?<=\.)/).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

function SetPasswordView({ email, token, variant, onRequestNew }: { email: string; token: string; variant: 'set' | 'reset'; onRequestNew: () => void }) {
  const t = useT<ScopeOf<'auth'>>();
  const form = useForm(setPasswordForm, { initial: { password: '', confirmPassword: '' }, form: 'setPassword' });
  const title = variant === 'reset' ? t('setPassword.resetTitle') : t('setPassword.title');
  if (!email || !token) {
    return (
      <section>
        <Heading title={title} />
        <p className="mb-6 text-sm text-muted-foreground" data-testid="missing-link">
          {t('setPassword.missingLink')}
        </p>
        <Button variant="outline" className="w-full" onClick={onRequestNew}>
          {t('setPassword.requestNew')}
        </Button>
      </section>
    );
  }
  const submit = form.submit(
    async (data) => {
      await api(routes.setPassword, { body: { email, token, password: data.password } });
      await refreshCurrentUser().catch(() => undefined);
      queueToastForNextPage({ title: t('toasts.passwordSet.title'), description: t('toasts.passwordSet.description') });
      // Back where registering (or the reset request) started, else Home.
      location.assign(safeReturnTo(new URL(location.href).searchParams.get('next')) ?? takeReturnPath() ?? '/');
      return 'keep-busy';
    },
    failure(t, 'passwordFailed'),
  );
  const tokenError = form.errors.token;
  return (
    <section>
      <Heading title={title} />
      {/* Only the email the link itself carries, which its visitor already has: nothing from the
          database, so a crafted link tells no one whether that address is registered. */}
      <div className="mb-5 rounded-xl border border-border bg-muted/50 p-4" data-testid="password-account">
        <p className="text-sm text-muted-foreground">{variant === 'reset' ? t('setPassword.resetAccount') : t('setPassword.account')}</p>
        <p className="mt-1 text-lg font-semibold wrap-anywhere" data-testid="password-account-email">
          <BreakableEmail email={email} />
        </p>
        <p className="mt-2 text-xs text-muted-foreground">{t('setPassword.notYou')}</p>
      </div>
      <p className="mb-4 text-sm text-muted-foreground">{t('setPassword.subtitle')}</p>
      {tokenError && (
        <p className="mb-4 rounded-lg border border-destructive/40 px-3 py-2 text-sm text-destructive" data-testid="error-token">
          {tokenError}
        </p>
      )}
      <form noValidate onSubmit={submit} className="space-y-4" data-testid="set-password-form">
        <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
        <Field label={t('fields.password')} type="password" {...form.field('password')} autoComplete="new-password" autoFocus {...passwordLabels(t)} />
        <Field label={t('fields.confirmPassword')} type="password" {...form.field('confirmPassword')} autoComplete="new-password" {...passwordLabels(t)} />
        <Submit busy={form.busy} label={t('setPassword.submit')} busyLabel={t('setPassword.submitting')} testId="set-password-submit" />
      </form>
      {tokenError && (
        <button type="button" className="mt-4 text-sm font-medium text-link hover:underline" onClick={onRequestNew}>
          {t('setPassword.requestNew')}
        </button>
      )}
    </section>
  );
}
