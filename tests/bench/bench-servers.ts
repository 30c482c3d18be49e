/**
 * What the library and write benchmarks share: a seeded PostgreSQL schema with signed-in users,
 * web and worker processes on it, percentiles, and the CPU time processes have used.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventMetadata } from '../../events';
import { register, SESSION_COOKIE, Sessions, setPassword } from '../../modules/accounts';
import { listPrompts } from '../../projections/catalog/queries';
import { createApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';
import { startServer as startBuiltServer } from '../support/server';

export const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const outDir = process.env.ASTRO_OUT_DIR ?? 'dist';
const meta = (): EventMetadata => ({ actor: null, requestId: 'bench', at: new Date().toISOString() });

/** Seeds `schema` and makes `users` accounts, through the same commands as the API; their session cookies. */
export async function prepareSchema(schema: string, users: number): Promise<{ cookies: string[]; promptIds: number[] }> {
  const app = await createApp({ ...readConfig({}), databaseUrl, databaseSchema: schema, seed: true }, { boss: false, log: () => {} });
  const sessions = new Sessions(app.db);
  const cookies: string[] = [];
  for (let i = 0; i < users; i++) {
    const email = `bench${i}@example.com`;
    const registered = await register(app.store, { name: `Bench ${i}`, email }, meta());
    if (registered.outcome.kind !== 'created') throw new Error('expected a new account');
    const { session } = await setPassword(app.store, sessions, { email, token: registered.outcome.link.token, password: 'correct horse battery' }, meta());
    cookies.push(`${SESSION_COOKIE}=${session.token}`);
  }
  await app.runner.catchUpAll();
  const promptIds = (await listPrompts(app.db, {})).map((p) => p.id);
  await app.close();
  return { cookies, promptIds };
}

export async function dropSchema(schema: string): Promise<void> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await sql.unsafe(`drop schema if exists "${schema}" cascade`);
  await sql.unsafe(`drop schema if exists "pgboss_${schema}" cascade`);
  await sql.end();
}

/**
 * A built server with no seeded prompts, on PGlite or on PostgreSQL in a schema of its own;
 * `close` stops it and removes what it made (its folder, its schemas).
 */
export async function emptyServer(backend: 'pglite' | 'postgres', port: number, name: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `promptory-${name}-`));
  const schema = `bench_${name}_${Date.now().toString(36)}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SEED: '0',
    ...(backend === 'postgres' ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
  };
  const server = await startBuiltServer(env, port);
  return {
    server,
    dataDir,
    async close() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      if (backend === 'postgres') await dropSchema(schema);
    },
  };
}

export interface Running {
  pid: number;
  stop(): Promise<void>;
}

async function stopChild(child: ChildProcess, dataDir?: string) {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

/**
 * A web process (`scripts/serve.mjs`, as deployed) on `port`; every one shares the database.
 * `env` adds settings (WORKERS=0 leaves projection work to a worker process); `build` is the
 * build folder (ASTRO_OUT_DIR by default). BENCH_CPU_PROF=dir
 * profiles it (node --cpu-prof).
 */
export async function startServer(schema: string, port: number, env: Record<string, string> = {}, build = outDir): Promise<Running> {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  // A profile is written at a normal exit: SIGTERM becomes one.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, '--import', 'data:text/javascript,process.on("SIGTERM",()=>process.exit(0))']
    : [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...profile, 'scripts/serve.mjs'], {
    env: {
      ...process.env,
      ASTRO_OUT_DIR: build,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { pid: child.pid!, stop: () => stopChild(child, dataDir) };
}

/** A projection worker process (`npm run worker`), run by node itself so that its pid is the worker's. */
export async function startWorker(schema: string, env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'scripts/worker.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('worker running') && resolve());
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
  return { pid: child.pid!, stop: () => stopChild(child) };
}

export const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
export const median = (xs: number[]) => percentile(xs, 50);

const TICKS_PER_SECOND = 100;

/** User plus system CPU seconds a process has used (/proc/<pid>/stat); 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * The PostgreSQL backends serving each of these processes: their connections' local ports (ss),
 * matched with pg_stat_activity's client ports.
 */
export async function backendsOf(pids: number[]): Promise<Map<number, number[]>> {
  const owner = new Map<number, number>();
  const lines = execFileSync('ss', ['-tnpH', 'dst', new URL(databaseUrl).host.replace('localhost', '127.0.0.1')], { encoding: 'utf8' }).split('\n');
  for (const line of lines) {
    const pid = Number(/pid=(\d+)/.exec(line)?.[1]);
    const local = line.trim().split(/\s+/)[3];
    if (pids.includes(pid) && local) owner.set(Number(local.slice(local.lastIndexOf(':') + 1)), pid);
  }
  const { default: postgres } = await import('postgres');
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const rows = await sql<{ pid: number; client_port: number }[]>`select pid, client_port from pg_stat_activity where client_port is not null`;
  await sql.end();
  const backends = new Map(pids.map((p) => [p, [] as number[]]));
  for (const row of rows) if (owner.has(row.client_port)) backends.get(owner.get(row.client_port)!)!.push(row.pid);
  return backends;
}

export interface CpuUse {
  node: number;
  postgres: number;
  total: number;
}

/** CPU seconds used since `cpuMeter` by each process with its PostgreSQL backends, and by all together. */
export async function cpuMeter(pids: number[]) {
  const backends = await backendsOf(pids);
  const all = [...pids, ...[...backends.values()].flat()];
  const before = new Map(all.map((p) => [p, cpuSeconds(p)]));
  const used = (p: number) => cpuSeconds(p) - before.get(p)!;
  return {
    read(): CpuUse & { each: CpuUse[] } {
      const each = pids.map((pid) => {
        const node = used(pid);
        const postgres = backends.get(pid)!.reduce((s, p) => s + used(p), 0);
        return { node, postgres, total: node + postgres };
      });
      const sum = (k: keyof CpuUse) => each.reduce((s, e) => s + e[k], 0);
      return { node: sum('node'), postgres: sum('postgres'), total: sum('total'), each };
    },
  };
}

/** Registers `name`@example.com on a running server (its mail in `dataDir`'s outbox) and sets a password: the session cookie. */
export async function signUpOnServer(url: string, dataDir: string, name: string): Promise<string> {
  const email = `${name}-${Date.now()}@example.com`;
  const register = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Person', email }),
  });
  if (!register.ok) throw new Error(`register: ${register.status}`);
  await new Promise((r) => setTimeout(r, 500));
  const file = readdirSync(join(dataDir, 'outbox'))
    .filter((f) => f.includes(email))
    .sort()
    .pop()!;
  const mail = readFileSync(join(dataDir, 'outbox', file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail)![1];
  const set = await fetch(`${url}/api/auth/set-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, token, password: 'correct horse battery' }),
  });
  if (!set.ok) throw new Error(`set-password: ${set.status}`);
  return set.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Another visitor's requests while a long operation runs: how many, the slowest, the median. */
export interface Probe {
  count: number;
  max: number;
  p50: number;
  p99: number;
  /** How many waits were longer than 100 ms. */
  over100: number;
}

/**
 * Asks for a missing prompt every 20 ms until `until` settles, timing each answer: the cheapest
 * request that still goes through routing, a session check and the database, so its wait is
 * what the operation makes everyone else wait.
 */
export async function probe(url: string, until: Promise<unknown>): Promise<Probe> {
  const times: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  for (let i = 0; !done; i++) {
    const started = performance.now();
    const r = await fetch(`${url}/api/prompts/${900_000 + i}`);
    await r.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  times.sort((a, b) => a - b);
  return {
    count: times.length,
    max: times.at(-1) ?? 0,
    p50: times[Math.floor(times.length / 2)] ?? 0,
    p99: times[Math.floor(times.length * 0.99)] ?? 0,
    over100: times.filter((ms) => ms > 100).length,
  };
}

/** The process's peak resident memory so far, in MB (Linux). */
export function peakMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'))!;
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
}
