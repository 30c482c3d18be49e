import { describe, expect, it } from 'vitest';
import { eventTypes, type EventMetadata } from '../../events';
import type { ReadModel } from '../../events/read-models';
import { ProjectionRunner, type Projection } from '../../projections';
import { backends, freshApp } from '../support/backends';
import { probeProjection } from '../support/probe-projection';

/**
 * A projection step holds its transaction (on PGlite: everyone's one connection) for about its
 * budget, however costly each event is: the runner sizes its chunks from what an event of that
 * projection took before, and starts no chunk that should end past the budget. Each event of
 * this read model takes at least 10 ms (`pg_sleep`), so a 30 ms step can never take more than
 * three after the first step (which, not knowing yet, takes five); a slower machine only makes
 * steps smaller. Each step is one transaction given whole (`Db.guardedWrite`).
 */
const slowProjection: Projection = {
  name: 'slow' as ReadModel,
  version: 1,
  tables: ['slow_seen'],
  handles: eventTypes,
  ddl: 'create table slow_seen (position bigint primary key)',
  evolve: (event) => [
    { text: 'select pg_sleep(0.01)' },
    { text: 'insert into slow_seen (position) values ($1) on conflict do nothing', params: [event.position] },
  ],
};

const meta = (): EventMetadata => ({ actor: null, requestId: 'steps', at: new Date().toISOString() });

describe.each(backends)('projection steps on $name', (backend) => {
  it('sizes each step to its budget from what the events cost, and still applies every event once', async () => {
    const app = await freshApp(backend);
    try {
      const runner = new ProjectionRunner(app.db, [slowProjection]);
      await runner.prepare();
      await runner.catchUp('slow');
      const before = (await app.db.query<{ n: number }>('select count(*)::int as n from slow_seen'))[0].n;
      const events = Array.from({ length: 40 }, (_, i) => ({ type: 'Used' as const, data: { promptId: i + 1, userId: null } }));
      await app.store.append('steps-slow', events, { expectedVersion: 'no_stream', metadata: meta() });
      const perStep: number[] = [];
      const original = app.db.guardedWrite.bind(app.db);
      app.db.guardedWrite = (async (write: Parameters<typeof original>[0]) => {
        const done = await original(write);
        if (done.guard?.proceed) perStep.push(write.statements.filter((s) => s.text.startsWith('insert into slow_seen')).length);
        return done;
      }) as typeof app.db.guardedWrite;
      try {
        await runner.catchUp('slow');
      } finally {
        app.db.guardedWrite = original;
      }
      const [after] = await app.db.query<{ n: number }>('select count(*)::int as n from slow_seen');
      expect(after.n - before).toBe(40);
      expect(perStep.reduce((a, b) => a + b, 0)).toBe(40);
      expect(perStep[0]).toBeLessThanOrEqual(5);
      expect(Math.max(...perStep.slice(1))).toBeLessThanOrEqual(3);
    } finally {
      await app.dispose();
    }
  });

  it('applies nothing twice when another runner moves the checkpoint between its read and its write', async () => {
    const app = await freshApp(backend);
    try {
      const other = new ProjectionRunner(app.db, [probeProjection]);
      await other.prepare();
      await other.catchUp('probe');
      const events = Array.from({ length: 12 }, (_, i) => ({ type: 'Used' as const, data: { promptId: i + 1, userId: null } }));
      await app.store.append('steps-probe', events, { expectedVersion: 'no_stream', metadata: meta() });
      // This runner's first write finds the other runner has applied the same events meanwhile
      // (another process, on PostgreSQL): it must write nothing, read again, and find nothing left.
      let interrupted = 0;
      const racing = {
        ...app.db,
        guardedWrite: (async (write: Parameters<typeof app.db.guardedWrite>[0]) => {
          if (interrupted++ === 0) await other.catchUp('probe');
          return app.db.guardedWrite(write);
        }) as typeof app.db.guardedWrite,
      };
      const runner = new ProjectionRunner(racing, [probeProjection]);
      const reached = await runner.catchUp('probe');
      expect(interrupted).toBeGreaterThan(0);
      expect(reached).toEqual(await runner.checkpoint('probe'));
      const rows = await app.db.query<{ seen: number; n: number }>('select seen, count(*)::int as n from probe_seen group by seen');
      expect(rows).toEqual([{ seen: 1, n: (await app.db.query<{ n: number }>('select count(*)::int as n from events'))[0].n }]);
    } finally {
      await app.dispose();
    }
  });
});
