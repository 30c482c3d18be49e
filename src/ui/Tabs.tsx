import { useRef } from 'react';

/** Button tabs (role=tablist) for views inside one island; arrow keys move between them. */
export function Tabs<V extends string>({
  label,
  tabs,
  value,
  onChange,
  idPrefix,
  panelId,
}: {
  label: string;
  tabs: { value: V; label: string }[];
  value: V;
  onChange: (v: V) => void;
  idPrefix: string;
  panelId: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  return (
    <div role="tablist" aria-label={label} className="mb-6 grid grid-cols-2 gap-1 rounded-xl bg-muted p-1">
      {tabs.map((tab, i) => {
        const selected = value === tab.value;
        return (
          <button
            key={tab.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-${tab.value}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            data-testid={`tab-${tab.value}`}
            onClick={() => onChange(tab.value)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
              e.preventDefault();
              const next = (i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length;
              onChange(tabs[next].value);
              refs.current[next]?.focus();
            }}
            className={`rounded-lg px-3 py-2 text-sm font-medium transition-colors ${selected ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground'}`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
