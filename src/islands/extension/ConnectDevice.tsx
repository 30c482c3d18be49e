import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { api, failureText } from '../../client/http';
import * as routes from '../../shared/api-routes.generated';
import { useT, withStrings } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import type { Strings } from '../../shared/strings';
import { Notice } from '../../ui/Notice';
import { Submit } from '../../ui/Submit';
import { EXTENSION_ORIGIN, type ConnectionRequestView } from '../../../modules/devices/contracts';

interface Props {
  strings: Strings<ScopeOf<'extensionPage'>>;
  tokenHash: string;
  code: string;
  /** The pending request, as the extension made it (the site recorded who asked and when). */
  request: ConnectionRequestView;
  /** The server's clock at render: "asked 2 minutes ago" reads the same before and after hydration. */
  now: string;
}

/** "3 minutes ago", "in 7 minutes" in the page's language. */
function relative(iso: string, now: string, lng: string): string {
  const minutes = Math.round((new Date(iso).getTime() - new Date(now).getTime()) / 60_000);
  return new Intl.RelativeTimeFormat(lng, { numeric: 'auto' }).format(minutes, 'minute');
}

/**
 * The approval the extension sends the user to: shows who asks (the device's name, its
 * browser and system, the origin that asked, when, and until when it can be approved) and the
 * code the extension shows, and approves on an explicit click (a same-origin POST with the session).
 */
export default withStrings(Connect);

function Connect({ tokenHash, code, request, now, strings }: Props) {
  const { name } = request;
  const t = useT<ScopeOf<'extensionPage'>>();
  const ours = request.origin === EXTENSION_ORIGIN;
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  // Disabled until React owns the button: an early click on the server-rendered one would do nothing.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function approve(event: FormEvent) {
    event.preventDefault();
    setState('busy');
    setError(null);
    try {
      await api(routes.connectDevice, { body: { name, tokenHash } });
      setState('done');
    } catch (e) {
      setState('idle');
      setError(t('site.failed', { message: failureText(t, e, String(e)) }));
    }
  }

  const row = (label: string, value: ReactNode, testId?: string, className?: string) => (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={className} data-testid={testId}>
        {value}
      </dd>
    </>
  );
  const when = (label: string, at: string, testId: string) =>
    row(
      label,
      <time dateTime={at} data-testid={testId}>
        {relative(at, now, strings.lng)}
      </time>,
    );
  const alert = (text: string, className = '', testId?: string) => (
    <p role="alert" className={`${className} rounded-lg bg-destructive/10 px-3 py-2 text-sm text-destructive`.trim()} data-testid={testId}>
      {text}
    </p>
  );

  return (
    <form className="space-y-5" onSubmit={approve} data-testid="connect-device">
      <p className="leading-7">{t('site.connectText', { name })}</p>
      <section aria-labelledby="connect-who" className="rounded-xl border border-border p-4" data-testid="connect-request">
        <h2 id="connect-who" className="text-sm font-semibold">
          {t('site.who')}
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          {row(t('site.device'), name, 'connect-name', 'font-medium break-words')}
          {row(t('site.browser'), request.agent, 'connect-agent')}
          {row(
            t('site.origin'),
            <>
              {ours ? <span className="font-medium">{t('site.originOurs')}</span> : null}
              <span className="block font-mono text-xs break-all text-muted-foreground">{request.origin || '—'}</span>
            </>,
            'connect-origin',
            'min-w-0',
          )}
          {when(t('site.asked'), request.requestedAt, 'connect-asked')}
          {when(t('site.expires'), request.expiresAt, 'connect-expires')}
        </dl>
        {!ours && alert(t('site.originOther'), 'mt-3', 'connect-foreign')}
      </section>
      <div className="rounded-xl border border-border bg-muted/40 p-4">
        <div className="text-sm text-muted-foreground">{t('site.code')}</div>
        <div className="mt-1 font-mono text-2xl font-semibold tracking-widest" data-testid="connect-code">
          {code}
        </div>
        <p className="mt-2 text-sm text-muted-foreground">{t('site.codeHelp')}</p>
      </div>
      {error && alert(error)}
      {state === 'done' ? (
        <Notice description={t('site.approved')} testId="connect-done" />
      ) : (
        <Submit
          busy={!hydrated || state === 'busy'}
          label={t('site.approve')}
          busyLabel={hydrated ? t('site.approving') : t('site.approve')}
          testId="connect-approve"
        />
      )}
    </form>
  );
}
