/**
 * What the prompt controls do, shared by the CardActions and
 * PromptActions islands:
 * - use: records a use (PUT /api/prompts/{id}/use), then copies the content (a prompt with
 *   fill-in variables: the filled text, from the fill panel, src/islands/fill/); "Prompt copied".
 *   Failure: "Error" / "Failed to process your request.". Signed in, the history entry is
 *   recorded between the use and the copy.
 * - copy: copies the content ("Copied to clipboard").
 * - share: native share, else copies the URL ("Link copied").
 * - a visitor's bookmark or rating: the "Authentication required" toasts (rating also
 *   sends the visitor to /auth), once the page knows nobody is signed in (a member's click
 *   before it bookmarks or rates). Signed-in bookmarks and ratings live in library.ts.
 * Each reserves its toast when the user acts (toast-store.ts), so answers never arrive out of order.
 */
import type { RatingValue } from '../../modules/engagement/contracts';
import { copyText } from './clipboard';
import { $currentUser, knownCurrentUser } from './current-user';
import * as routes from '../shared/api-routes.generated';
import { api } from './http';
import { pageT } from './strings';
import { $usageCounts } from './stores';
import { queueToastForNextPage, reserveToast, showToast } from '../ui/toast-store';
import { RATING_CARD_ID, signInHref } from '../shared/return-to';

/** "Error" / "Failed to process your request.": a use, copy or share that failed. */
function failed() {
  const t = pageT();
  return { variant: 'destructive', title: t('common:toasts.useFailed.title'), description: t('common:toasts.useFailed.description') } as const;
}

/** The Copied! label resets after 2000 ms. */
export const COPIED_RESET_MS = 2000;

function contentOnPage(id: number): string | null {
  const el = document.querySelector<HTMLElement>(`[data-prompt-content="${id}"]`);
  return el ? (el.textContent ?? '') : null;
}

/** The prompt's content as written: from the page when it shows it, else from the API. */
export async function contentOf(id: number): Promise<string> {
  return contentOnPage(id) ?? (await api(routes.prompt, { params: { id } })).content;
}

/**
 * Records a use and copies the content (or `filled.text`: the content with its variables
 * filled in, from `filled.values`); resolves true when both worked. `counted: false` is the
 * author copying their own unpublished prompt: nothing public to count, only their history.
 */
export async function recordUseAndCopy(id: number, filled?: { text: string; values: Record<string, string> }, counted = true): Promise<boolean> {
  const toast = reserveToast();
  const t = pageT();
  // The use is recorded first; the copy waits for it (use, refresh, copy).
  const recorded = counted ? api(routes.use, { params: { id } }) : Promise.resolve(null);
  try {
    await copyText(recorded.then(() => historyEntry(id, filled?.values)).then(() => filled?.text ?? contentOf(id)));
    const use = await recorded;
    if (use) $usageCounts.setKey(String(id), use.usageCount);
    toast({ title: t('common:toasts.promptCopied.title'), description: t('common:toasts.promptCopied.description') });
    return true;
  } catch (error) {
    console.error(error);
    toast(failed());
    return false;
  }
}

/** The signed-in user's history entry; a failure is only logged, the copy goes on. */
async function historyEntry(id: number, values?: Record<string, string>): Promise<void> {
  if (!$currentUser.get()) return;
  try {
    await (await import('./library')).recordHistory(id, values);
  } catch (error) {
    console.error(error);
  }
}

export async function copyContent(id: number): Promise<void> {
  const toast = reserveToast();
  const t = pageT();
  try {
    await copyText(contentOf(id));
    toast({ title: t('common:toasts.copiedToClipboard.title') });
  } catch (error) {
    console.error(error);
    toast(failed());
  }
}

export async function share(url: string, title: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      if ((error as { name?: string })?.name !== 'AbortError') console.error(error);
    }
    return;
  }
  const toast = reserveToast();
  const t = pageT();
  try {
    await copyText(url);
    toast({ title: t('common:toasts.linkCopied.title'), description: t('common:toasts.linkCopied.description') });
  } catch (error) {
    console.error(error);
    toast(failed());
  }
}

/**
 * The Bookmark shown before anyone is known: a visitor is asked to sign in; a member whose click
 * came before the page knew them gets the bookmark (the library's toggle waits for their list).
 */
export async function bookmarkOrAskToSignIn(promptId: number): Promise<void> {
  if (!(await knownCurrentUser())) return askToSignInToBookmark();
  const library = await import('./library');
  void library.loadBookmarks();
  await library.toggleBookmark(promptId);
}

function askToSignInToBookmark(): void {
  const t = pageT();
  showToast({ variant: 'destructive', title: t('common:toasts.authRequired.title'), description: t('common:toasts.authRequired.bookmark') });
}

/** Rate as shown before anyone is known: a visitor is sent to sign in; a member's click that came first rates. */
export async function rateOrAskToSignIn(promptId: number, value: RatingValue): Promise<void> {
  if (!(await knownCurrentUser())) return askToSignInToRate();
  await (await import('./library')).rate(promptId, value);
}

function askToSignInToRate(): void {
  const t = pageT();
  queueToastForNextPage({ variant: 'destructive', title: t('common:toasts.authRequired.title'), description: t('common:toasts.authRequired.rate') });
  // Back to this page after sign-in, with the rating card in view.
  location.assign(signInHref(`${location.pathname}${location.search}#${RATING_CARD_ID}`));
}
