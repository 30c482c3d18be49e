import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../modules/accounts';
import { createApp, type App } from '../../src/server/app';
import { WRITTEN_COOKIE } from '../../src/server/freshness';
import { routes } from '../../src/shared/api-routes';
import { backends, freshApp, settleAll } from '../support/backends';
import { recordRoundTrips } from '../support/round-trips';
import { Browser, installApp, signUpAs } from '../support/test-app';

/**
 * The write path's cost in database round trips (docs/benchmarks.md, "HTTP writes").
 * A rating is the hottest write: every round trip it waits on is latency for the rater and CPU
 * on both sides, and none of them may be bought with a guarantee.
 */
describe.each(backends)('the write path on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const rater = new Browser('10.9.0.1');

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321', seed: true });
    await settleAll(app);
    installApp(app);
    await signUpAs(app, rater, 'rater@example.com');
    await rater.api(routes.rate, { body: { promptId: 2, value: 5 } });
  });
  afterAll(async () => app?.dispose());

  it('rates in seven round trips: session, count, begin with the read, append, read model, commit, tally', async () => {
    const recorder = recordRoundTrips(app.db);
    let answer;
    try {
      answer = await rater.api(routes.rate, { body: { promptId: 3, value: 5 } });
    } finally {
      recorder.stop();
    }
    expect(answer.status).toBe(200);
    const trips = Array.from({ length: recorder.roundTrips() }, (_, i) => recorder.sent.filter((s) => s.roundTrip === i + 1).map((s) => s.text));
    const expected: RegExp[][] = [
      [/^select s\.user_id, s\.expires_at, u\.email .* from auth_sessions s left join users u/], // the session and its user's profile
      [/insert into rate_limits/], // both counters, one statement
      [/^begin$/, /from events e left join prompt_keys k .* where e\.stream_id/, /from events e left join prompt_keys k .* where e\.stream_id/], // BEGIN with the reads of the rating's and the prompt's streams, each with its prompt's key
      [/^with head as .* insert into events/], // the append, its expected version checked
      [/^insert into ratings/], // the inline read model, in the same transaction
      [/^commit$/],
      [/from ratings where prompt_id/], // the tally the answer shows
    ];
    expect(trips.length, trips.map((t, i) => `${i + 1}: ${t.join(' | ').slice(0, 160)}`).join('\n')).toBe(expected.length);
    trips.forEach((statements, i) => {
      expect(statements).toHaveLength(expected[i].length);
      statements.forEach((text, j) => expect(text).toMatch(expected[i][j]));
    });
  });

  it("answers the rating with the written cookie at the rating's own event, naming the read models it left behind", async () => {
    const answer = await rater.api(routes.rate, { body: { promptId: 4, value: 1 } });
    expect(answer.status).toBe(200);
    const [rated] = await app.db.query<{ tx_id: string; position: number }>(
      `select tx_id::text as tx_id, position from events where type = 'Rated' order by position desc limit 1`,
    );
    expect(rater.jar.get(WRITTEN_COOKIE)).toBe(`${rated.tx_id}.${rated.position}.catalog.community`);
  });
});

/**
 * Every signed-in request asks PostgreSQL for its session (nothing is cached per process), so a
 * sign-out in one web process refuses the token in every other at once. Two apps on one
 * PostgreSQL schema stand for two web processes (PGlite is one process by construction).
 */
describe.each(backends.filter((b) => b.name === 'postgres'))('sessions across web processes on $name', (backend) => {
  let first: Awaited<ReturnType<typeof freshApp>>;
  let second: App;

  beforeAll(async () => {
    first = await freshApp(backend, { publicUrl: 'http://localhost:4321', seed: true });
    await settleAll(first);
    second = await createApp(first.config, { boss: false, log: () => {} });
  });
  afterAll(async () => {
    await second?.close();
    await first?.dispose();
  });

  it('refuses a signed-out session on the other process at once', async () => {
    installApp(first);
    const browser = new Browser('10.9.0.2');
    await signUpAs(first, browser, 'leaver@example.com');
    const token = browser.jar.get(SESSION_COOKIE)!;
    const onSecond = () => {
      installApp(second);
      return browser.api(routes.rate, { body: { promptId: 2, value: 5 } });
    };
    expect((await onSecond()).status).toBe(200);

    installApp(first);
    expect((await browser.api(routes.logout)).status).toBe(200);
    browser.jar.set(SESSION_COOKIE, token); // a copy of the cookie kept elsewhere
    const refused = await onSecond();
    expect(refused.status).toBe(401);
  });
});

/**
 * The driver sends a transaction's BEGIN with its first statement (patches/postgres+3.4.9.patch):
 * watched on the connection's own socket, no answer comes back between the two. The
 * transaction is still one: its statements share one transaction id, and a failure rolls back
 * what came before it.
 */
describe.each(backends.filter((b) => b.name === 'postgres'))('BEGIN on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321' });
  });
  afterAll(async () => app?.dispose());

  it('goes out with the first statement, and the statements after it are one transaction', async () => {
    const seen: { socket: Socket; what: 'sent' | 'answered'; bytes: string }[] = [];
    const { write, emit } = Socket.prototype;
    Socket.prototype.write = function (this: Socket, chunk: unknown, ...rest: unknown[]) {
      seen.push({ socket: this, what: 'sent', bytes: Buffer.from(chunk as Uint8Array).toString('latin1') });
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof write;
    Socket.prototype.emit = function (this: Socket, event: string | symbol, ...args: unknown[]) {
      if (event === 'data') seen.push({ socket: this, what: 'answered', bytes: '' });
      return (emit as (...a: unknown[]) => boolean).call(this, event, ...args);
    } as typeof emit;
    let ids: string[];
    try {
      ids = await app.db.transaction(async (tx) => {
        const [first] = await tx.query<{ id: string }>('select pg_current_xact_id()::text as id');
        const [second] = await tx.query<{ id: string }>('select pg_current_xact_id()::text as id, 2 as n');
        return [first.id, second.id];
      });
    } finally {
      Object.assign(Socket.prototype, { write, emit });
    }
    const begin = seen.findIndex((s) => s.what === 'sent' && /begin/.test(s.bytes));
    expect(begin).toBeGreaterThanOrEqual(0);
    const connection = seen.slice(begin).filter((s) => s.socket === seen[begin].socket);
    const firstStatement = connection.findIndex((s) => s.what === 'sent' && s.bytes.includes('pg_current_xact_id'));
    expect(firstStatement).toBeGreaterThanOrEqual(0);
    expect(connection.slice(0, firstStatement).map((s) => s.what)).not.toContain('answered');
    expect(ids[0]).toBe(ids[1]);

    await app.db.query('create table if not exists begin_probe (n int)');
    await expect(
      app.db.transaction(async (tx) => {
        await tx.query('insert into begin_probe (n) values (1)');
        await tx.query('select 1 / 0');
      }),
    ).rejects.toThrow();
    expect(await app.db.query('select * from begin_probe')).toEqual([]);
  });
});
