import { useEffect, useState } from 'react';
import type { DeviceView } from '../../../modules/devices/contracts';
import { api, failureText } from '../../client/http';
import * as routes from '../../shared/api-routes.generated';
import { useT, withStrings } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import type { Strings } from '../../shared/strings';
import { Dialog } from '../../ui/Dialog';
import { Button } from '../../ui/Button';
import { RevocableList, type ListNote } from '../../ui/RevocableList';

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
  const [note, setNote] = useState<ListNote | null>(null);
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
      <RevocableList
        items={devices}
        note={note}
        empty={t('site.devicesEmpty')}
        details={(d) => (
          <>
            <div className="font-medium">{d.name}</div>
            <div className="text-sm text-muted-foreground">
              {t('site.connectedOn', { date: date(d.connectedAt) })} · {d.lastUsedAt ? t('site.lastUsed', { date: date(d.lastUsedAt) }) : t('site.neverUsed')}
            </div>
          </>
        )}
        revokeLabel={t('site.revoke')}
        onRevoke={setConfirming}
        hydrated={hydrated}
        testIds={{ row: 'device', revoke: 'device-revoke' }}
      />
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} title={t('site.revoke')} closeLabel={t('connect.cancel')}>
        <p className="mb-5 text-sm">{t('site.revokeConfirm')}</p>
        <Button variant="primary" onClick={() => confirming && revoke(confirming)} data-testid="device-revoke-confirm">
          {t('site.revoke')}
        </Button>
      </Dialog>
    </div>
  );
}
