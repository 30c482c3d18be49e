// `npm run soak`: mixed visitor and signed-in load against one web process on PostgreSQL for
// SOAK_SECONDS (default 600), printing each minute the errors (must be 0), the write p95, the
// web process's RSS, the open database connections and the projection lag p99; then the totals.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test SOAK_SECONDS=120 npm run soak
//
// It starts its own web process (scripts/serve.mjs from ASTRO_OUT_DIR, default dist; build first)
// on SOAK_PORT (default 4599) in a fresh schema, which it drops at the end. Results: docs/reliability.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { register, SESSION_COOKIE, setPassword } from '../modules/accounts';
import { createApp } from '../src/server/app';
import { readConfig } from '../src/server/config';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) {
  console.error('npm run soak needs DATABASE_URL (or TEST_DATABASE_URL): it runs on PostgreSQL.');
  process.exit(2);
}
const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const port = Number(process.env.SOAK_PORT ?? 4599);
const outDir = process.env.ASTRO_OUT_DIR ?? 'dist';
const users = Number(process.env.SOAK_USERS ?? 16);
const visitors = Number(process.env.SOAK_VISITORS ?? 16);
const schema = `soak_${Date.now().toString(36)}`;
const dataDir = mkdtempSync(join(tmpdir(), 'promptory-soak-'));
const base = `http://127.0.0.1:${port}`;
// A load test, not a test of the rate limits (tests/integration/limits-api.test.ts is): 16
// accounts writing in tight loops from one address pass the library limits (300 per account,
// 3,000 per address, per 15 minutes) within minutes on an idle machine, and every 429 would
// count as an error here.
const env = {
  DATABASE_URL: url,
  DATABASE_SCHEMA: schema,
  DATA_DIR: dataDir,
  TRUST_PROXY: '1',
  RATE_LIMIT_LIBRARY_PER_ACCOUNT: '100000000',
  RATE_LIMIT_LIBRARY_PER_IP: '100000000',
  RATE_LIMIT_USE_PER_IP: '100000000',
};

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/serve.mjs'], {
  env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base, ASTRO_OUT_DIR: outDir },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const sql = postgres(url, { max: 2, onnotice: () => {} });
const cleanup = async () => {
  server.kill('SIGTERM');
  await sql.unsafe(`drop schema if exists "${schema}" cascade`).catch(() => {});
  await sql.unsafe(`drop schema if exists "pgboss_${schema}" cascade`).catch(() => {});
  await sql.end();
  rmSync(dataDir, { recursive: true, force: true });
};

for (const deadline = Date.now() + 120_000; ;) {
  try {
    if ((await fetch(`${base}/api/categories`)).ok) break;
  } catch {
    /* not up yet */
  }
  if (Date.now() > deadline) throw new Error('the web process did not start');
  await new Promise((r) => setTimeout(r, 200));
}

// Signed-in users: accounts made through the accounts module on the same database.
const app = await createApp({ ...readConfig(env), seed: false }, { boss: false, log: () => {} });
const cookies: string[] = [];
for (let i = 0; i < users; i++) {
  const meta = { actor: null, requestId: 'soak', at: new Date().toISOString() };
  const email = `soak-${i}@example.com`;
  const registered = await register(app.store, { name: `Soak ${i}`, email }, meta);
  if (registered.outcome.kind === 'exists') throw new Error('fresh schema expected');
  const { session } = await setPassword(app.store, app.sessions, { email, token: registered.outcome.link.token, password: 'correct horse battery' }, meta);
  cookies.push(`${SESSION_COOKIE}=${session.token}`);
}
await app.close();
const [{ n: promptCount }] = await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from "${schema}".catalog_prompts`);

type Sample = { at: number; ms: number };
const writes: Sample[] = [];
const errors: string[] = [];
const lag: Sample[] = [];
const rss: number[] = [];
const connections: number[] = [];
let reads = 0;
let stop = false;
const started = Date.now();

async function call(path: string, init: RequestInit = {}, write = false): Promise<void> {
  const at = Date.now();
  try {
    const response = await fetch(base + path, { ...init, headers: { origin: base, ...init.headers } });
    await response.arrayBuffer();
    if (response.status >= 500 || response.status === 0 || (response.status >= 400 && response.status !== 404 && response.status !== 409))
      errors.push(`${init.method ?? 'GET'} ${path} ${response.status}`);
  } catch (error) {
    errors.push(`${init.method ?? 'GET'} ${path} ${String(error)}`);
  }
  if (write) writes.push({ at, ms: Date.now() - at });
  else reads++;
}

const pick = (n: number) => 1 + Math.floor(Math.random() * n);
async function visitor(v: number) {
  for (let i = 0; !stop; i++) {
    const pages = ['/', '/prompts', `/prompts/${pick(promptCount)}`, `/prompts?q=soak${v}x${i}`, '/api/prompts?page=2', '/community'];
    await call(pages[i % pages.length], { headers: { 'x-forwarded-for': `10.9.${v}.${i & 255}` } });
    if (i % 10 === 0) await call(`/api/prompts/${pick(promptCount)}/use`, { method: 'PUT', headers: { 'x-forwarded-for': `10.8.${v}.${i & 255}` } }, true);
  }
}
async function member(u: number) {
  const headers = { cookie: cookies[u], 'content-type': 'application/json', 'x-forwarded-for': `10.7.${u}.1` };
  for (let i = 0; !stop; i++) {
    const promptId = pick(promptCount);
    switch (i % 4) {
      case 0:
        await call('/api/ratings', { method: 'POST', headers, body: JSON.stringify({ promptId, value: i % 8 === 0 ? 1 : 5 }) }, true);
        break;
      case 1:
        await call('/api/favorites', { method: 'POST', headers, body: JSON.stringify({ promptId }) }, true);
        break;
      case 2:
        await call(`/api/favorites/${promptId}`, { method: 'DELETE', headers }, true);
        break;
      default:
        await call('/api/favorites/my', { headers });
    }
  }
}

/** Seconds behind: the age of the oldest event the catalog has not applied yet (0 when caught up). */
async function sampleLag() {
  const [row] = await sql.unsafe<{ ms: number | null }[]>(
    `select (extract(epoch from (now() - min(e.created_at))) * 1000)::int as ms
       from "${schema}".events e, "${schema}".projection_checkpoints c
      where c.name = 'catalog' and e.position > c.position`,
  );
  lag.push({ at: Date.now(), ms: row?.ms ?? 0 });
}
async function sampleResources() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  rss.push(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  const [{ n }] = await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from pg_stat_activity where application_name = 'promptory'`);
  connections.push(n);
}

const quantile = (values: number[], q: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

await sampleResources();
console.log(`soak: ${seconds} s, ${visitors} visitors + ${users} signed-in users, one web process on PostgreSQL (schema ${schema})`);
console.log(`start: RSS ${rss[0].toFixed(0)} MB, DB connections ${connections[0]}`);
const load = Promise.all([...Array.from({ length: visitors }, (_, v) => visitor(v)), ...Array.from({ length: users }, (_, u) => member(u))]);
const sampler = setInterval(() => void sampleLag().catch(() => {}), 1_000);
const minutes = setInterval(() => {
  void sampleResources().then(() => {
    const minute = Math.round((Date.now() - started) / 60_000);
    const recent = writes.filter((w) => w.at > Date.now() - 60_000).map((w) => w.ms);
    console.log(
      `minute ${minute}: writes ${recent.length}, write p95 ${quantile(recent, 0.95)} ms, reads ${reads}, errors ${errors.length}, ` +
        `RSS ${rss[rss.length - 1].toFixed(0)} MB, DB connections ${connections[connections.length - 1]}, ` +
        `lag p99 ${quantile(
          lag.filter((l) => l.at > Date.now() - 60_000).map((l) => l.ms),
          0.99,
        )} ms`,
    );
  });
}, 60_000);
await new Promise((r) => setTimeout(r, seconds * 1000));
stop = true;
await load;
clearInterval(sampler);
clearInterval(minutes);
await sampleResources();
console.log(
  `end: ${((Date.now() - started) / 1000).toFixed(0)} s, writes ${writes.length}, reads ${reads}, errors ${errors.length}, ` +
    `write p95 ${quantile(
      writes.map((w) => w.ms),
      0.95,
    )} ms, projection lag p99 ${quantile(
      lag.map((l) => l.ms),
      0.99,
    )} ms, RSS ${rss[0].toFixed(0)} -> ${rss[rss.length - 1].toFixed(0)} MB, DB connections ${connections[0]} -> ${connections[connections.length - 1]}`,
);
if (errors.length) console.log('first errors:', [...new Set(errors)].slice(0, 10));
await cleanup();
process.exit(errors.length === 0 ? 0 : 1);
