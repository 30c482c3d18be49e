import { useEffect, useRef, type HTMLAttributes, type ReactNode } from 'react';

const OPENED = 'promptory:menu-open';

interface Props {
  summary: ReactNode;
  summaryProps?: HTMLAttributes<HTMLElement> & Record<`data-${string}`, string>;
  className?: string;
  children: ReactNode;
  'data-mobile-menu'?: string;
}

/**
 * A dropdown menu on <details>: it opens and closes without JavaScript (the server-rendered
 * HTML works before hydration). Hydrated, it closes on an outside click, on Escape (focus back
 * to its summary) and when another menu opens.
 */
export function Menu({ summary, summaryProps, className, children, ...rest }: Props) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const menu = ref.current!;
    const onClick = (event: MouseEvent) => {
      if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !menu.open) return;
      menu.open = false;
      menu.querySelector('summary')?.focus();
    };
    const onToggle = () => {
      if (menu.open) document.dispatchEvent(new CustomEvent(OPENED, { detail: menu }));
    };
    const onOther = (event: Event) => {
      const other = (event as CustomEvent<HTMLElement>).detail;
      if (other !== menu && !other.contains(menu) && !menu.contains(other)) menu.open = false;
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    document.addEventListener(OPENED, onOther);
    menu.addEventListener('toggle', onToggle);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener(OPENED, onOther);
      menu.removeEventListener('toggle', onToggle);
    };
  }, []);
  return (
    <details ref={ref} className={className} data-menu="" {...rest}>
      <summary {...summaryProps}>{summary}</summary>
      {children}
    </details>
  );
}
