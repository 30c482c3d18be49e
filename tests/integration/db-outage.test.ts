import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { pgBin, pgCluster } from '../support/pg-cluster';
import { hasBuild, startServer, testPort, type RunningServer } from '../support/server';

/**
 * A database outage under load: the test runs its own PostgreSQL (pg_ctl on a
 * temporary data directory), a web process and a projection worker on it, and stops
 * PostgreSQL for a few seconds in the middle of a stream of writes and page views. While it is
 * down every request is answered at once with 503 (JSON under /api, a friendly page elsewhere),
 * never 500 and never a hang; when it is back both processes reconnect by themselves, every
 * acknowledged write is in the log, and the projections catch up with it.
 */
const pgPort = testPort(40);
const webPort = testPort(41);

// In `npm test` (about 30 s); alone: `npm run proof:outage`. Needs PostgreSQL's server binaries and a build.
if (!pgBin) console.warn('db-outage: skipped, no PostgreSQL server binaries under /usr/lib/postgresql/*/bin');
describe.skipIf(!pgBin || !hasBuild())('a PostgreSQL restart under load', () => {
  const dir = mkdtempSync(join(tmpdir(), 'promptory-outage-'));
  const cluster = pgCluster(dir, pgPort);
  const { url } = cluster;
  let server: RunningServer | undefined;
  const workers: ChildProcess[] = [];
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await server?.stop('SIGKILL');
    cluster.stop('immediate');
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 fast while PostgreSQL is down, reconnects by itself and loses nothing acknowledged', async () => {
    const init = cluster.init();
    expect(init.status, init.stderr).toBe(0);
    const start = cluster.start;
    expect(start().status).toBe(0);

    const env = { DATABASE_URL: url, DATA_DIR: join(dir, 'data'), TRUST_PROXY: '1', WORKERS: '0' };
    server = await startServer(env, webPort);
    // A worker process and its output; `ready` once it says it runs (it boots in 1-3 s on a busy machine).
    const startWorker = () => {
      const child = spawn(process.execPath, ['node_modules/.bin/tsx', 'scripts/worker.ts'], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const started = { child, log: '', ready: () => started.log.includes('projection worker running') };
      child.stdout!.on('data', (d) => (started.log += d));
      child.stderr!.on('data', (d) => (started.log += d));
      return started;
    };
    const alive = (w: { child: ChildProcess; log: string }) => (w.child.exitCode === null ? 'running' : `exited ${w.child.exitCode}:\n${w.log.slice(-3000)}`);
    const first = startWorker();
    workers.push(first.child);
    // The outage must meet a running worker: stopping PostgreSQL while it still boots tested
    // the boot instead (in 1 of 9 runs it exited on ECONNREFUSED, and nothing was projected).
    await expect.poll(() => first.ready() || first.child.exitCode !== null, { timeout: 60_000 }).toBe(true);
    expect(alive(first)).toBe('running');

    type Seen = { at: number; ms: number; status: number; kind: 'write' | 'page' | 'api'; body: string; type: string };
    const seen: Seen[] = [];
    const acknowledged: string[] = [];
    let stop = false;
    const hit = async (kind: Seen['kind'], path: string, init: RequestInit = {}) => {
      const at = Date.now();
      try {
        const response = await fetch(server!.url + path, { ...init, signal: AbortSignal.timeout(10_000) });
        const body = await response.text();
        seen.push({ at, ms: Date.now() - at, status: response.status, kind, body: body.slice(0, 300), type: response.headers.get('content-type') ?? '' });
        return response.status;
      } catch (error) {
        seen.push({ at, ms: Date.now() - at, status: 0, kind, body: String(error), type: '' });
        return 0;
      }
    };
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const requestId = `outage-${w}-${i}`;
        const status = await hit('write', `/api/prompts/${(i % 5) + 1}/use`, {
          method: 'PUT',
          headers: { 'x-request-id': requestId, 'x-forwarded-for': `10.${w}.${(i >> 8) & 255}.${i & 255}` },
        });
        if (status === 200) acknowledged.push(requestId);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const reader = async (r: number) => {
      for (let i = 0; !stop; i++) {
        // A distinct search misses the page cache, so every one needs the database.
        await hit('page', `/prompts?q=outage${r}x${i}`);
        await hit('api', `/api/prompts/${(i % 5) + 1}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const load = Promise.all([...[0, 1, 2, 3].map(writer), ...[0, 1].map(reader)]);

    await new Promise((r) => setTimeout(r, 2_000));
    const downAt = Date.now();
    expect(cluster.stop('fast').status).toBe(0);
    // A second worker started during the outage waits for the database instead of exiting; the
    // outage lasts at least 3 s and until that worker has met it.
    const second = startWorker();
    workers.push(second.child);
    await new Promise((r) => setTimeout(r, 3_000));
    await expect.poll(() => second.log.includes('waiting for the database') || second.child.exitCode !== null, { timeout: 60_000 }).toBe(true);
    expect(alive(second), 'the worker started during the outage').toBe('running');
    const upAt = Date.now();
    expect(start().status).toBe(0);
    // Back up: the processes find it again without being told. The second worker starts then;
    // it is stopped at once, so that what follows is the first worker's to catch up with.
    await expect.poll(() => second.ready() || second.child.exitCode !== null, { timeout: 30_000 }).toBe(true);
    expect(alive(second), 'the worker started during the outage, once the database is back').toBe('running');
    second.child.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, Math.max(upAt + 6_000, Date.now() + 3_000) - Date.now()));
    stop = true;
    await load;

    expect(server.process.exitCode, `the web process exited:\n${server.output().slice(-3000)}`).toBeNull();
    expect(alive(first), 'the worker running before the outage').toBe('running');
    const during = seen.filter((s) => s.at > downAt + 200 && s.at + s.ms < upAt);
    const after = seen.filter((s) => s.at > upAt + 3_000);
    const statuses = (list: Seen[]) => [...new Set(list.map((s) => `${s.kind} ${s.status}`))].sort();
    expect(during.length, 'requests while PostgreSQL was down').toBeGreaterThan(10);
    expect(statuses(during)).toEqual(['api 503', 'page 503', 'write 503']);
    for (const s of during) {
      if (s.kind === 'page') expect(s.type).toContain('text/html');
      else expect(JSON.parse(s.body)).toMatchObject({ error: expect.stringContaining('unavailable') });
    }
    // Fast: an outage answer does not wait on a connection that will not come (a budget for a loaded 2-core machine).
    expect(Math.max(...during.map((s) => s.ms)), 'slowest answer during the outage (ms)').toBeLessThan(3_000);
    expect(
      seen
        .filter((s) => s.status !== 200 && s.status !== 503)
        .map((s) => `${s.kind} ${s.status} at ${s.at - downAt} ms after the stop (up at ${upAt - downAt}): ${s.body}`),
    ).toEqual([]);
    expect(statuses(after)).toEqual(['api 200', 'page 200', 'write 200']);

    // Nothing acknowledged is lost, and the first worker (reconnected by itself) projects all of it.
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql<{ id: string }[]>`select metadata->>'requestId' as id from events where type = 'Used' and metadata->>'requestId' like 'outage-%'`;
      const logged = new Set(rows.map((r) => r.id));
      expect(acknowledged.filter((id) => !logged.has(id))).toEqual([]);
      const [{ head }] = await sql<{ head: number }[]>`select max(position)::int as head from events`;
      await expect
        .poll(async () => (await sql<{ position: number }[]>`select min(position)::int as position from projection_checkpoints`)[0].position, {
          timeout: 30_000,
          message: `the projections did not reach the head (the first worker ${alive(first)})`,
        })
        .toBeGreaterThanOrEqual(head);
      const [{ uses }] = await sql<{ uses: number }[]>`select coalesce(sum(usage_count), 0)::int as uses from catalog_prompts where id <= 5`;
      // A Used event carries its count (the seed's are many uses at once): the counters are their sum.
      const [{ events }] = await sql<{ events: number }[]>`
        select coalesce(sum((data->>'count')::int), 0)::int as events from events where type = 'Used' and (data->>'promptId')::int <= 5`;
      expect(uses).toBe(events);
    } finally {
      await sql.end();
    }
  }, 120_000);
});
