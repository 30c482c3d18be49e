import { useEffect, useState } from 'react';
import type { DeviceView } from '../../../modules/devices/contracts';
import { api, failureText } from '../../client/http';
import * as routes from '../../shared/api-routes.generated';
import { useT, withStrings } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import type { Strings } from '../../shared/strings';
import { Dialog } from '../../ui/Dialog';
import { Button } from '../../ui/Button';

interface Props {
  strings: Strings<ScopeOf<'extensionPage'>>;
  devices: DeviceView[];
}

/** The dashboard's connected extensions, each with a sign-out (revoke) that takes effect at once. */
export default withStrings(Devices);

function Devices({ strings: { lng }, devices: initial }: Props) {
  const t = useT<ScopeOf<'extensionPage'>>();
  const [devices, setDevices] = useState(initial);
  const [confirming, setConfirming] = useState<DeviceView | null>(null);
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const date = (iso: string) => new Date(iso).toLocaleDateString(lng, { year: 'numeric', month: 'short', day: 'numeric' });

  async function revoke(device: DeviceView) {
    setConfirming(null);
    try {
      await api(routes.revokeDevice, { params: { id: device.id } });
      setDevices((list) => list.filter((d) => d.id !== device.id));
      setNote({ tone: 'ok', text: t('site.revoked') });
    } catch (e) {
      setNote({ tone: 'error', text: t('site.failed', { message: failureText(t, e, String(e)) }) });
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
                  {t('site.connectedOn', { date: date(d.connectedAt) })} ·{' '}
                  {d.lastUsedAt ? t('site.lastUsed', { date: date(d.lastUsedAt) }) : t('site.neverUsed')}
                </div>
              </div>
              <Button variant="outline" size="sm" onClick={() => setConfirming(d)} disabled={!hydrated} data-testid="device-revoke">
                {t('site.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} title={t('site.revoke')} closeLabel={t('connect.cancel')}>
        <p className="mb-5 text-sm">{t('site.revokeConfirm')}</p>
        <Button variant="primary" onClick={() => confirming && revoke(confirming)} data-testid="device-revoke-confirm">
          {t('site.revoke')}
        </Button>
      </Dialog>
    </div>
  );
}
