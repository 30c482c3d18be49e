import { atom } from 'nanostores';

/** One toast visible at a time, shown for 5000 ms by default. */
export const TOAST_DURATION_MS = 5000;
/** A swipe to the right of at least 50 px dismisses a toast. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** sessionStorage key of a toast queued for the next page (e.g. after logout or login). */
export const QUEUED_TOAST_KEY = 'promptory:toast';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  durationMs: number;
  /** One button beside the text (Undo after a deletion); pressing it runs `run` and closes the toast. Never queued for the next page. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  run: () => void;
}

export type ToastInput = { title: string; description?: string; variant?: Toast['variant']; durationMs?: number; action?: ToastAction };

export const $toast = atom<Toast | null>(null);
let nextId = 1;
let reserved = 0;
let shown = 0;

/**
 * Takes a place in line for a toast before starting async work (a copy, a call), and
 * returns the function that shows it. A toast whose action started before the one on
 * screen is dropped: the user sees the answer to their latest action, whatever order the
 * work finishes in (a slow clipboard write must not replace a newer "Link copied").
 */
export function reserveToast(): (toast: ToastInput) => void {
  const mine = ++reserved;
  return (toast) => {
    if (mine < shown) return;
    shown = mine;
    $toast.set({ id: nextId++, variant: 'default', durationMs: TOAST_DURATION_MS, ...toast });
  };
}

/** Shows a toast now, replacing any visible one. Any island may call it; the Toaster renders it. */
export function showToast(toast: ToastInput) {
  reserveToast()(toast);
}

export function dismissToast() {
  $toast.set(null);
}

/**
 * Keeps a toast for the next page load (a redirect or `location.assign` follows): the
 * Toaster shows it once on arrival. Falls back to showing it now if storage is unavailable.
 */
export function queueToastForNextPage(toast: ToastInput) {
  try {
    sessionStorage.setItem(QUEUED_TOAST_KEY, JSON.stringify({ ...toast, action: undefined }));
  } catch {
    showToast(toast);
  }
}

/** Takes the queued toast, if any (the Toaster calls this once at start). */
export function takeQueuedToast(): ToastInput | null {
  try {
    const raw = sessionStorage.getItem(QUEUED_TOAST_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(QUEUED_TOAST_KEY);
    const parsed = JSON.parse(raw) as ToastInput;
    return typeof parsed?.title === 'string' ? parsed : null;
  } catch {
    return null;
  }
}
