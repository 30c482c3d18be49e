import { mkdirSync } from 'node:fs';
import type { PgBoss } from 'pg-boss';
import { EventStore, type Appended, type Db } from '../../events';
import { READ_MODELS, type ReadModel } from '../../events/read-models';
import { projections, ProjectionRunner, ProjectionWorker, statementsFor } from '../../projections';
import { readConfig, type Config } from './config';
import { createBoss } from './boss';
import { migrate, type Migration } from './db/migrate';
import { openPglite } from './db/pglite';
import { openPostgres } from './db/postgres';
import { seedIfEmpty } from './seed';
import { accountsMigrations, Sessions } from '../../modules/accounts';
import { devicesMigrations } from '../../modules/devices';
import { tokensMigrations } from '../../modules/tokens';
import { promptsMigrations } from '../../modules/prompts';
import { RateLimiter, rateLimitMigrations } from './rate-limit';
import { startMail } from './mail';
import { startPurge } from './review/purge';
import { startDigest } from './notifications/digest';
import { logLine } from './log';
import { ensureAdminAccount } from './accounts/admin-account';
import { PageCache } from './page-cache';
import { FragmentCache } from './render/fragment-cache';
import { Freshness } from './freshness';
import { offsetClock, systemClock, type Clock } from './clock';
import { registerFastPages } from './page-cache/fast-pages';
import { SESSION_PROFILE_JOIN } from '../../projections/accounts/queries';

/** Tables that modules keep beside the log (written in the same transaction as their events). */
const moduleMigrations: Migration[] = [...accountsMigrations, ...rateLimitMigrations, ...promptsMigrations, ...devicesMigrations, ...tokensMigrations];

export interface App {
  config: Config;
  db: Db;
  store: EventStore;
  runner: ProjectionRunner;
  boss: PgBoss | undefined;
  worker: ProjectionWorker | undefined;
  /** Sign-in sessions (src/server/accounts/sessions.ts sets their cookie). */
  sessions: Sessions;
  /** The rate limits of auth calls and copies (tests put in their own). */
  limiter: RateLimiter;
  /** Rendered public pages and their validators. */
  pageCache: PageCache;
  /** Rendered pieces of pages (layout parts, prompt cards) pages are assembled from (src/server/render/fragment-cache.ts). */
  fragments: FragmentCache;
  /** Where the read models stand: the versions of stored pages and the writer's next reads (src/server/freshness.ts). */
  freshness: Freshness;
  /** "Now" for event times, the leaderboards' periods and the page cache's day (a test may move it: src/server/clock.ts). */
  clock: Clock;
  /**
   * Read-your-writes for a write whose answer reads `reads` (a route's declaration; every read
   * model when left out, for scripts and tests): waits (bounded) until those of them that
   * `appended` feeds show it, and answers every read model it feeds, which the writer's next
   * reads wait for (the written cookie, src/server/freshness.ts). A read model written in the
   * appending transaction (inline) already shows it.
   */
  settle(appended: Appended, reads?: readonly ReadModel[]): Promise<ReadModel[]>;
  close(): Promise<void>;
}

export interface AppOptions {
  /** Start pg-boss and the projection worker (off in unit-level integration tests). */
  boss?: boolean;
  log?: (message: string) => void;
}

/**
 * The composition root: opens the database, migrates, builds read models, seeds an
 * empty log and starts the projection worker. Only then is the app handed out.
 */
export async function createApp(config: Config = readConfig(), options: AppOptions = {}): Promise<App> {
  const log = options.log ?? logLine;
  let db: Db;
  let boss: PgBoss | undefined;
  const useBoss = options.boss ?? true;
  if (config.databaseUrl) {
    db = await openPostgres(config.databaseUrl, { schema: config.databaseSchema });
    if (useBoss) boss = createBoss({ url: config.databaseUrl, schema: config.databaseSchema });
  } else {
    mkdirSync(config.dataDir, { recursive: true });
    const opened = await openPglite(`${config.dataDir}/pglite`);
    db = opened.db;
    if (useBoss) boss = createBoss({ pglite: opened.boss });
  }
  await migrate(db, moduleMigrations);
  const store = new EventStore(db);
  for (const p of projections) if (p.inline) store.applyInline(p.handles, (sql, events) => sql.many(statementsFor(p, events)));
  const runner = new ProjectionRunner(db, projections);
  const rebuilt = await runner.prepare();
  if (rebuilt.length) log(`built read models: ${rebuilt.join(', ')}`);
  if (config.seed) {
    const seeded = await seedIfEmpty(store);
    if (seeded) log(`seeded ${seeded} demo prompts`);
  }
  let worker: ProjectionWorker | undefined;
  if (boss) {
    boss.on('error', (error) => console.error('[promptory] pg-boss error', error));
    await boss.start();
    worker = new ProjectionWorker(boss, runner, store, { work: config.workers > 0, wakeHere: db.kind === 'pglite' && config.workers > 0 });
    await worker.start();
  }
  await runner.catchUpAll();
  const clock = config.testClockFile ? offsetClock(config.testClockFile) : systemClock;
  const freshness = new Freshness({
    checkpoints: () => runner.checkpoints(),
    head: () => store.head(),
    settle: (target, names) => runner.settle(target, names),
  });
  const app: App = {
    config,
    db,
    store,
    runner,
    boss,
    worker,
    sessions: new Sessions(db, { joined: SESSION_PROFILE_JOIN }),
    limiter: new RateLimiter(db, config.rateLimits),
    pageCache: new PageCache(freshness, { enabled: config.pageCache, now: clock }),
    fragments: new FragmentCache({ enabled: config.fragmentCache }),
    freshness,
    clock,
    async settle(appended, reads = READ_MODELS) {
      if (!appended.last) return [];
      const fed = runner.affectedBy(appended.events.map((e) => e.type)).filter((name) => !runner.byName.get(name)!.inline);
      const waited = fed.filter((name) => reads.includes(name));
      if (waited.length) await runner.settle(appended.last, waited);
      return fed;
    },
    async close() {
      await worker?.stop();
      await boss?.stop({ graceful: true, timeout: 2000 });
      await db.close();
    },
  };
  // The mail queue's worker, then the ADMIN_EMAIL account on first start (it sends a link).
  await startMail(app);
  await startPurge(app);
  await startDigest(app);
  await ensureAdminAccount(app, log);
  return app;
}

const GLOBAL_KEY = Symbol.for('promptory.app');
type Holder = { [GLOBAL_KEY]?: Promise<App> };

/**
 * The process's one app (kept on globalThis so dev reloads do not open PGlite twice). Once it
 * has booted, the Node server may answer its stored pages without Astro (src/server/page-cache/fast-pages.ts).
 */
export function getApp(): Promise<App> {
  const holder = globalThis as Holder;
  holder[GLOBAL_KEY] ??= createApp()
    .then((app) => {
      registerFastPages(app);
      return app;
    })
    .catch((error) => {
      delete holder[GLOBAL_KEY];
      throw error;
    });
  return holder[GLOBAL_KEY];
}
