import { useEffect } from 'react';
import { queueToastForNextPage } from '../../client/toast-store';

/**
 * /prompts/create for a visitor: the page shows "Authentication Required",
 * then sends them to /auth with the same words as a toast.
 */
export default function AuthRequired({ title, description }: { title: string; description: string }) {
  useEffect(() => {
    // Queued only as this page goes away: this page's own toaster (hydrated when idle, which
    // can come after this) would otherwise take the toast and show it on a page being left.
    addEventListener('pagehide', () => queueToastForNextPage({ variant: 'destructive', title, description }), { once: true });
    location.assign('/auth');
  }, [title, description]);
  return null;
}
