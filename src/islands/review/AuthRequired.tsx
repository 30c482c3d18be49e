import { useEffect } from 'react';
import { queueToastForNextPage } from '../../client/toast-store';

/**
 * /prompts/create for a visitor (spec section 2): the page shows "Authentication Required",
 * then sends them to /auth with the same words as a toast.
 */
export default function AuthRequired({ title, description }: { title: string; description: string }) {
  useEffect(() => {
    queueToastForNextPage({ variant: 'destructive', title, description });
    location.assign('/auth');
  }, [title, description]);
  return null;
}
