import { useEffect, useState, type FormEvent } from 'react';
import { api, HttpError } from '../../client/http';
import * as routes from '../../shared/api-routes.generated';
import { useT, withStrings } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import type { Strings } from '../../shared/strings';
import { Notice } from '../../ui/Notice';
import { Submit } from '../../ui/Submit';

interface Props {
  strings: Strings<ScopeOf<'extensionPage'>>;
  tokenHash: string;
  name: string;
  code: string;
}

/**
 * The approval the extension sends the user to: shows the device's name and the code the
 * extension shows, and approves on an explicit click (a same-origin POST with the session).
 */
export default withStrings(Connect);

function Connect({ tokenHash, name, code }: Props) {
  const t = useT<ScopeOf<'extensionPage'>>();
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
      setError(t('site.failed', { message: e instanceof HttpError ? (e.errorField ?? e.message) : String(e) }));
    }
  }

  return (
    <form className="space-y-5" onSubmit={approve} data-testid="connect-device">
      <p className="leading-7">{t('site.connectText', { name })}</p>
      <div className="rounded-xl border border-border bg-muted/40 p-4">
        <div className="text-sm text-muted-foreground">{t('site.code')}</div>
        <div className="mt-1 font-mono text-2xl font-semibold tracking-widest" data-testid="connect-code">
          {code}
        </div>
        <p className="mt-2 text-sm text-muted-foreground">{t('site.codeHelp')}</p>
      </div>
      {error && (
        <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {error}
        </p>
      )}
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
