import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlState, UNIQUE_VIOLATION } from '../../events';
import { backends, freshApp, type TestApp } from '../support/backends';

/**
 * A transaction given whole (`Db.guardedWrite`), as a projection step writes: its setup first,
 * then its guard, whose answer decides whether the statements run; whole or not at all, the same
 * on both backends.
 */
describe.each(backends)('a guarded write on $name', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await freshApp(backend);
    await app.db.query('create table guarded_kept (id int primary key)');
  });
  afterAll(async () => app?.dispose());

  const ids = async () => (await app.db.query<{ id: number }>('select id from guarded_kept order by id')).map((r) => r.id);

  it('runs the setup before the guard, and the statements when the guard says so', async () => {
    const { guard, heldMs } = await app.db.guardedWrite<{ proceed: boolean; setting: string }>({
      setup: [{ text: `select set_config('promptory.probe', $1, true)`, params: ['set first'] }],
      guard: { text: `select current_setting('promptory.probe') = 'set first' as proceed, current_setting('promptory.probe') as setting` },
      statements: [
        { text: 'insert into guarded_kept (id) values ($1)', params: [1] },
        { text: 'insert into guarded_kept (id) values ($1)', params: [2] },
      ],
    });
    expect(guard).toEqual({ proceed: true, setting: 'set first' });
    expect(heldMs).toBeGreaterThanOrEqual(0);
    expect(await ids()).toEqual([1, 2]);
    // The setting was the transaction's own.
    const [after] = await app.db.query<{ setting: string | null }>(`select current_setting('promptory.probe', true) as setting`);
    expect(after.setting ?? '').toBe('');
  });

  it('writes nothing when the guard says no, and answers its row', async () => {
    const { guard } = await app.db.guardedWrite<{ proceed: boolean; why: string }>({
      guard: { text: `select false as proceed, 'moved' as why` },
      statements: [{ text: 'insert into guarded_kept (id) values ($1)', params: [3] }],
    });
    expect(guard).toEqual({ proceed: false, why: 'moved' });
    expect(await ids()).toEqual([1, 2]);
  });

  it('takes back every statement when one fails, and says why', async () => {
    const error = await app.db
      .guardedWrite({
        guard: { text: 'select true as proceed' },
        statements: [
          { text: 'insert into guarded_kept (id) values ($1)', params: [4] },
          { text: 'insert into guarded_kept (id) values ($1)', params: [1] },
        ],
      })
      .catch((e: unknown) => e);
    expect(sqlState(error)).toBe(UNIQUE_VIOLATION);
    expect(await ids()).toEqual([1, 2]);
  });
});
