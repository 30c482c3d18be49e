import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { isBackground } from '../../../events/background';
import { nextTurn } from '../../../events/parts';
import type { Db, Sql } from '../../../events/sql';

/** int8 as a JS number (positions and counters stay far below 2^53), as the postgres adapter does. */
const parsers = { [types.INT8]: (v: string) => Number(v) };

/** The longest stretch of PGlite work before the event loop gets a turn. */
const TURN_MS = 10;

/**
 * PGlite runs in this thread and its file system is synchronous, so a query's promise settles
 * without the event loop ever polling for I/O: a loop of queries (an export's pages, an import's
 * parts, a projection catching up) would hold every other request, even its HTTP parsing, until
 * the whole loop ends. Before a query, once `TURN_MS` have gone by without the loop turning,
 * wait for one turn (`setImmediate` runs after the poll phase), so requests that arrived
 * meanwhile are read and queue for the database behind at most the work already queued.
 */
function turnTaker() {
  let lastTurn = performance.now();
  let watching = false;
  const watch = () => {
    if (watching) return;
    watching = true;
    setImmediate(() => {
      watching = false;
      lastTurn = performance.now();
    });
  };
  return async () => {
    watch();
    if (performance.now() - lastTurn < TURN_MS) return;
    await nextTurn();
  };
}

/** How long people's queries must have been done before background work goes on: the gap between a request's own queries. */
const FOREGROUND_GRACE_MS = 2;
/** The longest background work waits for people's queries, so a busy server still catches up. */
const BACKGROUND_MAX_WAIT_MS = 50;

/**
 * People's queries first. A request asks for several things in turn (its session, then what it
 * shows), and between two of its queries background work (a projection step, an import's part)
 * took the connection each time: a visitor waited behind one part per query. Background work
 * (events/background.ts) now starts a statement or a transaction only once no person's query
 * has been queued or running for `FOREGROUND_GRACE_MS`, or after `BACKGROUND_MAX_WAIT_MS`.
 */
function foregroundFirst() {
  let active = 0;
  let idleSince = performance.now();
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    async foreground<T>(run: () => Promise<T>): Promise<T> {
      active += 1;
      try {
        return await run();
      } finally {
        active -= 1;
        if (active === 0) idleSince = performance.now();
      }
    },
    async yieldToForeground(): Promise<void> {
      const started = performance.now();
      for (;;) {
        const now = performance.now();
        const quiet = active === 0 ? now - idleSince : 0;
        if (quiet >= FOREGROUND_GRACE_MS || now - started >= BACKGROUND_MAX_WAIT_MS) return;
        await sleep(Math.max(1, FOREGROUND_GRACE_MS - quiet));
      }
    },
  };
}

export async function openPglite(dataDir: string | undefined): Promise<{ db: Db; pglite: PGlite }> {
  const pglite = await PGlite.create(dataDir ? `file://${dataDir}` : undefined, {
    extensions: { pg_trgm },
    parsers,
  });
  // Turns are taken between statements and transactions, never inside a transaction: its lock
  // would be held the longer (a projection step keeps its own short: projections/runner.ts).
  const takeTurn = turnTaker();
  const people = foregroundFirst();
  // A statement or transaction outside any transaction: background work lets people's go first.
  const scheduled = async <T>(run: () => Promise<T>): Promise<T> => {
    if (!isBackground()) return people.foreground(async () => (await takeTurn(), run()));
    await people.yieldToForeground();
    await takeTurn();
    return run();
  };
  const noTurn = async () => {};
  const wrap = (q: Pick<PGlite, 'query'>, turn = noTurn): Sql => ({
    async query<T>(text: string, params?: readonly unknown[]) {
      await turn();
      const result = await q.query<T>(text, params as unknown[] | undefined);
      return result.rows;
    },
    async many(statements) {
      for (const s of statements) {
        await turn();
        await q.query(s.text, s.params as unknown[] | undefined);
      }
    },
  });
  const outside = wrap(pglite, takeTurn);
  const db: Db = {
    kind: 'pglite',
    schema: 'public',
    query: (text, params) => scheduled(() => outside.query(text, params)),
    many: (statements) => scheduled(() => outside.many(statements)),
    // PGlite has one connection and runs a transaction exclusively; calling `db.query`
    // from inside `fn` would wait for the transaction itself, so use `tx`.
    transaction: (fn) => scheduled(() => pglite.transaction((tx) => fn(wrap(tx)))),
    close: () => pglite.close(),
  };
  return { db, pglite };
}
