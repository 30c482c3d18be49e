import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgBin, pgCluster } from './pg-cluster';
import { testPort } from './server';

/** How many files Vitest runs at once (vitest.config.ts's maxWorkers): worker i has `VITEST_POOL_ID` i. */
export const TEST_WORKERS = 2;

/**
 * Vitest's global set-up: with TEST_DATABASE_URL set, worker 1 uses that server and every other
 * worker a PostgreSQL cluster of its own (TEST_DATABASE_URL_<i>). Two files on one server
 * would hold back each other's reads: the log is read gap-safely, up to the oldest transaction
 * open anywhere in the cluster, so one file's import or dump delays the other's projections.
 * Without PostgreSQL's server binaries, every worker shares the one server (and says so).
 */
export function setup() {
  if (!process.env.TEST_DATABASE_URL) return;
  if (!pgBin) {
    console.warn('worker-databases: no PostgreSQL server binaries under /usr/lib/postgresql: the test workers share TEST_DATABASE_URL');
    return;
  }
  const started: { stop: () => unknown; dir: string }[] = [];
  for (let worker = 2; worker <= TEST_WORKERS; worker++) {
    const dir = mkdtempSync(join(tmpdir(), `promptory-worker-${worker}-`));
    const cluster = pgCluster(dir, testPort(90 + worker));
    for (const step of [cluster.init, cluster.start]) {
      const done = step();
      if (done.status !== 0) throw new Error(`worker ${worker}'s PostgreSQL did not start: ${done.stderr}`);
    }
    started.push({ stop: () => cluster.stop('immediate'), dir });
    process.env[`TEST_DATABASE_URL_${worker}`] = cluster.url;
  }
  return () => {
    for (const { stop, dir } of started) {
      stop();
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
