/**
 * Tooltips for elements with `data-tooltip` (spec section 9): open after 700 ms of hover
 * or focus; within 300 ms of another tooltip closing, the next opens at once (skip delay);
 * drawn 4 px from the trigger. Escape closes. One tooltip element serves the whole page.
 */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOOLTIP_OFFSET_PX = 4;

export function startTooltips(): void {
  const tip = document.createElement('div');
  tip.id = 'promptory-tooltip';
  tip.setAttribute('role', 'tooltip');
  tip.className =
    'pointer-events-none fixed z-[90] hidden max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-md';
  document.body.append(tip);

  let openTimer: ReturnType<typeof setTimeout> | undefined;
  let current: HTMLElement | null = null;
  let lastClosedAt = 0;

  const place = (target: HTMLElement) => {
    const r = target.getBoundingClientRect();
    tip.style.left = '0px';
    tip.style.top = '0px';
    const w = tip.offsetWidth;
    const h = tip.offsetHeight;
    let top = r.bottom + TOOLTIP_OFFSET_PX;
    if (top + h > window.innerHeight - 4) top = r.top - TOOLTIP_OFFSET_PX - h;
    const left = Math.min(Math.max(4, r.left + r.width / 2 - w / 2), window.innerWidth - w - 4);
    tip.style.left = `${Math.round(left)}px`;
    tip.style.top = `${Math.round(top)}px`;
  };

  const show = (target: HTMLElement) => {
    const text = target.dataset.tooltip;
    if (!text || !target.isConnected) return;
    current = target;
    tip.textContent = text;
    tip.classList.remove('hidden');
    place(target);
    target.setAttribute('aria-describedby', tip.id);
  };

  const hide = () => {
    if (openTimer) clearTimeout(openTimer);
    openTimer = undefined;
    if (current) {
      current.removeAttribute('aria-describedby');
      current = null;
      lastClosedAt = Date.now();
    }
    tip.classList.add('hidden');
  };

  const schedule = (target: HTMLElement) => {
    if (current === target) return;
    hide();
    const skip = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS;
    if (skip) show(target);
    else openTimer = setTimeout(() => show(target), TOOLTIP_OPEN_DELAY_MS);
  };

  const triggerOf = (event: Event) => (event.target as Element | null)?.closest?.<HTMLElement>('[data-tooltip]') ?? null;

  document.addEventListener('pointerover', (event) => {
    if ((event as PointerEvent).pointerType === 'touch') return;
    const target = triggerOf(event);
    if (target) schedule(target);
  });
  document.addEventListener('pointerout', (event) => {
    const target = triggerOf(event);
    const to = (event as PointerEvent).relatedTarget as Node | null;
    if (target && !(to && target.contains(to))) hide();
  });
  document.addEventListener('focusin', (event) => {
    const target = triggerOf(event);
    if (target && target.matches(':focus-visible')) schedule(target);
  });
  document.addEventListener('focusout', (event) => {
    if (triggerOf(event)) hide();
  });
  document.addEventListener('pointerdown', hide);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') hide();
  });
  window.addEventListener('scroll', hide, { passive: true });
}
