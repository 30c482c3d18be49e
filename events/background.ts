import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Work no person is waiting on as it runs: projections catching up, an import's or an undo's
 * parts, an export's pages. On PGlite, where everyone shares one connection, its statements
 * let people's queries go first (src/server/db/pglite.ts); on PostgreSQL the mark changes nothing.
 * Server code only (not exported by events/index.ts, which browser code may read).
 */
const background = new AsyncLocalStorage<true>();

/** Runs `work` as background work (everything it awaits, too). */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** Whether the caller runs as background work. */
export const isBackground = (): boolean => background.getStore() === true;
