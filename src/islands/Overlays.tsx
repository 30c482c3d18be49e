import { useEffect } from 'react';
import { startCurrentUserSync } from '../client/current-user';
import { showToast, takeQueuedToast } from '../ui/toast-store';
import { Toaster } from '../ui/Toaster';
import { TooltipLayer } from '../ui/Tooltip';
import { translator, type Strings } from '../shared/strings';
import type { ScopeOf } from '../shared/string-specs';

interface Props {
  /** `STRING_SPECS.overlays`. */
  strings: Strings<ScopeOf<'overlays'>>;
  /** Who a private page was rendered for (id, or 0 for a visitor); absent on shared pages. */
  renderedUserId?: number;
}

/**
 * On every page: the toast region, the tooltip layer, and the current user (asked at load,
 * on focus and every 30 minutes). Shared pages carry no user; the
 * personal islands follow `$currentUser`. A private page (dashboard) reloads when the user
 * changes, so the server renders or redirects for the right person.
 */
export default function Overlays({ strings, renderedUserId }: Props) {
  const t = translator(strings);
  useEffect(() => {
    startCurrentUserSync({
      renderedUserId: renderedUserId === undefined ? undefined : renderedUserId || null,
      onChange: () => location.reload(),
    });
    const queued = takeQueuedToast();
    if (queued) showToast(queued);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page: the rendered user is fixed for the page's life
  }, []);
  return (
    <>
      <Toaster label={t('notifications', { hotkey: 'F8' })} closeLabel={t('actions.close')} />
      <TooltipLayer />
    </>
  );
}
