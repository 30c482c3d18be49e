import { useEffect } from 'react';
import { queueToastForNextPage } from '../../ui/toast-store';
import { useT, withStrings } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import type { ReviewProps } from '../shared/review-parts';
import { signInHref } from '../../shared/return-to';

/**
 * /prompts/create and /prompts/{id}/edit for a visitor: the page shows "Authentication
 * Required", then sends them to /auth (back here after signing in) with the same words as a toast.
 */
export default withStrings(AuthRequired);

function AuthRequired({ page = 'create' }: ReviewProps & { page?: 'create' | 'edit' }) {
  const t = useT<ScopeOf<'review'>>();
  const title = t(`${page}.authTitle`);
  const description = t(`${page}.authDescription`);
  useEffect(() => {
    // Queued only as this page goes away: this page's own toaster (hydrated when idle, which
    // can come after this) would otherwise take the toast and show it on a page being left.
    addEventListener('pagehide', () => queueToastForNextPage({ variant: 'destructive', title, description }), { once: true });
    location.assign(signInHref(location.pathname + location.search));
  }, [title, description]);
  return null;
}
