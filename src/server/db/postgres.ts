import postgres from 'postgres';
import type { Db, Sql } from '../../../events/sql';
import { assertDriverPatched } from './driver-patch';
import { isDatabaseUnavailable } from './unavailable';

export interface PostgresOptions {
  /** Tables live in this schema (created if missing); tests use one schema per run. */
  schema?: string;
  max?: number;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  assertDriverPatched();
  const schema = options.schema ?? 'public';
  const client = postgres(url, {
    max: options.max ?? 10,
    // Seconds before a closed connection reconnects. The driver's default grows with a count of
    // failures shared by the whole pool, up to 20 s: after a 3 s outage ten connections' failures
    // had every connection wait 10-20 s, and the requests queued for them hung long after
    // PostgreSQL was back. Capped at a second, with jitter, the pool is back within one.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1) * (0.5 + Math.random() / 2),
    onnotice: () => {},
    types: { bigint: { to: 20, from: [20], serialize: (v: number) => String(v), parse: (v: string) => Number(v) } },
    connection: { search_path: schema === 'public' ? 'public' : `${schema},public`, application_name: 'promptory' },
  });
  if (schema !== 'public') await client.unsafe(`create schema if not exists "${schema}"`);
  // Statements with parameters are prepared once per connection (named, cached by their text):
  // PostgreSQL then skips parsing and planning them on every call, which was half of its CPU
  // time on a rating (docs/benchmarks.md, "HTTP writes"). Our statement texts are constants
  // (values always go in parameters), so the cache stays small.
  const wrap = (q: postgres.Sql | postgres.TransactionSql): Sql => ({
    async query<T>(text: string, params?: readonly unknown[]) {
      const rows = await q.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[], { prepare: true });
      return rows as unknown as T[];
    },
    async many(statements) {
      // Issued together, the driver pipelines them on the transaction's one connection, in order.
      await Promise.all(statements.map((s) => q.unsafe(s.text, (s.params ?? []) as postgres.ParameterOrJSON<never>[], { prepare: true })));
    },
  });
  return {
    kind: 'postgres',
    schema,
    ...wrap(client),
    // The driver's own transactions, whose BEGIN goes out with the first statements
    // (patches/postgres+3.4.9.patch). Not a reserved connection with BEGIN pipelined by hand:
    // postgres.js puts a reserved connection that closed mid-transaction back into its pool
    // when released, and requests then hung after a PostgreSQL restart
    // (tests/integration/db-outage.test.ts).
    transaction: (fn) => client.begin((tx) => fn(wrap(tx))) as Promise<never>,
    // A transaction holds only its own pooled connection here: the guard is one round trip, the
    // statements after it pipelined.
    guardedWrite: async ({ setup = [], guard, statements }) => {
      let started = 0;
      const row = await client.begin(async (tx) => {
        started = performance.now();
        const sql = wrap(tx);
        await sql.many(setup);
        const [first] = await sql.query<{ proceed: boolean }>(guard.text, guard.params);
        if (!first || first.proceed !== true) return first ?? null;
        await sql.many(statements);
        return first;
      });
      return { guard: row as never, heldMs: performance.now() - started };
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * Resolves once PostgreSQL at `url` answers a query; while it cannot be reached (down,
 * restarting, refusing connections) it tries again every second, telling `onWait` why. A
 * process started during an outage (a worker beside a restarting database) then starts when
 * the database is back instead of exiting. Any other error (bad credentials, no such database)
 * is thrown at once.
 */
export async function waitForPostgres(url: string, onWait: (error: unknown) => void): Promise<void> {
  for (;;) {
    const probe = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
    try {
      await probe`select 1`;
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      onWait(error);
    } finally {
      await probe.end({ timeout: 1 });
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
