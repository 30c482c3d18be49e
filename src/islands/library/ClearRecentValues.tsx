import { useRef, useState } from 'react';
import { useFocusOnStep } from '../../ui/hooks';
import { api } from '../../client/http';
import { useT, withStrings } from '../../client/strings';
import { reserveToast } from '../../ui/toast-store';
import * as routes from '../../shared/api-routes.generated';
import type { ScopeOf } from '../../shared/string-specs';
import type { Strings } from '../../shared/strings';
import { Button } from '../../ui/Button';

interface Props {
  strings: Strings<ScopeOf<'recentValues'>>;
}

/**
 * The profile's "Clear remembered values": a second, explicit click confirms (nothing to undo
 * afterwards), then a toast says it is done. Shown once hydrated only (`js-only`): it has no
 * form to fall back on.
 */
export default withStrings(ClearRecentValues);

function ClearRecentValues(_props: Props) {
  const t = useT<ScopeOf<'recentValues'>>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  useFocusOnStep(confirming, () => (confirming ? confirmButton : startButton).current);

  const clear = async () => {
    const toast = reserveToast();
    setBusy(true);
    try {
      await api(routes.clearRecentValues, {});
      toast({ title: t('profile.recent.cleared.title'), description: t('profile.recent.cleared.description') });
      setConfirming(false);
    } catch (error) {
      console.error(error);
      toast({ variant: 'destructive', title: t('profile.recent.failed.title'), description: t('profile.recent.failed.description') });
    } finally {
      setBusy(false);
    }
  };

  if (!confirming)
    return (
      <Button ref={startButton} variant="outline" className="js-only" data-testid="clear-recent-values" onClick={() => setConfirming(true)}>
        {t('profile.recent.clear')}
      </Button>
    );
  return (
    <div role="group" aria-labelledby="clear-recent-confirm" className="space-y-3 rounded-lg border border-border bg-muted/40 p-4">
      <p id="clear-recent-confirm" className="text-sm">
        {t('profile.recent.confirm')}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          ref={confirmButton}
          variant="primary"
          disabled={busy}
          aria-busy={busy || undefined}
          data-testid="clear-recent-values-confirm"
          onClick={() => void clear()}
        >
          {t('profile.recent.confirmClear')}
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
          {t('profile.recent.cancel')}
        </Button>
      </div>
    </div>
  );
}
