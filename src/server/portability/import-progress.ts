import { DomainError } from '../../../events';
import { IMPORT_REFUSALS, type ImportProgress } from '../../../modules/portability';

/**
 * How far each running import is, in the memory of the web process that runs it: the page that
 * sent the import asks that process (GET /api/me/imports/{importId}/progress) while its request
 * is in flight. Not in the database: it is a few numbers that matter for a few minutes, and an
 * import request never moves between processes. An ended import's entry stays `KEEP_MS` (the
 * page's last poll reads `done`), then goes.
 */
const running = new Map<string, ImportProgress & { endedAt: number | null }>();

/** How long an ended import's progress stays readable. */
const KEEP_MS = 5 * 60_000;
/** The most imports remembered at once (the oldest go first): a bound on memory, far past the imports one process runs. */
const MAX_ENTRIES = 1000;

const keyOf = (userId: number, importId: string) => `${userId}:${importId}`;

function sweep(now: number) {
  for (const [key, entry] of running) if (entry.endedAt !== null && now - entry.endedAt > KEEP_MS) running.delete(key);
  while (running.size > MAX_ENTRIES) running.delete(running.keys().next().value!);
}

/** Starts (or restarts) the record of one user's import of `total` prompts; answers how to report it. */
export function trackImport(userId: number, importId: string, total: number) {
  const key = keyOf(userId, importId);
  sweep(Date.now());
  running.delete(key);
  const entry = { saved: 0, total, done: false, endedAt: null as number | null };
  running.set(key, entry);
  return {
    saved(count: number) {
      entry.saved = Math.min(total, entry.saved + count);
    },
    /** Saved, refused or failed: the page stops asking. */
    end() {
      entry.done = true;
      entry.endedAt = Date.now();
    },
  };
}

/** One user's import's progress; not found for one unknown here (not started yet, long over, or someone else's). */
export function importProgressOf(userId: number, importId: string): ImportProgress {
  sweep(Date.now());
  const entry = running.get(keyOf(userId, importId));
  if (!entry) throw new DomainError(IMPORT_REFUSALS.noProgress);
  return { saved: entry.saved, total: entry.total, done: entry.done };
}
