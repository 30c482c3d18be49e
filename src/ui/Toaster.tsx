import { useEffect, useRef, useState } from 'react';
import { $toast, dismissToast, TOAST_SWIPE_THRESHOLD_PX, type Toast } from './toast-store';
import { Icon } from './Icon';
import { useHydratedStore } from './hooks';

/**
 * The notification region: one toast at a time, auto-dismissed after its
 * duration (paused while hovered or focused), swipe right past 50 px to dismiss, F8 focuses
 * it, Escape closes. At most 420 px wide from the `md` breakpoint.
 */
export function Toaster({ label, closeLabel }: { label: string; closeLabel: string }) {
  // A toast raised by an island that hydrated first (a switch clicked at once) waits for this
  // one's hydration: rendering it straight away would not match the server's empty region.
  const toast = useHydratedStore($toast, null);
  const regionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8' || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      const region = regionRef.current!;
      (region.querySelector<HTMLElement>('li') ?? region).focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <section
      ref={regionRef}
      id="promptory-toaster"
      aria-label={label}
      tabIndex={-1}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col gap-2 p-4 outline-none md:inset-x-auto md:right-0 md:w-full md:max-w-[420px]"
    >
      <ol className="flex flex-col gap-2" aria-live="polite">
        {toast && <ToastItem key={toast.id} toast={toast} closeLabel={closeLabel} />}
      </ol>
    </section>
  );
}

function ToastItem({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  const destructive = toast.variant === 'destructive';
  const [dx, setDx] = useState(0);
  const [leaving, setLeaving] = useState(false);
  const startX = useRef<number | null>(null);
  // The drag distance as of the last pointer event (state may not have re-rendered yet at pointerup).
  const dragged = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const remaining = useRef(toast.durationMs);
  const startedAt = useRef(0);
  const itemRef = useRef<HTMLLIElement>(null);

  const stop = () => {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    remaining.current -= Date.now() - startedAt.current;
  };
  const start = () => {
    clearTimeout(timer.current);
    startedAt.current = Date.now();
    timer.current = setTimeout(dismissToast, Math.max(remaining.current, 500));
  };
  useEffect(() => {
    start();
    return () => clearTimeout(timer.current);
  }, []);

  // Drag position: transform through the CSSOM (style attributes are not allowed by the CSP).
  useEffect(() => {
    const el = itemRef.current!;
    el.style.transform = leaving ? 'translateX(110%)' : dx ? `translateX(${dx}px)` : '';
    el.style.opacity = leaving ? '0' : dx ? String(Math.max(0.3, 1 - dx / 300)) : '';
    el.style.transition = startX.current === null ? 'transform 150ms ease-out, opacity 150ms ease-out' : '';
  }, [dx, leaving]);

  const endSwipe = () => {
    if (startX.current === null) return;
    startX.current = null;
    if (dragged.current >= TOAST_SWIPE_THRESHOLD_PX) {
      setLeaving(true);
      setTimeout(dismissToast, 150);
    } else {
      setDx(0);
    }
  };

  return (
    // Hover and focus pause the toast's timer so it can be read; the toast is focusable for that (tabIndex).
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <li
      ref={itemRef}
      data-testid="toast"
      data-variant={toast.variant}
      role={destructive ? 'alert' : undefined}
      tabIndex={0}
      className={`toast-enter pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg touch-pan-y select-none ${
        destructive ? 'border-destructive bg-destructive text-destructive-foreground' : 'border-border bg-card text-card-foreground'
      }`}
      onPointerEnter={stop}
      onPointerLeave={start}
      onFocus={stop}
      onBlur={start}
      onKeyDown={(e) => e.key === 'Escape' && dismissToast()}
      onPointerDown={(e) => {
        if ((e.target as Element).closest('button')) return;
        startX.current = e.clientX;
        dragged.current = 0;
        setDx(0);
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (startX.current === null) return;
        dragged.current = Math.max(0, e.clientX - startX.current);
        setDx(dragged.current);
      }}
      onPointerUp={endSwipe}
      onPointerCancel={endSwipe}
    >
      <div className="grid gap-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className={destructive ? 'text-sm opacity-95' : 'text-sm text-muted-foreground'}>{toast.description}</p>}
        {toast.action && (
          <button
            type="button"
            onClick={() => {
              dismissToast();
              toast.action!.run();
            }}
            className="mt-1 inline-flex h-8 w-fit items-center rounded-md border border-border px-3 text-sm font-medium hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            data-testid="toast-action"
          >
            {toast.action.label}
          </button>
        )}
      </div>
      <button
        type="button"
        aria-label={closeLabel}
        onClick={dismissToast}
        className="absolute top-2 right-2 inline-flex size-7 items-center justify-center rounded-md opacity-70 hover:opacity-100"
      >
        <Icon name="x" size={16} />
      </button>
    </li>
  );
}
