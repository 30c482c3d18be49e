import { describe, expect, it } from 'vitest';
import { compareCheckpoints, ConcurrencyError, InvalidEventError, START, type EventMetadata, type NewEvent } from '../../events';
import { ProjectionRunner } from '../../projections';
import { backends, suiteApp, freshApp } from '../support/backends';
import { probeProjection } from '../support/probe-projection';

const meta = (actor: number | null = null): EventMetadata => ({ actor, requestId: 'test', at: new Date().toISOString() });
const used = (promptId: number): NewEvent => ({ type: 'Used', data: { promptId, userId: null } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(backends)('event store on $name', (backend) => {
  const app = suiteApp(() => freshApp(backend));

  it('appends to a new stream and reads it back in order, with metadata', async () => {
    await app().store.append('s-order', [used(1), used(2), used(3)], { expectedVersion: 'no_stream', metadata: meta(7) });
    const events = await app().store.readStream('s-order');
    expect(events.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    expect(events.map((e) => (e.type === 'Used' ? e.data.promptId : 0))).toEqual([1, 2, 3]);
    expect(events[0].metadata).toMatchObject({ actor: 7, requestId: 'test' });
    expect(events[0].createdAt).toBeInstanceOf(Date);
  });

  it('refuses a stale expected version with a typed conflict and appends nothing', async () => {
    await app().store.append('s-occ', [used(1)], { expectedVersion: 'no_stream', metadata: meta() });
    await expect(app().store.append('s-occ', [used(2)], { expectedVersion: 'no_stream', metadata: meta() })).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(app().store.append('s-occ', [used(2)], { expectedVersion: 0, metadata: meta() })).rejects.toBeInstanceOf(ConcurrencyError);
    await app().store.append('s-occ', [used(2)], { expectedVersion: 1, metadata: meta() });
    expect(await app().store.readStream('s-occ')).toHaveLength(2);
  });

  it('lets exactly one of two racing writers win the same expected version', async () => {
    await app().store.append('s-race', [used(1)], { expectedVersion: 'no_stream', metadata: meta() });
    const results = await Promise.allSettled([1, 2].map(() => app().store.append('s-race', [used(9)], { expectedVersion: 1, metadata: meta() })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(ConcurrencyError);
    expect(await app().store.readStream('s-race')).toHaveLength(2);
  });

  it('validates every event against its contract before appending', async () => {
    const before = await app().store.count();
    const bad = { type: 'Used', data: { promptId: -1 } } as unknown as NewEvent;
    await expect(app().store.append('s-bad', [used(1), bad], { expectedVersion: 'any', metadata: meta() })).rejects.toBeInstanceOf(InvalidEventError);
    expect(await app().store.count()).toBe(before);
  });

  it('rolls back every append of a transaction that fails', async () => {
    const before = await app().store.count();
    await expect(
      app().store.transaction(async (tx) => {
        await tx.append('s-tx-a', [used(1)], { expectedVersion: 'no_stream', metadata: meta() });
        await tx.append('s-tx-b', [used(2)], { expectedVersion: 'no_stream', metadata: meta() });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await app().store.count()).toBe(before);
  });

  it('reads the whole log in commit order from a checkpoint', async () => {
    const all = await app().store.readAll(START, 10_000);
    expect(all.length).toBe(await app().store.count());
    const after = await app().store.readAll({ txId: all[1].txId, position: all[1].position }, 10_000);
    expect(after.map((e) => e.position)).toEqual(all.slice(2).map((e) => e.position));
  });

  it('orders the log by transaction id as a number, across a change in digit count', async () => {
    const [{ xid }] = await app().db.query<{ xid: string }>('select pg_current_xact_id()::text as xid');
    const next = 10 ** String(xid).length;
    // Burn transaction ids up to the next power of ten when it is near (always on a fresh PGlite).
    if (next - Number(xid) < 3000) {
      while (Number((await app().db.query<{ xid: string }>('select pg_current_xact_id()::text as xid'))[0].xid) < next - 3) {
        // each statement outside a transaction block is its own transaction
      }
    }
    for (let i = 0; i < 6; i++) await app().store.append('s-digits', [used(i + 1)], { expectedVersion: 'any', metadata: meta() });
    const all = await app().store.readAll(START, 100_000);
    for (let i = 1; i < all.length; i++) expect(compareCheckpoints(all[i - 1], all[i])).toBeLessThan(0);
    expect(all.filter((e) => e.streamId === 's-digits')).toHaveLength(6);
  });

  it('never lets a projector skip or repeat an event while 8 writers append concurrently with random delays', async () => {
    const runner = new ProjectionRunner(app().db, [probeProjection], 50);
    await runner.prepare();
    let writing = true;
    const acknowledged: number[] = [];
    const writer = async (w: number) => {
      for (let i = 0; i < 25; i++) {
        const { events } = await app().store.transaction(async (tx) => {
          const stored = await tx.append(`s-conc-${w}`, [used(w + 1), used(i + 1)], { expectedVersion: 'any', metadata: meta() });
          // Hold the transaction open after the positions are taken, so commits land out of position order.
          await sleep(Math.random() * 8);
          return stored;
        });
        acknowledged.push(...events.map((e) => e.position));
        await sleep(Math.random() * 3);
      }
    };
    const projector = async () => {
      while (writing) {
        await runner.catchUp('probe');
        await sleep(Math.random() * 2);
      }
    };
    const projecting = [projector(), projector()];
    await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    writing = false;
    await Promise.all(projecting);
    await runner.catchUp('probe');

    const seen = await app().db.query<{ position: number; seen: number }>('select position, seen from probe_seen');
    const all = (await app().db.query<{ position: number }>('select position from events')).map((r) => r.position);
    expect(seen.filter((r) => r.seen !== 1)).toEqual([]);
    expect(new Set(seen.map((r) => r.position))).toEqual(new Set(all));
    for (const position of acknowledged) expect(all).toContain(position);
    expect(acknowledged).toHaveLength(8 * 25 * 2);
  });
});
