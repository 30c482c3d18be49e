import { compareCheckpoints, type Appended, type Checkpoint } from '../../events';
import { isReadModel, type ReadModel } from '../../events/read-models';

/**
 * Freshness as data. A write route declares the read models its answer reads
 * (`reads`, events/route.ts), and so does each cached page (CACHED_PAGES,
 * src/server/page-cache/). From those declarations alone:
 * - a write waits, before it answers, for the declared read models its events feed
 *   (`App.settle`); it waits for nothing else;
 * - its writer's next reads wait for every read model it fed (the WRITTEN_COOKIE: where the
 *   write's appends stand in the log, and which read models they feed): a cached page for the
 *   ones it reads, any other read for all of them;
 * - a stored page is keyed on the checkpoints of the read models it reads (`version`), so it
 *   goes stale when, and only when, one of them moves.
 */

/** How long a read of the checkpoints serves: everyone sees a change within this time, whichever process made it. */
export const VERSION_TTL_MS = 250;

/** The writer's last write: "txId.position.model.model" (the log position of its appends, then the read models they feed). */
export const WRITTEN_COOKIE = 'written';
/** Long enough for any reload; after VERSION_TTL_MS every viewer is past it anyway. */
export const WRITTEN_COOKIE_SECONDS = 60;

export interface Written {
  last: Checkpoint;
  models: readonly ReadModel[];
}

export const formatWritten = (w: Written) => [w.last.txId, w.last.position, ...w.models].join('.');

/** The WRITTEN_COOKIE's value, or null when absent or malformed (a read model unknown to this build included). */
export function parseWritten(value: string | undefined): Written | null {
  const match = value ? /^(\d{1,20})\.(\d{1,15})((?:\.[a-z_]{1,20}){1,12})$/.exec(value) : null;
  if (!match) return null;
  const models = match[3].slice(1).split('.');
  return models.every(isReadModel) ? { last: { txId: match[1], position: Number(match[2]) }, models } : null;
}

/** Both writes' read models, at the later one's position (which is past the earlier one's). */
export function mergeWritten(earlier: Written | null, later: Written): Written {
  if (!earlier) return later;
  const last = compareCheckpoints(earlier.last, later.last) > 0 ? earlier.last : later.last;
  return { last, models: [...new Set([...earlier.models, ...later.models])] };
}

/**
 * Records a write's appends on the request (`locals.written`): the `written` middleware answers
 * with the cookie on the way out. `fed`: the read models the appends feed (App.settle).
 */
export function noteWritten(locals: { written?: Written }, appended: Appended, fed: readonly ReadModel[]): void {
  if (!appended.last || fed.length === 0) return;
  locals.written = mergeWritten(locals.written ?? null, { last: appended.last, models: fed });
}

/** What freshness reads of the app: the read models' checkpoints, the log's head, and a catch-up. */
export interface ReadModelPositions {
  checkpoints(): Promise<ReadonlyMap<string, Checkpoint>>;
  head(): Promise<Checkpoint | null>;
  /** Catches `names` up to `target` (bounded wait when another runner holds one). */
  settle(target: Checkpoint, names: readonly ReadModel[]): Promise<unknown>;
}

interface Reading {
  checkpoints: ReadonlyMap<string, Checkpoint>;
  readAt: number;
}

const covers = (reading: Reading, model: ReadModel, at: Checkpoint) => {
  const checkpoint = reading.checkpoints.get(model);
  return checkpoint !== undefined && compareCheckpoints(checkpoint, at) >= 0;
};

/** The read models' checkpoints as one process sees them: read at most every VERSION_TTL_MS, shared by concurrent callers. */
export class Freshness {
  private current: Reading | null = null;
  private pending: Promise<Reading> | null = null;

  constructor(private readonly positions: ReadModelPositions) {}

  private reread(): Promise<Reading> {
    this.pending ??= this.positions
      .checkpoints()
      .then((checkpoints) => (this.current = { checkpoints, readAt: Date.now() }))
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  /**
   * The version of an answer that reads `models`: their checkpoints. When `written` names some
   * of them, those hold the write first (re-read at once, and caught up here, bounded, when no
   * other process is at it): writes do not wait for what they leave behind, their writer's next
   * read does.
   */
  async version(models: readonly ReadModel[], written: Written | null = null): Promise<string> {
    const behind = written ? written.models.filter((m) => models.includes(m)) : [];
    const reading = await this.holding(behind, written?.last ?? null);
    return models
      .map((m) => reading.checkpoints.get(m))
      .map((c) => (c ? `${c.txId}.${c.position}` : '0'))
      .join(' ');
  }

  /** The writer's read of anything that is not a cached page: every read model `written` names holds it. */
  async wait(written: Written): Promise<void> {
    await this.holding(written.models, written.last);
  }

  private async holding(models: readonly ReadModel[], at: Checkpoint | null): Promise<Reading> {
    const holds = (r: Reading) => !at || models.every((m) => covers(r, m, at));
    const current = this.current;
    if (current && Date.now() - current.readAt < VERSION_TTL_MS && holds(current)) return current;
    let reading = await this.reread();
    // A shared read that started before the write settled can miss it: read once more.
    if (!holds(reading)) reading = await this.reread();
    if (!at || holds(reading)) return reading;
    // Never past the log's head: a forged or stale cookie (another database) must not make a
    // request wait out the bound for a position that will never come.
    const head = await this.positions.head();
    if (!head) return reading;
    const target = compareCheckpoints(at, head) > 0 ? head : at;
    const late = models.filter((m) => !covers(reading, m, target));
    if (late.length === 0) return reading;
    await this.positions.settle(target, late);
    return this.reread();
  }
}
