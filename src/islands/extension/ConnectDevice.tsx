import { useEffect, useState } from 'react';
import { call, HttpError } from '../http';
import { makeT, type Messages } from '../auth/t';

interface Props {
  messages: Messages;
  tokenHash: string;
  name: string;
  code: string;
}

/**
 * The approval the extension sends the user to: shows the device's name and the code the
 * extension shows, and approves on an explicit click (a same-origin POST with the session).
 */
export default function ConnectDevice({ messages, tokenHash, name, code }: Props) {
  const t = makeT(messages);
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  // The server-rendered button stays disabled until React owns it: an early click would do nothing.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function approve() {
    setState('busy');
    setError(null);
    try {
      await call('POST', '/api/extension/devices', { name, tokenHash });
      setState('done');
    } catch (e) {
      setState('idle');
      setError(t('site.failed', { message: e instanceof HttpError ? (e.errorField ?? e.message) : String(e) }));
    }
  }

  return (
    <div className="space-y-5" data-testid="connect-device">
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
        <p role="status" className="rounded-lg bg-success/10 px-3 py-2 text-sm font-medium text-success" data-testid="connect-done">
          {t('site.approved')}
        </p>
      ) : (
        <button type="button" className="btn btn-primary" onClick={approve} disabled={!hydrated || state === 'busy'} data-testid="connect-approve">
          {state === 'busy' ? t('site.approving') : t('site.approve')}
        </button>
      )}
    </div>
  );
}
