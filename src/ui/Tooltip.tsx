import { atom } from 'nanostores';
import { cloneElement, useLayoutEffect, useRef, type FocusEvent, type PointerEvent, type ReactElement } from 'react';
import { useHydratedStore } from './hooks';

/** The product's tooltip timing: open after 700 ms; within 300 ms of one closing the next opens at once; 4 px away. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOOLTIP_OFFSET_PX = 4;
const TOOLTIP_ID = 'promptory-tooltip';

const $tip = atom<{ text: string; target: HTMLElement } | null>(null);
let openTimer: ReturnType<typeof setTimeout> | undefined;
let lastClosedAt = 0;

function show(target: HTMLElement, text: string) {
  if (!target.isConnected) return;
  target.setAttribute('aria-describedby', TOOLTIP_ID);
  $tip.set({ text, target });
}

function hide() {
  clearTimeout(openTimer);
  openTimer = undefined;
  const current = $tip.get();
  if (current) {
    current.target.removeAttribute('aria-describedby');
    lastClosedAt = Date.now();
    $tip.set(null);
  }
}

function schedule(target: HTMLElement, text: string) {
  if ($tip.get()?.target === target) return;
  hide();
  if (Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) show(target, text);
  else openTimer = setTimeout(() => show(target, text), TOOLTIP_OPEN_DELAY_MS);
}

type TriggerProps = {
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onBlur?: (e: FocusEvent<HTMLElement>) => void;
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void;
};

/** Gives its one child a tooltip (hover or keyboard focus; not touch). */
export function Tooltip({ label, children }: { label: string; children: ReactElement<TriggerProps> }) {
  return cloneElement(children, {
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      if (e.pointerType !== 'touch') schedule(e.currentTarget, label);
      children.props.onPointerEnter?.(e);
    },
    onPointerLeave: (e: PointerEvent<HTMLElement>) => {
      hide();
      children.props.onPointerLeave?.(e);
    },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      if (e.currentTarget.matches(':focus-visible')) schedule(e.currentTarget, label);
      children.props.onFocus?.(e);
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      hide();
      children.props.onBlur?.(e);
    },
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      hide();
      children.props.onPointerDown?.(e);
    },
  });
}

/** The one tooltip element of the page (rendered by the Overlays island). */
export function TooltipLayer() {
  // A tip opened before this island hydrated shows once it has (the server rendered it hidden).
  const tip = useHydratedStore($tip, null);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current!;
    if (!tip) return;
    const r = tip.target.getBoundingClientRect();
    const w = el.offsetWidth;
    const h = el.offsetHeight;
    let top = r.bottom + TOOLTIP_OFFSET_PX;
    if (top + h > window.innerHeight - 4) top = r.top - TOOLTIP_OFFSET_PX - h;
    const left = Math.min(Math.max(4, r.left + r.width / 2 - w / 2), window.innerWidth - w - 4);
    el.style.left = `${Math.round(left)}px`;
    el.style.top = `${Math.round(top)}px`;
  }, [tip]);
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && hide();
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, { passive: true });
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide);
    };
  }, []);
  return (
    <div
      ref={ref}
      id={TOOLTIP_ID}
      role="tooltip"
      hidden={!tip}
      className="pointer-events-none fixed top-0 left-0 z-[90] max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-md"
    >
      {tip?.text}
    </div>
  );
}
