import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlState, UNIQUE_VIOLATION, type Db } from '../../events';
import { openPglite } from '../../src/server/db/pglite';

/**
 * PGlite runs in a thread of its own (decision 0042): while it works, the server's thread keeps
 * reading requests and firing timers, even during one long statement. What crosses the thread
 * must come back as it did in the server's own: rows and their types, errors with their
 * SQLSTATE, transactions that commit or roll back whole, notifications.
 */
describe('PGlite in its own thread', () => {
  let db: Db;
  let boss: Awaited<ReturnType<typeof openPglite>>['boss'];
  beforeAll(async () => {
    ({ db, boss } = await openPglite(undefined));
    await db.query('create table kept (id int primary key, at timestamptz, bytes bytea, n int8, doc jsonb)');
  });
  afterAll(async () => db?.close());

  it('lets timers fire while one long statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    await db.query('select count(*) from generate_series(1, 4000000)');
    const ticksWhenDone = ticks;
    clearInterval(timer);
    // In the server's thread the statement held the loop: not one tick until it ended.
    expect(ticksWhenDone).toBeGreaterThan(0);
  });

  it('lets a timer fire while a loop of queries runs, long before the loop ends', async () => {
    let queries = 0;
    let firedAfter: number | null = null;
    const timer = setTimeout(() => (firedAfter = queries), 20);
    const started = performance.now();
    while (performance.now() - started < 300) {
      await db.query('select 1');
      queries += 1;
    }
    clearTimeout(timer);
    expect(firedAfter).not.toBeNull();
    expect(firedAfter!).toBeLessThan(queries / 2);
  });

  it('brings rows back with their types: dates, bytes, int8 as a number, json', async () => {
    const at = new Date('2026-11-29T12:00:00.000Z');
    await db.query('insert into kept values ($1, $2, $3, $4, $5::text::jsonb)', [1, at, new Uint8Array([1, 2, 255]), 9007199254740991, '{"a":[1,"二"]}']);
    const [row] = await db.query<{ at: Date; bytes: Uint8Array; n: number; doc: unknown }>('select at, bytes, n, doc from kept where id = 1');
    expect(row.at).toEqual(at);
    expect([...row.bytes]).toEqual([1, 2, 255]);
    expect(row.n).toBe(9007199254740991);
    expect(row.doc).toEqual({ a: [1, '二'] });
  });

  it('keeps an error SQLSTATE and message, and the connection usable after it', async () => {
    const error = await db.query('insert into kept (id) values (1)').catch((e: unknown) => e);
    expect(sqlState(error)).toBe(UNIQUE_VIOLATION);
    expect((error as Error).message).toMatch(/duplicate key/);
    expect(await db.query('select 2 as two')).toEqual([{ two: 2 }]);
  });

  it('commits a transaction whole, and rolls back a thrown one whole', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into kept (id) values (10)');
      await tx.many([
        { text: 'insert into kept (id) values ($1)', params: [11] },
        { text: 'insert into kept (id) values ($1)', params: [12] },
      ]);
    });
    const thrown = await db
      .transaction(async (tx) => {
        await tx.query('insert into kept (id) values (20)');
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    expect(thrown).toBe('changed my mind');
    const failed = await db
      .transaction(async (tx) => {
        await tx.query('insert into kept (id) values (21)');
        await tx.query('insert into kept (id) values (10)');
      })
      .catch((e: unknown) => sqlState(e));
    expect(failed).toBe(UNIQUE_VIOLATION);
    const ids = await db.query<{ id: number }>('select id from kept where id >= 10 order by id');
    expect(ids.map((r) => r.id)).toEqual([10, 11, 12]);
  });

  it('runs a statement from outside after the transaction that holds the connection, not inside it', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('insert into kept (id) values (30)');
      order.push('in transaction');
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = db.query<{ n: number }>('select count(*)::int as n from kept where id = 30').then((rows) => {
      order.push('outside');
      return rows[0].n;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    order.push('released');
    release();
    await transaction;
    expect(await outside).toBe(1);
    expect(order).toEqual(['in transaction', 'released', 'outside']);
  });

  it('holds the connection for a transaction given whole only while the database works, however busy the server thread is', async () => {
    const write = db.guardedWrite<{ proceed: boolean }>({
      guard: { text: 'select true as proceed' },
      statements: [
        { text: 'insert into kept (id) values ($1)', params: [40] },
        { text: 'insert into kept (id) values ($1)', params: [41] },
      ],
    });
    // The server's thread busy for 300 ms (a page rendered, an import decided) while the write is
    // under way: a transaction that waited for this thread between its statements held the connection as long.
    const busyUntil = performance.now() + 300;
    while (performance.now() < busyUntil);
    const { guard, heldMs } = await write;
    expect(guard).toEqual({ proceed: true });
    expect(heldMs).toBeLessThan(150);
    const ids = await db.query<{ id: number }>('select id from kept where id in (40, 41) order by id');
    expect(ids.map((r) => r.id)).toEqual([40, 41]);
  });

  it('delivers notifications to a listener until it stops listening (pg-boss wakes its workers so)', async () => {
    const heard: string[] = [];
    const stop = await boss.listen!('wake', (payload) => heard.push(payload));
    await boss.query("select pg_notify('wake', 'one')");
    await expect.poll(() => heard).toEqual(['one']);
    await stop();
    await boss.query("select pg_notify('wake', 'two')");
    await boss.exec('select 1; select 2');
    expect(heard).toEqual(['one']);
  });

  it('lets a script end that never closes its database, once nothing waits for it', () => {
    const script = `import { openPglite } from './src/server/db/pglite.ts';
      const { db } = await openPglite(undefined);
      console.log(JSON.stringify(await db.query('select 41 + 1 as n')));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stdout.trim()).toBe('[{"n":42}]');
    expect(run.status).toBe(0);
  });
});
