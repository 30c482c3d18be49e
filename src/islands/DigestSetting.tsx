import { useState } from 'react';
import { api } from '../client/http';
import { useT, withStrings } from '../client/strings';
import { reserveToast } from '../ui/toast-store';
import * as routes from '../shared/api-routes.generated';
import type { ScopeOf } from '../shared/string-specs';
import type { Strings } from '../shared/strings';
import type { DigestSettings } from '../../modules/notifications/contracts';

interface Props {
  strings: Strings<ScopeOf<'digestSetting'>>;
  initial: DigestSettings;
}

/**
 * The profile's daily email digest switch (docs/notifications.md): off until the person turns
 * it on. Each change is saved at once and said in a toast; a failed save puts the switch back.
 * Shown when scripts run (`js-only`); a click before the island hydrates is held and replayed
 * by the head script's early-click gate (src/server/render/inline-scripts.ts), so none is lost.
 */
export default withStrings(DigestSetting);

function DigestSetting({ initial }: Props) {
  const t = useT<ScopeOf<'digestSetting'>>();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [busy, setBusy] = useState(false);

  const change = async (next: boolean) => {
    const toast = reserveToast();
    setBusy(true);
    setEnabled(next);
    try {
      const saved = await api(routes.changeDigest, { body: { enabled: next } });
      setEnabled(saved.enabled);
      toast({ title: t(saved.enabled ? 'profile.digest.on' : 'profile.digest.off') });
    } catch (error) {
      console.error(error);
      setEnabled(!next);
      toast({ variant: 'destructive', title: t('profile.digest.failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <label className="js-only flex cursor-pointer items-center gap-3 text-sm font-medium">
      <input
        type="checkbox"
        role="switch"
        className="size-5 shrink-0 cursor-pointer accent-primary"
        checked={enabled}
        disabled={busy}
        aria-busy={busy || undefined}
        data-testid="digest-switch"
        onChange={(event) => void change(event.currentTarget.checked)}
      />
      {t('profile.digest.label')}
    </label>
  );
}
