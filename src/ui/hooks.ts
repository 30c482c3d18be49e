import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
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

/** False during hydration (matching the server HTML), true once the island runs. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
