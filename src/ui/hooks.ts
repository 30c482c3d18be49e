import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { ReadableAtom } from 'nanostores';

/**
 * A store's value, but `serverValue` during hydration: the server rendered the page without
 * knowing the viewer, so the first client render must match it (else React throws away the
 * server HTML). Personal state shows right after.
 */
export function useHydratedStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  const value = useStore(store);
  return useHydrated() ? value : serverValue;
}

/**
 * Moves focus to `target()` whenever `step` changes, but not on the first render (the page has
 * just loaded: focus stays where the visitor is). For a control that turns into a
 * confirmation and back.
 */
export function useFocusOnStep(step: unknown, target: () => HTMLElement | null | undefined): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    target()?.focus();
    // `target` is read when the step changes, not a reason to move focus on its own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);
}

/** False during hydration (matching the server HTML), true once the island runs. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
