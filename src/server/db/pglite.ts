import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Sql } from '../../../events/sql';

/** int8 as a JS number (positions and counters stay far below 2^53), as the postgres adapter does. */
const parsers = { [types.INT8]: (v: string) => Number(v) };

export async function openPglite(dataDir: string | undefined): Promise<{ db: Db; pglite: PGlite }> {
  const pglite = await PGlite.create(dataDir ? `file://${dataDir}` : undefined, {
    extensions: { pg_trgm },
    parsers,
  });
  const wrap = (q: Pick<PGlite, 'query'>): Sql => ({
    async query<T>(text: string, params?: readonly unknown[]) {
      const result = await q.query<T>(text, params as unknown[] | undefined);
      return result.rows;
    },
    async many(statements) {
      for (const s of statements) await q.query(s.text, s.params as unknown[] | undefined);
    },
  });
  const db: Db = {
    kind: 'pglite',
    schema: 'public',
    ...wrap(pglite),
    // PGlite has one connection and runs a transaction exclusively; calling `db.query`
    // from inside `fn` would wait for the transaction itself, so use `tx`.
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    close: () => pglite.close(),
  };
  return { db, pglite };
}
