import type { Db, Sql } from '../../events';

/** One statement a request sent, in order, with the round trip it went out in. */
export interface Sent {
  roundTrip: number;
  text: string;
}

/**
 * Records every statement the app sends to its database, and the round trips they took: a
 * statement sent while none of the recorder's statements is in flight starts a new round trip;
 * statements sent together (pipelined by the PostgreSQL driver) share one. A transaction's
 * BEGIN goes out with its first statements (patches/postgres+3.4.9.patch pipelines it); its
 * COMMIT is a round trip of its own (sent once the transaction's work has answered).
 */
export function recordRoundTrips(db: Db): { sent: Sent[]; reset(): void; roundTrips(): number; stop(): void } {
  const original = { query: db.query, many: db.many, transaction: db.transaction };
  let sent: Sent[] = [];
  let inFlight = 0;
  let trips = 0;
  let beginPending = false;
  const track = async <T>(texts: string[], run: () => Promise<T>): Promise<T> => {
    if (inFlight === 0) trips++;
    if (beginPending) sent.push({ roundTrip: trips, text: 'begin' });
    beginPending = false;
    for (const text of texts) sent.push({ roundTrip: trips, text: text.replace(/\s+/g, ' ').trim() });
    inFlight++;
    try {
      return await run();
    } finally {
      inFlight--;
    }
  };
  const wrap = (sql: Sql): Sql => ({
    query: (text, params) => track([text], () => sql.query(text, params)),
    many: (statements) =>
      track(
        statements.map((s) => s.text),
        () => sql.many(statements),
      ),
  });
  const target = db as { -readonly [K in keyof Db]: Db[K] };
  const outer = wrap({ query: original.query.bind(db), many: original.many.bind(db) });
  target.query = outer.query;
  target.many = outer.many;
  target.transaction = async <T>(fn: (tx: Sql) => Promise<T>): Promise<T> => {
    beginPending = true;
    const result = (await original.transaction.call(db, (tx: Sql) => fn(wrap(tx)))) as T;
    await track(['commit'], async () => {});
    return result;
  };
  return {
    get sent() {
      return sent;
    },
    reset() {
      sent = [];
      trips = 0;
    },
    roundTrips: () => trips,
    stop() {
      Object.assign(target, original);
    },
  };
}
