import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApp, type App, type AppOptions } from '../../src/server/app';
import { readConfig, type Config } from '../../src/server/config';
import { seedIfEmpty } from '../../src/server/seed';
import { pgliteTemplate } from './pglite-template';

/**
 * The integration suite runs on both database backends: PGlite always, PostgreSQL
 * whenever TEST_DATABASE_URL is set. Each test app gets its own data folder or its own
 * schema, so runs (and parallel files) never collide.
 */
export interface Backend {
  name: 'pglite' | 'postgres';
  /** A fresh, empty configuration and a function that deletes everything it made. */
  fresh(): { config: Config; cleanup: () => Promise<void> };
}

const pglite: Backend = {
  name: 'pglite',
  fresh() {
    const dataDir = mkdtempSync(join(tmpdir(), 'promptory-test-'));
    return {
      config: { ...readConfig({}), dataDir, seed: false },
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};

/** The PostgreSQL server this test worker uses (its own, from the second worker on: worker-databases.ts), or undefined. */
export const testDatabaseUrl = process.env[`TEST_DATABASE_URL_${process.env.VITEST_POOL_ID}`] ?? process.env.TEST_DATABASE_URL;
const url = testDatabaseUrl;

const postgresBackend: Backend = {
  name: 'postgres',
  fresh() {
    const schema = `t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
    // A data folder of its own too (the outbox, uploads): two files at once must not read each other's mail.
    const dataDir = mkdtempSync(join(tmpdir(), 'promptory-test-'));
    return {
      config: { ...readConfig({}), dataDir, databaseUrl: url, databaseSchema: schema, seed: false },
      cleanup: async () => {
        const sql = postgres(url!, { max: 1, onnotice: () => {} });
        await sql.unsafe(`drop schema if exists "${schema}" cascade`);
        await sql.unsafe(`drop schema if exists "pgboss_${schema}" cascade`);
        await sql.end();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

export const backends: Backend[] = url ? [pglite, postgresBackend] : [pglite];

/** A booted app on a fresh database; by default without pg-boss (tests drive projections). */
export async function freshApp(
  backend: Backend,
  overrides: Partial<Config> = {},
  options: AppOptions = { boss: false, log: () => {} },
): Promise<App & { dispose: () => Promise<void> }> {
  const { config, cleanup } = backend.fresh();
  if (backend.name === 'pglite') cpSync(await pgliteTemplate(), config.dataDir, { recursive: true });
  const app = await createApp({ ...config, ...overrides }, options);
  return Object.assign(app, {
    dispose: async () => {
      await app.close();
      await cleanup();
    },
  });
}

/**
 * Brings every projection up to the head of the log. `runner.catchUpAll()` alone can stop
 * short on PostgreSQL: gap-safe reading leaves out events of transactions newer than the
 * oldest one still running anywhere in the cluster, which on a shared test server includes
 * other test runs'. So: wait (bounded) until each checkpoint reaches the head.
 */
export async function settleAll(app: App, timeoutMs = 30_000): Promise<void> {
  const head = await app.store.head();
  if (!head) return;
  const names = app.runner.projections.map((p) => p.name);
  if (!(await app.runner.settle(head, names, timeoutMs))) {
    throw new Error(`projections did not reach the head of the log within ${timeoutMs} ms`);
  }
}

/** A fresh app holding the demo catalog, its projections at the head of the log. */
export async function seededApp(backend: Backend): Promise<Awaited<ReturnType<typeof freshApp>>> {
  const app = await freshApp(backend);
  await seedIfEmpty(app.store);
  await settleAll(app);
  return app;
}

export type TestApp = Awaited<ReturnType<typeof freshApp>>;

/**
 * The app a suite's tests share: booted before them, disposed of after them. Tests and hooks
 * read it as `app()`.
 */
export function suiteApp(boot: () => Promise<TestApp>): () => TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await boot();
  });
  afterAll(async () => app?.dispose());
  return () => {
    if (!app) throw new Error('the suite app is not booted yet');
    return app;
  };
}

/**
 * Rebuilding the read model `name` from the log leaves its tables row for row as the live
 * fold made them: what it keeps (and what it forgot) follows from the events alone.
 */
export async function expectRebuildUnchanged(app: App, name: string): Promise<void> {
  const projection = app.runner.projections.find((p) => p.name === name)!;
  const dump = () => Promise.all(projection.tables.map((t) => app.db.query(`select * from "${t}" order by 1`)));
  const live = await dump();
  await app.runner.rebuild(name);
  expect(await dump()).toEqual(live);
}
