/**
 * "Save a copy" of a public prompt, and whether the viewer wrote the prompt of the page: the
 * shared page names no account behind a pen name, so its author's own actions (rather than
 * Rate, Report and Save a copy) wait for the server's word (GET /api/prompts/{id}/ownership).
 */
import { useEffect } from 'react';
import { $currentUser, knownCurrentUser } from './current-user';
import * as routes from '../shared/api-routes.generated';
import { api, refusedText } from './http';
import { pageT } from './strings';
import { $authored } from './stores';
import { reserveToast, showToast } from '../ui/toast-store';
import { useHydratedStore } from '../ui/hooks';

const asked = new Set<number>();

/** Asks once per page whether the signed-in viewer wrote `promptId`; the answer lands in `$authored`. */
export function loadAuthorship(promptId: number): void {
  if (asked.has(promptId) || !$currentUser.get()) return;
  asked.add(promptId);
  api(routes.ownership, { params: { id: promptId } })
    .then(({ isAuthor }) => $authored.setKey(String(promptId), isAuthor))
    .catch((error: unknown) => console.error(error));
}

/**
 * Whether the signed-in viewer wrote the prompt: at once from its public author account, else
 * (a pen name, the house's) from the server; false until known, and for a visitor.
 */
export function useAuthorship(promptId: number, authorId: number | null): boolean {
  const user = useHydratedStore($currentUser, undefined);
  const authored = useHydratedStore($authored, {})[String(promptId)];
  useEffect(() => {
    if (user && authorId === null) loadAuthorship(promptId);
  }, [user, authorId, promptId]);
  return !!user && ((authorId !== null && user.id === authorId) || authored === true);
}

/**
 * Saves a private copy into the viewer's library; the toast opens it. A visitor is asked to sign
 * in, once the page knows nobody is (a member's click before it saves the copy).
 */
export async function saveCopy(promptId: number): Promise<void> {
  const t = pageT();
  if (!(await knownCurrentUser())) {
    showToast({ variant: 'destructive', title: t('common:toasts.authRequired.title'), description: t('prompts:copies.signIn') });
    return;
  }
  const toast = reserveToast();
  try {
    const copy = await api(routes.copy, { params: { id: promptId } });
    toast({
      title: t('prompts:copies.savedTitle'),
      description: t('prompts:copies.savedText'),
      action: { label: t('prompts:copies.open'), run: () => location.assign(`/prompts/${copy.id}`) },
    });
  } catch (error) {
    console.error(error);
    toast({ variant: 'destructive', title: t('prompts:copies.failed'), description: refusedText(t, error) });
  }
}
