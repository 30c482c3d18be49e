import { useEffect } from 'react';
import { queueToastForNextPage } from '../../client/toast-store';
import { useT, withStrings } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import type { ReviewProps } from './shared';
import { signInHref } from '../../shared/return-to';

/**
 * /prompts/create for a visitor: the page shows "Authentication Required",
 * then sends them to /auth with the same words as a toast.
 */
export default withStrings(AuthRequired);

function AuthRequired(_: ReviewProps) {
  const t = useT<ScopeOf<'review'>>();
  const title = t('create.authTitle');
  const description = t('create.authDescription');
  useEffect(() => {
    // Queued only as this page goes away: this page's own toaster (hydrated when idle, which
    // can come after this) would otherwise take the toast and show it on a page being left.
    addEventListener('pagehide', () => queueToastForNextPage({ variant: 'destructive', title, description }), { once: true });
    location.assign(signInHref(location.pathname + location.search));
  }, [title, description]);
  return null;
}
