import { useEffect, useRef } from 'react';
import { startLiveList } from '../client/live-list';

/**
 * Makes the page's list live (src/client/live-list.ts): tabs, search and "Load more" swap in
 * server-rendered fragments without a reload. Renders the polite status line that announces
 * the new results. Without JavaScript the same links and GET forms load whole pages.
 */
export default function LiveList() {
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const root = document.querySelector<HTMLElement>('[data-live-root]');
    if (root) startLiveList(root, status.current!);
  }, []);
  return <p ref={status} className="sr-only" aria-live="polite" data-testid="live-status" />;
}
