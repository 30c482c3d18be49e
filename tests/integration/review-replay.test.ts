import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitStatements, START, type Sql } from '../../events';
import { reviewProjection } from '../../projections/review/projection';
import { statementsFor } from '../../projections/types';
import { projections, ProjectionRunner, type Replay } from '../../projections';
import { RateLimiter } from '../../src/server/rate-limit';
import { seedPrompts } from '../../src/server/seed/prompts-data';
import { backends, freshApp } from '../support/backends';
import { routes } from '../../src/shared/api-routes';
import { Browser, installApp, signedInBrowser } from '../support/test-app';

const ADMIN = 'admin@promptory.test';
const REPLAYED = ['review', 'catalog'];

/**
 * The review and catalog read models replayed from the log while requests keep writing and
 * reading: the replay, caught up afterwards, equals the tables kept live event by event; and
 * the admin's rebuild swaps fresh tables in without a reader ever seeing a half-built model.
 */
describe.each(backends)('replaying the review read models while requests run on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  let admin: Browser;
  let author: Browser;
  const visitor = new Browser('10.0.0.7');
  const failures: string[] = [];
  /** Requests answered so far: progress callbacks compare it to prove requests ran during a replay. */
  let answered = 0;

  beforeAll(async () => {
    // Seeded at start, before the ADMIN_EMAIL account makes the log non-empty.
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321', adminEmail: ADMIN, seed: true });
    // The traffic submits for as long as a replay runs: the hourly submission limit is not what this tests.
    const { limits } = app.limiter;
    app.limiter = new RateLimiter(app.db, { ...limits, perAccount: { ...limits.perAccount, submit: 100_000 }, perIp: { ...limits.perIp, submit: 100_000 } });
    installApp(app);
    admin = await signedInBrowser(app, ADMIN, 'Admin', ADMIN);
    author = await signedInBrowser(app, 'author@example.com', 'Rita Author', ADMIN);
  });
  afterAll(async () => app?.dispose());

  /**
   * Requests as the site gets them, one after another until `stop()` says so: submit, review
   * (approve or reject in turn), revise what was approved (approving every other revision), copy, read the public list and the queue. Every answer must
   * be a success, and the public list never shrinks (nothing here withdraws).
   */
  async function traffic(stop: () => boolean): Promise<number> {
    let n = 0;
    let publicCount = seedPrompts.length;
    const check = (what: string, status: number, expected = 200) => {
      answered++;
      if (status !== expected) failures.push(`${what}: ${status}`);
    };
    while (!stop()) {
      const submitted = await author.api(routes.submit, {
        body: { title: `Traffic ${n}`, description: 'Written while a replay runs.', content: 'Some content long enough to pass.', categoryId: 3 },
      });
      check('submit', submitted.status, 201);
      if (submitted.status !== 201) throw new Error(`submit answered ${submitted.status}: ${JSON.stringify(submitted.body)}`);
      const id = submitted.body.id;
      const reviewed = await admin.api(routes.review, {
        params: { id },
        body: n % 2 === 0 ? { isApproved: true } : { isApproved: false, reason: 'low-quality', note: `Traffic ${n} needs work.` },
      });
      check('review', reviewed.status);
      if (n % 2 === 0) {
        // The author revises a published prompt; every other revision the admin approves.
        const revised = await author.api(routes.edit, { params: { id }, body: { title: `Traffic ${n}, revised` } });
        check('revise', revised.status);
        if (n % 4 === 0) {
          const approved = await admin.api(routes.reviewRevision, { params: { id, version: 2 }, body: { isApproved: true } });
          check('approve revision', approved.status);
        }
      }
      const used = await visitor.api(routes.use, { params: { id: (n % seedPrompts.length) + 1 } });
      check('use', used.status);
      const list = await visitor.api(routes.prompts);
      check('list', list.status);
      if (list.body.length < publicCount) failures.push(`list shrank from ${publicCount} to ${list.body.length}: ${JSON.stringify(list.body).slice(0, 300)}`);
      publicCount = Math.max(publicCount, list.body.length);
      check('queue', (await admin.api(routes.pending)).status);
      visitor.ip = `10.0.${n % 200}.${n % 7}`; // a new visitor, so each copy counts
      n++;
    }
    return n;
  }

  /**
   * Runs `work` while `traffic` runs beside it; `work` calls `progress` at each step. Every
   * request must have succeeded, and requests must have been answered between the steps.
   */
  async function underTraffic(work: (progress: () => void) => Promise<void>) {
    let working = true;
    const served = traffic(() => !working);
    const seen: number[] = [];
    try {
      await work(() => seen.push(answered));
    } finally {
      working = false;
      await served;
    }
    expect(failures).toEqual([]);
    expect(seen.at(-1)! - seen[0]).toBeGreaterThan(0);
  }

  async function dump(read: (fn: (sql: Sql) => Promise<unknown>) => Promise<unknown>, tables: readonly string[]) {
    const out: Record<string, unknown> = {};
    for (const table of tables) out[table] = await read((sql) => sql.query(`select * from "${table}" order by 1`));
    return out;
  }
  const live = (fn: (sql: Sql) => Promise<unknown>) => fn(app.db);
  const tablesOf = (name: string) => projections.find((p) => p.name === name)!.tables;

  it('a replay into fresh tables during traffic, caught up afterwards, equals the live tables', async () => {
    // Small batches: the replay takes many transactions, and requests land between them.
    const slow = new ProjectionRunner(app.db, projections, 20);
    const replays: Replay[] = [];
    await underTraffic(async (progress) => {
      for (const name of REPLAYED) replays.push(await slow.replayInto(name, { onProgress: progress }));
    });
    await app.runner.catchUpAll();
    try {
      for (const replay of replays) {
        await replay.catchUp();
        const tables = tablesOf(replay.projection);
        const liveRows = await dump(live, tables);
        expect(Object.values(liveRows).every((rows) => (rows as unknown[]).length > 0)).toBe(true);
        expect(await dump(replay.read, tables), replay.projection).toEqual(liveRows);
      }
    } finally {
      for (const replay of replays) await replay.drop();
    }
  });

  it('a rebuild swaps fresh tables in during traffic; readers never fail, and the result equals a replay', async () => {
    failures.length = 0;
    const slow = new ProjectionRunner(app.db, projections, 20);
    await underTraffic(async (progress) => {
      for (const name of REPLAYED) await slow.rebuild(name, progress);
    });
    await app.runner.catchUpAll();
    for (const name of REPLAYED) {
      const replay = await app.runner.replayInto(name);
      try {
        const tables = tablesOf(name);
        expect(await dump(replay.read, tables), name).toEqual(await dump(live, tables));
      } finally {
        await replay.drop();
      }
    }
  });

  it('applying the review events again, one by one or in batches cut anywhere, changes nothing', async () => {
    await app.runner.catchUpAll();
    const before = await dump(live, tablesOf('review'));
    const events = await app.store.readAll(START, 100_000);
    await app.db.transaction(async (tx) => {
      for (const event of events) await tx.many(reviewProjection.evolve(event));
    });
    expect(await dump(live, tablesOf('review'))).toEqual(before);
    const cut = Math.floor(events.length / 3);
    for (const slice of [events, events.slice(cut), events.slice(0, cut)]) {
      await app.db.transaction((tx) => tx.many(statementsFor(reviewProjection, slice)));
    }
    expect(await dump(live, tablesOf('review'))).toEqual(before);
  });

  it('a prompt withdrawn and deleted in one transaction, or decided then restored, reads the same one event a batch as all at once', async () => {
    const submit = async (title: string) =>
      (await author.api(routes.submit, { body: { title, description: 'Decided, then deleted.', content: 'Some content long enough to pass.', categoryId: 3 } }))
        .body.id as number;
    // Pending when deleted: its withdrawal and its deletion are one transaction's events.
    const pending = await submit('Pending, then deleted');
    expect((await author.api(routes.deletePrompt, { params: { id: pending } })).status).toBe(200);
    const approved = await submit('Approved, deleted, restored');
    expect((await admin.api(routes.review, { params: { id: approved }, body: { isApproved: true } })).status).toBe(200);
    expect((await author.api(routes.deletePrompt, { params: { id: approved } })).status).toBe(200);
    expect((await author.api(routes.undeletePrompt, { params: { id: approved } })).status).toBe(200);
    const events = await app.store.readAll(START, 100_000);
    // Fresh review tables in a schema of their own, given the log in `batches`; the rows they hold.
    const replayed = async (batches: (typeof events)[]) => {
      const schema = `review_batches_${Math.random().toString(36).slice(2, 8)}`;
      try {
        return await app.db.transaction(async (tx) => {
          await tx.query(`create schema "${schema}"`);
          await tx.query(`select set_config('search_path', $1, true)`, [`"${schema}", public`]);
          for (const statement of splitStatements(reviewProjection.ddl)) await tx.query(statement);
          for (const batch of batches) await tx.many(statementsFor(reviewProjection, batch));
          return dump((fn) => fn(tx), tablesOf('review'));
        });
      } finally {
        await app.db.query(`drop schema if exists "${schema}" cascade`);
      }
    };
    const oneByOne = await replayed(events.map((event) => [event]));
    expect(await replayed([events])).toEqual(oneByOne);
    const rows = (oneByOne.review_prompts as { id: number; decided_by: number | null }[]).filter((r) => [pending, approved].includes(r.id));
    // The pending prompt's withdrawal by its author and the approval are the decisions kept.
    expect(rows.map((r) => r.decided_by !== null)).toEqual([true, true]);
  });
});
