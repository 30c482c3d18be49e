import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

interface Props {
  label: string;
  tabs: { value: string; label: string; href: string; icon: IconName }[];
  current: string;
  /** Tabs only some viewers get (an island rendering its own list, e.g. Bookmarks), after the list. */
  children?: ReactNode;
}

/**
 * Tabs of a list page. They are links (each state has its own URL and they work without
 * JavaScript); the LiveList island swaps the section in place. A tab link carries only the
 * tab, so changing tab resets search text, category and sort.
 */
export function LinkTabs({ label, tabs, current, children }: Props) {
  return (
    <nav aria-label={label} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <div className="inline-flex min-w-max items-center gap-1 rounded-xl border border-border bg-muted/60 p-1">
        <ul className="flex items-center gap-1">
          {tabs.map((tab) => (
            <li key={tab.value}>
              <a
                href={tab.href}
                data-live-link=""
                data-tab={tab.value}
                aria-current={tab.value === current ? 'page' : undefined}
                className={linkTabClass(tab.value === current)}
              >
                <Icon name={tab.icon} size={15} />
                {tab.label}
              </a>
            </li>
          ))}
        </ul>
        {/* Outside the list: an island's own element may not stand inside a <ul>. */}
        {children}
      </div>
    </nav>
  );
}

export function linkTabClass(current: boolean): string {
  return `inline-flex items-center gap-2 rounded-lg px-3.5 py-2 text-sm font-medium transition-colors ${
    current ? 'bg-card text-foreground shadow-sm ring-1 ring-border' : 'text-muted-foreground hover:text-foreground'
  }`;
}
