import { $toast, dismissToast, showToast, takeQueuedToast, TOAST_SWIPE_THRESHOLD_PX, type Toast } from './toast-store';

/**
 * Renders $toast into the server-rendered region (components/Toaster.astro) without a
 * framework: one toast at a time, auto-dismissed after its duration (paused while hovered
 * or focused), swipe right past 50 px to dismiss, F8 focuses the region, Escape closes.
 */
export function startToaster(): void {
  const region = document.getElementById('promptory-toaster');
  const list = region?.querySelector('ol');
  if (!region || !list) return;
  const closeLabel = region.dataset.closeLabel ?? 'Close';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let remaining = 0;
  let startedAt = 0;

  const stopTimer = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    remaining -= Date.now() - startedAt;
  };
  const startTimer = () => {
    if (timer) clearTimeout(timer);
    startedAt = Date.now();
    timer = setTimeout(dismissToast, Math.max(remaining, 500));
  };

  const render = (toast: Toast | null) => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    list.replaceChildren();
    if (!toast) return;
    const destructive = toast.variant === 'destructive';
    const item = document.createElement('li');
    item.dataset.testid = 'toast';
    item.dataset.variant = toast.variant;
    if (destructive) item.setAttribute('role', 'alert');
    item.tabIndex = 0;
    item.className = [
      'toast-enter pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg touch-pan-y select-none',
      destructive
        ? 'border-destructive bg-destructive text-destructive-foreground'
        : 'border-border bg-card text-card-foreground',
    ].join(' ');
    const text = document.createElement('div');
    text.className = 'grid gap-1';
    const title = document.createElement('p');
    title.className = 'text-sm font-semibold';
    title.textContent = toast.title;
    text.append(title);
    if (toast.description) {
      const description = document.createElement('p');
      description.className = destructive ? 'text-sm opacity-95' : 'text-sm text-muted-foreground';
      description.textContent = toast.description;
      text.append(description);
    }
    const close = document.createElement('button');
    close.type = 'button';
    close.setAttribute('aria-label', closeLabel);
    close.className = 'absolute top-2 right-2 inline-flex size-7 items-center justify-center rounded-md opacity-70 hover:opacity-100';
    close.innerHTML =
      '<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';
    close.addEventListener('click', dismissToast);
    item.append(text, close);

    // Pause while the pointer or focus is on the toast (as Radix toasts do).
    item.addEventListener('pointerenter', stopTimer);
    item.addEventListener('pointerleave', startTimer);
    item.addEventListener('focusin', stopTimer);
    item.addEventListener('focusout', startTimer);
    item.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') dismissToast();
    });

    // Swipe right to dismiss: past the threshold it leaves, short of it it snaps back.
    let startX: number | null = null;
    let dx = 0;
    item.addEventListener('pointerdown', (event) => {
      if ((event.target as Element).closest('button')) return;
      startX = event.clientX;
      dx = 0;
      item.setPointerCapture(event.pointerId);
    });
    item.addEventListener('pointermove', (event) => {
      if (startX === null) return;
      dx = Math.max(0, event.clientX - startX);
      item.style.transform = `translateX(${dx}px)`;
      item.style.opacity = String(Math.max(0.3, 1 - dx / 300));
    });
    const endSwipe = () => {
      if (startX === null) return;
      startX = null;
      if (dx >= TOAST_SWIPE_THRESHOLD_PX) {
        item.style.transition = 'transform 150ms ease-out, opacity 150ms ease-out';
        item.style.transform = 'translateX(110%)';
        item.style.opacity = '0';
        setTimeout(dismissToast, 150);
      } else {
        item.style.transition = 'transform 150ms ease-out, opacity 150ms ease-out';
        item.style.transform = '';
        item.style.opacity = '';
      }
    };
    item.addEventListener('pointerup', endSwipe);
    item.addEventListener('pointercancel', endSwipe);

    list.append(item);
    remaining = toast.durationMs;
    startTimer();
  };

  $toast.subscribe(render);

  document.addEventListener('keydown', (event) => {
    if (event.key === 'F8' && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const toast = list.querySelector<HTMLElement>('li');
      (toast ?? region).focus();
    }
  });

  const queued = takeQueuedToast();
  if (queued) showToast(queued);
}
