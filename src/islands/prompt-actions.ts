/**
 * Prompt actions on cards and the detail page (event delegation, so swapped-in cards work):
 * - [data-use-prompt]: records a use (PUT /api/prompts/{id}/use), then copies the content;
 *   "Prompt copied" toast; on the detail page the button reads "Copied!" for 2 s and the
 *   uses count updates. Failure: "Error" / "Failed to process your request.".
 * - [data-copy-content]: copies the content ("Copied to clipboard").
 * - [data-share]: native share, else copies the page URL ("Link copied").
 * - [data-bookmark] / [data-rate] for visitors: the spec's "Authentication required" toasts
 *   (rating also sends the visitor to /auth). Signed-in behaviour comes with its own issue.
 */
import { call } from './http';
import { copyText } from './clipboard';
import { messages } from './messages';
import { queueToastForNextPage, showToast } from './toast-store';

/** Spec section 9: the Copied! label resets after 2000 ms. */
export const COPIED_RESET_MS = 2000;

interface PromptJson {
  id: number;
  content: string;
}

function contentOnPage(id: string): string | null {
  const el = document.querySelector<HTMLElement>(`[data-prompt-content="${CSS.escape(id)}"]`);
  return el ? (el.textContent ?? '') : null;
}

async function contentOf(id: string): Promise<string> {
  return contentOnPage(id) ?? (await call<PromptJson>('GET', `/api/prompts/${encodeURIComponent(id)}`)).content;
}

function flashCopied(button: HTMLElement) {
  const label = button.querySelector<HTMLElement>('[data-copy-label]');
  if (!label) return;
  const original = label.dataset.original ?? label.textContent ?? '';
  label.dataset.original = original;
  label.textContent = messages().copied;
  button.dataset.copied = 'true';
  window.setTimeout(() => {
    label.textContent = original;
    delete button.dataset.copied;
  }, COPIED_RESET_MS);
}

const busy = new WeakSet<HTMLElement>();

async function usePrompt(button: HTMLElement, id: string) {
  if (busy.has(button)) return;
  busy.add(button);
  button.setAttribute('aria-busy', 'true');
  const m = messages();
  // The use is recorded first; the copy waits for it (spec section 4: use, refresh, copy).
  const recorded = call<{ id: number; usageCount: number }>('PUT', `/api/prompts/${encodeURIComponent(id)}/use`);
  const text = recorded.then(() => contentOf(id));
  try {
    await copyText(text);
    const { usageCount } = await recorded;
    for (const el of document.querySelectorAll<HTMLElement>(`[data-usage-count="${CSS.escape(id)}"]`)) {
      el.textContent = new Intl.NumberFormat(document.documentElement.lang).format(usageCount);
    }
    flashCopied(button);
    showToast(m.promptCopied);
  } catch (error) {
    console.error(error);
    showToast({ variant: 'destructive', ...m.useFailed });
  } finally {
    busy.delete(button);
    button.removeAttribute('aria-busy');
  }
}

document.addEventListener('click', (event) => {
  if (event.defaultPrevented || (event as MouseEvent).button > 0) return;
  const target = event.target as Element;
  const m = messages();

  const use = target.closest<HTMLElement>('[data-use-prompt]');
  if (use) {
    const mouse = event as MouseEvent;
    if (mouse.metaKey || mouse.ctrlKey || mouse.shiftKey) return; // opening the link elsewhere
    event.preventDefault();
    void usePrompt(use, use.dataset.usePrompt!);
    return;
  }

  const copy = target.closest<HTMLElement>('[data-copy-content]');
  if (copy) {
    event.preventDefault();
    copyText(contentOf(copy.dataset.copyContent!)).then(
      () => showToast(m.copiedToClipboard),
      (error) => {
        console.error(error);
        showToast({ variant: 'destructive', ...m.useFailed });
      },
    );
    return;
  }

  const share = target.closest<HTMLElement>('[data-share]');
  if (share) {
    event.preventDefault();
    const url = share.dataset.shareUrl || location.href;
    const title = share.dataset.shareTitle || document.title;
    if (typeof navigator.share === 'function') {
      navigator.share({ title, url }).catch((error: unknown) => {
        if ((error as { name?: string })?.name !== 'AbortError') console.error(error);
      });
    } else {
      copyText(url).then(
        () => showToast(m.linkCopied),
        (error) => {
          console.error(error);
          showToast({ variant: 'destructive', ...m.useFailed });
        },
      );
    }
    return;
  }

  if (target.closest('[data-bookmark]')) {
    event.preventDefault();
    showToast({ variant: 'destructive', ...m.authBookmark });
    return;
  }

  if (target.closest('[data-rate]')) {
    event.preventDefault();
    queueToastForNextPage({ variant: 'destructive', ...m.authRate });
    location.assign('/auth');
  }
});

// Links that copy instead of navigating are buttons to assistive technology.
const markButtons = (root: ParentNode) => {
  for (const el of root.querySelectorAll<HTMLElement>('a[data-use-prompt]')) el.setAttribute('role', 'button');
};
markButtons(document);
new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) if (n instanceof Element) markButtons(n);
}).observe(document.body, { childList: true, subtree: true });
document.addEventListener('keydown', (event) => {
  const el = (event.target as Element).closest?.<HTMLElement>('a[data-use-prompt][role="button"]');
  if (el && event.key === ' ') {
    event.preventDefault();
    el.click();
  }
});
