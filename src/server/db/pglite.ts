import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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

export async function openPglite(dataDir: string | undefined): Promise<{ db: Db; pglite: PGlite }> {
  const pglite = await PGlite.create(dataDir ? `file://${dataDir}` : undefined, {
    extensions: { pg_trgm },
    parsers,
  });
  // Turns are taken between statements and transactions, never inside a transaction: its lock
  // would be held the longer (a projection step keeps its own short: projections/runner.ts).
  const takeTurn = turnTaker();
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
  const db: Db = {
    kind: 'pglite',
    schema: 'public',
    ...wrap(pglite, takeTurn),
    // PGlite has one connection and runs a transaction exclusively; calling `db.query`
    // from inside `fn` would wait for the transaction itself, so use `tx`.
    transaction: async (fn) => {
      await takeTurn();
      return pglite.transaction((tx) => fn(wrap(tx)));
    },
    close: () => pglite.close(),
  };
  return { db, pglite };
}
