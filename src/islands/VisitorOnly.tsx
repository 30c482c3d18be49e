import type { ReactNode } from 'react';
import { $currentUser } from '../client/current-user';
import { useHydratedStore } from '../ui/hooks';

/**
 * Content for visitors only (e.g. the community page's join call to action) on a page that
 * is the same for everyone: rendered for all, removed once the viewer is known to be signed in.
 */
export default function VisitorOnly({ children }: { children?: ReactNode }) {
  const user = useHydratedStore($currentUser, undefined);
  return user ? null : <>{children}</>;
}
