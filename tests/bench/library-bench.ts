/**
 * The library under write load. Run after a build, against PostgreSQL:
 *
 *   ASTRO_OUT_DIR=dist-test npx astro build
 *   ASTRO_OUT_DIR=dist-test npx tsx tests/bench/library-bench.ts [--seconds=N]
 *
 * 1. 32 signed-in users, each in its own loop (pausing LIBRARY_BENCH_THINK_MS, default 250 ms,
 *    between actions; a tight-loop stress phase is reported too), toggle bookmarks (POST /api/favorites,
 *    DELETE /api/favorites/{id}) and rate (POST /api/ratings) random public prompts. After
 *    every write the same user reads it back (GET /api/favorites/my, GET /api/prompts/{id}/rating)
 *    and the answer must show it: read-your-writes, checked on every call. Target: p95 per
 *    write <= 50 ms, 0 errors.
 * 2. Meanwhile visitors (wrk -t1 -c16) load the catalog pages (/prompts, /prompts/{id}) and a
 *    trivial page (/healthz), interleaved; target: each catalog page >= 0.5x the trivial page.
 *
 * Prints a Markdown section and writes it to docs/benchmarks-library.md (npm run bench
 * includes it in docs/benchmarks.md).
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dropSchema, median, outDir, percentile, prepareSchema, startServer as startWebProcess } from './bench-servers';

const USERS = Number(process.env.LIBRARY_BENCH_USERS ?? 32);
/** Phase 2's pause between one user's actions (a fast human clicks a few times a second). */
const THINK_MS = Number(process.env.LIBRARY_BENCH_THINK_MS ?? 250);
const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.slice(10) ?? 15);
const port = Number(process.env.LIBRARY_BENCH_PORT ?? 4820);
const schema = `bench_library_${Date.now().toString(36)}`;
const url = `http://127.0.0.1:${port}`;

/** A web process on `port`; every one shares the database (and runs its own projection worker). */
async function startServer(port: number) {
  return (await startWebProcess(schema, port)).stop;
}

/**
 * wrk without blocking this process (the writers keep running meanwhile). It asks as a
 * browser does: every browser sends Accept-Encoding, so pages go out gzipped.
 */
function wrk(path: string, secs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', ['-t1', '-c16', `-d${secs}s`, '-H', 'Accept-Encoding: gzip, deflate, br', url + path]);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', () => {
      const match = /Requests\/sec:\s+([\d.]+)/.exec(out);
      if (match) resolve(Number(match[1]));
      else reject(new Error(`wrk failed: ${out}`));
    });
  });
}

interface Stats {
  writes: number[];
  reads: number[];
  errors: string[];
}

/**
 * One signed-in user: toggle a bookmark or rate, then read it back, until `until`. Writes go
 * to `writeTo`, reads to `readFrom` (another web process in the scaling phase).
 */
async function user(cookie: string, promptIds: number[], until: number, stats: Stats, thinkMs = 0, writeTo = url, readFrom = url) {
  const favorites = new Map<number, number>();
  const call = async (method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const response = await fetch((method === 'GET' ? readFrom : writeTo) + path, {
      method,
      headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return { ms, body: JSON.parse(text) };
  };
  while (Date.now() < until) {
    const promptId = promptIds[Math.floor(Math.random() * promptIds.length)];
    try {
      if (Math.random() < 0.5) {
        const favoriteId = favorites.get(promptId);
        if (favoriteId === undefined) {
          const w = await call('POST', '/api/favorites', { promptId });
          stats.writes.push(w.ms);
          favorites.set(promptId, w.body.id);
        } else {
          stats.writes.push((await call('DELETE', `/api/favorites/${favoriteId}`)).ms);
          favorites.delete(promptId);
        }
        const r = await call('GET', '/api/favorites/my');
        stats.reads.push(r.ms);
        const listed = new Set((r.body.items as { promptId: number }[]).map((f) => f.promptId));
        if (listed.has(promptId) !== favorites.has(promptId)) stats.errors.push(`bookmark of ${promptId} not read back`);
      } else {
        const value = Math.random() < 0.5 ? 1 : 5;
        stats.writes.push((await call('POST', '/api/ratings', { promptId, value })).ms);
        const r = await call('GET', `/api/prompts/${promptId}/rating`);
        stats.reads.push(r.ms);
        if (r.body.value !== value) stats.errors.push(`rating of ${promptId} read back as ${r.body.value}, not ${value}`);
      }
    } catch (error) {
      stats.errors.push(String(error));
    }
    if (thinkMs) await new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random())));
  }
}

const { cookies, promptIds } = await prepareSchema(schema, USERS);
const stop = await startServer(port);
const detail = `/prompts/${promptIds[0]}`;
const report: string[] = [];
const log = (line = '') => {
  console.log(line);
  report.push(line);
};
try {
  // Warm up: JIT, page cache, connection pools.
  for (const path of ['/healthz', '/prompts', detail]) await wrk(path, 1);
  await Promise.all(cookies.slice(0, 4).map((c) => user(c, promptIds, Date.now() + 1500, { writes: [], reads: [], errors: [] })));

  // Stress: every user in a tight loop (no target: it shows where one process saturates).
  // Then users who pause between clicks as people do, alone (the latency target), and with
  // visitors loading pages (the throughput target).
  const stress: Stats = { writes: [], reads: [], errors: [] };
  await Promise.all(cookies.map((c) => user(c, promptIds, Date.now() + seconds * 1000, stress)));
  const stats: Stats = { writes: [], reads: [], errors: [] };
  await Promise.all(cookies.map((c) => user(c, promptIds, Date.now() + seconds * 1000, stats, THINK_MS)));
  const loaded: Stats = { writes: [], reads: [], errors: [] };
  const until = Date.now() + seconds * 1000;
  const writers = Promise.all(cookies.map((c) => user(c, promptIds, until, loaded, THINK_MS)));
  const rates: Record<'trivial' | 'browse' | 'detail', number[]> = { trivial: [], browse: [], detail: [] };
  const slice = Math.max(1, Math.floor(seconds / 9));
  while (Date.now() + 3 * slice * 1000 <= until) {
    rates.trivial.push(await wrk('/healthz', slice));
    rates.browse.push(await wrk('/prompts', slice));
    rates.detail.push(await wrk(detail, slice));
  }
  await writers;

  // Scaling: a second web process on the same PostgreSQL. The same tight loops, each user
  // writing through one process and reading back through the other (read-your-writes must
  // hold across processes), against the first phase's one process.
  const second = `http://127.0.0.1:${port + 1}`;
  const stopSecond = await startServer(port + 1);
  const scaled: Stats = { writes: [], reads: [], errors: [] };
  try {
    await Promise.all(cookies.slice(0, 4).map((c) => user(c, promptIds, Date.now() + 1500, { writes: [], reads: [], errors: [] }, 0, second, second)));
    await Promise.all(
      cookies.map((c, i) => {
        const [writeTo, readFrom] = i % 2 === 0 ? [url, second] : [second, url];
        return user(c, promptIds, Date.now() + seconds * 1000, scaled, 0, writeTo, readFrom);
      }),
    );
  } finally {
    await stopSecond();
  }

  const p95 = percentile(stats.writes, 95);
  const errors = stress.errors.length + stats.errors.length + loaded.errors.length + scaled.errors.length;
  const trivial = median(rates.trivial);
  const ratio = (name: 'browse' | 'detail') => median(rates[name]) / trivial;
  const fmt = (n: number) => Math.round(n).toLocaleString('en');
  const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');

  log(`## The library under write load (${new Date().toISOString().slice(0, 10)})`);
  log();
  log(`PostgreSQL, one web process (\`${outDir}\`). ${USERS} signed-in users, each in its own loop, toggle`);
  log('bookmarks and rate random public prompts, and read every write back. Three phases of');
  log(`${seconds} s: every user in a tight loop (stress, no target); users pausing ${THINK_MS} ms (±50%) between`);
  log('actions, alone (latency target); the same users while wrk (`-t1 -c16`) loads visitor pages,');
  log('interleaved (throughput target). Last, a second web process joins and the tight loops run');
  log('again, each user writing through one process and reading back through the other.');
  log('Client, wrk, servers and PostgreSQL share the 2 cores;');
  log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (other work on the machine counts too).`,
  );
  log();
  log('| phase | writes | writes/s | write p50 | p95 | p99 | read-back p95 | read-your-writes misses | errors |');
  log('|---|---|---|---|---|---|---|---|---|');
  const row = (name: string, s: Stats) => {
    const misses = s.errors.filter((e) => e.includes('read back')).length;
    log(
      `| ${name} | ${fmt(s.writes.length)} | ${fmt(s.writes.length / seconds)} | ${percentile(s.writes, 50).toFixed(1)} ms | ${percentile(s.writes, 95).toFixed(1)} ms | ${percentile(s.writes, 99).toFixed(1)} ms | ${percentile(s.reads, 95).toFixed(1)} ms | ${misses} | ${s.errors.length - misses} |`,
    );
  };
  row('stress: tight loops', stress);
  row('users', stats);
  row('users + visitors', loaded);
  row('stress, 2 web processes (write on one, read on the other)', scaled);
  log();
  log(`Two web processes against one: ${(scaled.writes.length / Math.max(1, stress.writes.length)).toFixed(2)}x the writes per second in tight loops.`);
  log();
  log('| visitor page under the write load | req/s (median) | vs /healthz |');
  log('|---|---|---|');
  log(`| /healthz (trivial SSR page) | ${fmt(trivial)} | 1.00x |`);
  log(`| /prompts | ${fmt(median(rates.browse))} | ${ratio('browse').toFixed(2)}x |`);
  log(`| ${detail} | ${fmt(median(rates.detail))} | ${ratio('detail').toFixed(2)}x |`);
  log();
  log(
    `Targets: write p95 <= 50 ms: ${verdict(p95 <= 50)}; read-your-writes on every call and 0 errors (all phases): ${verdict(errors === 0)}; ` +
      `catalog pages >= 0.5x the trivial page: ${verdict(ratio('browse') >= 0.5 && ratio('detail') >= 0.5)}.`,
  );
  const firstErrors = [...stress.errors, ...stats.errors, ...loaded.errors, ...scaled.errors].slice(0, 3);
  if (firstErrors.length) log(`\nFirst errors: ${firstErrors.join('; ')}`);
  writeFileSync('docs/benchmarks-library.md', report.join('\n') + '\n');
} finally {
  await stop();
  await dropSchema(schema);
}
