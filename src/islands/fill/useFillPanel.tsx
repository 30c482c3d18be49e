import { lazy, Suspense, useState, type ReactNode } from 'react';

// The panel, the parser and the form kit load on the first Copy of a prompt with variables only.
const FillPanel = lazy(() => import('./FillPanel'));

/** Starts loading the panel (on hover or focus of a Copy that will open it). */
export function preloadFillPanel(): void {
  void import('./FillPanel');
}

/** The fill-in panel of prompt `id`: `open()` shows it; render `panel` beside the button. */
export function useFillPanel(id: number, onCopied?: () => void, counted = true): { open: () => void; panel: ReactNode } {
  const [wanted, setWanted] = useState(false);
  const [isOpen, setOpen] = useState(false);
  const open = () => {
    setWanted(true);
    setOpen(true);
  };
  const panel = wanted ? (
    <Suspense fallback={null}>
      <FillPanel id={id} open={isOpen} onClose={() => setOpen(false)} onCopied={onCopied} counted={counted} />
    </Suspense>
  ) : null;
  return { open, panel };
}
