import { useEffect, useState } from 'react';
import type { DeviceView } from '../../../modules/devices/contracts';
import { call, HttpError } from '../http';
import { makeT, type Messages } from '../auth/t';

interface Props {
  messages: Messages;
  lng: string;
  devices: DeviceView[];
}

/** The dashboard's connected extensions, each with a sign-out (revoke) that takes effect at once. */
export default function DeviceList({ messages, lng, devices: initial }: Props) {
  const t = makeT(messages);
  const [devices, setDevices] = useState(initial);
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const date = (iso: string) => new Date(iso).toLocaleDateString(lng, { year: 'numeric', month: 'short', day: 'numeric' });

  async function revoke(device: DeviceView) {
    if (!confirm(t('site.revokeConfirm'))) return;
    try {
      await call('DELETE', `/api/extension/devices/${device.id}`);
      setDevices((list) => list.filter((d) => d.id !== device.id));
      setNote({ tone: 'ok', text: t('site.revoked') });
    } catch (e) {
      setNote({ tone: 'error', text: t('site.failed', { message: e instanceof HttpError ? (e.errorField ?? e.message) : String(e) }) });
    }
  }

  return (
    <div data-testid="device-list">
      {note && (
        <p role={note.tone === 'error' ? 'alert' : 'status'} className={`mb-3 text-sm ${note.tone === 'error' ? 'text-destructive' : 'text-success'}`}>
          {note.text}
        </p>
      )}
      {devices.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('site.devicesEmpty')}</p>
      ) : (
        <ul className="divide-y divide-border">
          {devices.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="device">
              <div className="min-w-0">
                <div className="font-medium">{d.name}</div>
                <div className="text-sm text-muted-foreground">
                  {t('site.connectedOn', { date: date(d.connectedAt) })} · {d.lastUsedAt ? t('site.lastUsed', { date: date(d.lastUsedAt) }) : t('site.neverUsed')}
                </div>
              </div>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => revoke(d)} disabled={!hydrated} data-testid="device-revoke">
                {t('site.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
