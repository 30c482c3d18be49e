import { atom } from 'nanostores';

/** Spec section 9: one toast visible at a time, shown for 5000 ms by default. */
export const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  durationMs: number;
}

export const $toast = atom<Toast | null>(null);
let nextId = 1;

/** Shows a toast, replacing any visible one. Any island may call it; the Toaster island renders it. */
export function showToast(toast: { title: string; description?: string; variant?: Toast['variant']; durationMs?: number }) {
  $toast.set({ id: nextId++, variant: 'default', durationMs: TOAST_DURATION_MS, ...toast });
}

export function dismissToast() {
  $toast.set(null);
}
