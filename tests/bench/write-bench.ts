/**
 * HTTP writes against the store's own speed. Run after a build, against PostgreSQL:
 *
 *   ASTRO_OUT_DIR=dist-test npx astro build
 *   ASTRO_OUT_DIR=dist-test npx tsx tests/bench/write-bench.ts [--seconds=N] [--rounds=N]
 *
 * Each round runs, one after the other (rounds interleave them, so that other work on the
 * machine falls on every phase alike; medians are reported):
 * 1. the store alone: 8 writers appending one event per transaction (as in "The spine");
 * 2. one web process (its own projection worker): 32 signed-in users rating random public
 *    prompts in tight loops (POST /api/ratings, nothing in between), each a connection of wrk;
 * 3. two web processes (WORKERS=0) and one worker process (`npm run worker`): the same users,
 *    half on each web process.
 * CPU time per write is summed over every process of the phase and its PostgreSQL backends
 * (/proc/<pid>/stat, utime + stime, before and after).
 *
 * Targets: one process's p95 <= 50 ms and writes/s >= 0.5x the store's 8-writer rate; two web
 * processes and a worker >= 0.9x one process's writes/s with 0 errors, and the same CPU per
 * write (within 10%). The rate limits stay on (counted on every write) with limits the bench
 * cannot reach. Prints a Markdown section and writes it to docs/benchmarks-writes.md, above the
 * notes kept there.
 * BENCH_CPU_PROF=<dir> profiles the web processes (node --cpu-prof). WRITE_BENCH_BASELINE=<build
 * folder> adds, in every round, one web process of another build (the code before a change).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventMetadata, NewEvent } from '../../events';
import { createApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { cpuMeter, type CpuUse, databaseUrl, dropSchema, median, outDir, prepareSchema, startServer, startWorker, type Running } from './bench-servers';

const USERS = 32;
const OUT = 'docs/benchmarks-writes.md';
const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.slice(10) ?? 8);
const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 3);
const port = Number(process.env.WRITE_BENCH_PORT ?? 6400);
const schema = `bench_writes_${Date.now().toString(36)}`;
/**
 * The web processes' settings: rate limits counted on every write, never reached; one proxy
 * trusted, so each user's `X-Forwarded-For` is its own address (as 32 people's would be: one
 * shared address would have every write count on one row).
 */
const SERVER_ENV = { RATE_LIMIT_LIBRARY_PER_IP: '1000000000', RATE_LIMIT_LIBRARY_PER_ACCOUNT: '1000000000', TRUST_PROXY: '1' };

interface Phase {
  writes: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  /** What went wrong, for the report; `failed` counts every write that did. */
  errors: string[];
  failed: number;
  cpu?: CpuUse & { each: CpuUse[] };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The store alone: 8 writers, one `Used` event per append, for `secs` (the spine benchmark's measure). */
async function storeAppends(secs: number): Promise<Phase> {
  const app = await createApp({ ...readConfig({}), databaseUrl, databaseSchema: schema, seed: false }, { boss: false, log: () => {} });
  const metadata = (): EventMetadata => ({ actor: null, requestId: 'bench', at: new Date().toISOString() });
  const used: NewEvent = { type: 'Used', data: { promptId: 1, userId: null } };
  // The CPU of this process counts the benchmark's own loop too: an upper bound on the store's.
  const append = (w: number, i: number) => app.store.append(`bench-${w}-${i % 50}`, [used], { expectedVersion: 'any', metadata: metadata() });
  const writers = async (until: number, count: () => void) =>
    Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (let i = 0; performance.now() < until; i++) {
          await append(w, i);
          count();
        }
      }),
    );
  try {
    await writers(performance.now() + 500, () => {}); // the pool at its size, for the CPU meter
    const meter = await cpuMeter([process.pid]);
    let writes = 0;
    const started = performance.now();
    await writers(started + secs * 1000, () => writes++);
    const seconds = (performance.now() - started) / 1000;
    return { writes, seconds, p50: NaN, p95: NaN, p99: NaN, errors: [], failed: 0, cpu: meter.read() };
  } finally {
    await app.close();
  }
}

/**
 * wrk's script for one group of raters: each of wrk's threads holds one connection (`-tN -cN`)
 * and is one signed-in user (its own session cookie), rating random public prompts, 1 or 5, in a
 * tight loop. A rating answered other than 200 is an error (the first few are printed). `done`
 * prints the results as one JSON line.
 */
const RATERS_LUA = `
local threads = {}
local counter = 0
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end
function init(args)
  local cookies = {}
  for line in io.lines(args[1]) do cookies[#cookies + 1] = line end
  ids = {}
  for line in io.lines(args[2]) do ids[#ids + 1] = tonumber(line) end
  cookie = cookies[id + tonumber(args[3]) + 1]
  address = "10.77.0." .. (id + tonumber(args[3]) + 1)
  math.randomseed(id * 7919 + tonumber(args[3]) * 104729 + os.time())
  failures = 0
end
function request()
  local body = string.format('{"promptId":%d,"value":%d}', ids[math.random(#ids)], math.random() < 0.5 and 1 or 5)
  return wrk.format("POST", "/api/ratings", { ["Cookie"] = cookie, ["Content-Type"] = "application/json", ["X-Forwarded-For"] = address }, body)
end
function response(status, headers, body)
  if status ~= 200 then
    failures = failures + 1
    if failures <= 3 then io.stderr:write(status .. " " .. body .. "\\n") end
  end
end
function done(summary, latency, requests)
  local failed = 0
  for _, thread in ipairs(threads) do failed = failed + thread:get("failures") end
  local e = summary.errors
  io.write(string.format('WRK {"requests":%d,"micros":%d,"failed":%d,"socket":%d,"p50":%.3f,"p95":%.3f,"p99":%.3f}\\n',
    summary.requests, summary.duration, failed, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000))
end
`;
const luaDir = mkdtempSync(join(tmpdir(), 'write-bench-'));
const luaScript = join(luaDir, 'raters.lua');
writeFileSync(luaScript, RATERS_LUA);

/** One wrk process: `users` raters from `offset` in the cookie list, on `url`, for `secs`. */
function wrkRaters(url: string, offset: number, users: number, secs: number, files: { cookies: string; ids: string }) {
  const child = spawn('wrk', [
    `-t${users}`,
    `-c${users}`,
    `-d${secs}s`,
    '--timeout',
    '5s',
    '-s',
    luaScript,
    url,
    '--',
    files.cookies,
    files.ids,
    String(offset),
  ]);
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  return new Promise<{ requests: number; micros: number; failed: number; socket: number; p50: number; p95: number; p99: number; stderr: string }>(
    (resolve, reject) =>
      child.once('exit', () => {
        const line = /WRK (\{.*\})/.exec(out);
        if (!line) reject(new Error(`wrk failed: ${err || out}`));
        else resolve({ ...JSON.parse(line[1]), stderr: err });
      }),
  );
}

/**
 * 32 users rating in tight loops, the users split evenly over `urls`, for `secs`. The load comes
 * from wrk (C, one connection per user), not from this process: a fetch-based client cost about
 * as much CPU per request as the web process's own work on the same 2 cores. Percentiles with
 * several web processes are the highest of theirs (wrk reports each run's own).
 */
async function raters(urls: string[], cookies: string[], promptIds: number[], secs: number): Promise<Phase> {
  const files = { cookies: join(luaDir, 'cookies.txt'), ids: join(luaDir, 'ids.txt') };
  writeFileSync(files.cookies, cookies.join('\n') + '\n');
  writeFileSync(files.ids, promptIds.join('\n') + '\n');
  const share = cookies.length / urls.length;
  const runs = await Promise.all(urls.map((url, i) => wrkRaters(url, i * share, share, secs, files)));
  const answered = runs.reduce((n, r) => n + r.requests, 0);
  const failed = runs.reduce((n, r) => n + r.failed + r.socket, 0);
  return {
    writes: answered - failed,
    seconds: Math.max(...runs.map((r) => r.micros)) / 1e6,
    p50: Math.max(...runs.map((r) => r.p50)),
    p95: Math.max(...runs.map((r) => r.p95)),
    p99: Math.max(...runs.map((r) => r.p99)),
    errors: runs.flatMap((r) => (r.failed + r.socket > 0 ? [`${r.failed} answered other than 200, ${r.socket} socket errors: ${r.stderr.trim()}`] : [])),
    failed,
  };
}

/** Starts the processes, warms them up, measures `secs` of ratings with their CPU, stops them. */
async function httpPhase(processes: () => Promise<{ urls: string[]; all: Running[] }>, cookies: string[], promptIds: number[], secs: number): Promise<Phase> {
  const { urls, all } = await processes();
  try {
    await raters(urls, cookies, promptIds, 2); // JIT, pools at full size
    await sleep(500); // the warm-up's projection work
    const meter = await cpuMeter(all.map((p) => p.pid));
    const phase = await raters(urls, cookies, promptIds, secs);
    return { ...phase, cpu: meter.read() };
  } finally {
    for (const p of all) await p.stop();
  }
}

const baseline = process.env.WRITE_BENCH_BASELINE;
const oneProcess =
  (build = outDir) =>
  async () => {
    const web = await startServer(schema, port, SERVER_ENV, build);
    return { urls: [`http://127.0.0.1:${port}`], all: [web] };
  };
const twoProcesses = async () => {
  const worker = await startWorker(schema);
  const env = { ...SERVER_ENV, WORKERS: '0' };
  const webs = [await startServer(schema, port + 1, env), await startServer(schema, port + 2, env)];
  return { urls: [port + 1, port + 2].map((p) => `http://127.0.0.1:${p}`), all: [...webs, worker] };
};

const rate = (p: Phase) => p.writes / p.seconds;
const cpuPerWrite = (p: Phase) => (p.cpu!.total / p.writes) * 1000;
const fmt = (n: number) => Math.round(n).toLocaleString('en');
const ms = (n: number) => `${n.toFixed(1)} ms`;

const { cookies, promptIds } = await prepareSchema(schema, USERS);
const loadStart = loadavg();
const results: { store: Phase; one: Phase; two: Phase; before?: Phase }[] = [];
try {
  for (let r = 0; r < rounds; r++) {
    const store = await storeAppends(seconds);
    const before = baseline ? await httpPhase(oneProcess(baseline), cookies, promptIds, seconds) : undefined;
    const one = await httpPhase(oneProcess(), cookies, promptIds, seconds);
    const two = await httpPhase(twoProcesses, cookies, promptIds, seconds);
    results.push({ store, one, two, before });
    const each = (p: Phase) => p.cpu!.each.map((e) => `${((e.node / p.writes) * 1000).toFixed(2)}+${((e.postgres / p.writes) * 1000).toFixed(2)}`).join(' | ');
    if (before) console.error(`round ${r + 1}: baseline ${fmt(rate(before))}/s p95 ${ms(before.p95)} cpu/write ${each(before)}`);
    console.error(
      `round ${r + 1}: store ${fmt(rate(store))}/s; one ${fmt(rate(one))}/s p95 ${ms(one.p95)} cpu/write ${each(one)}; two ${fmt(rate(two))}/s cpu/write ${each(two)} (web, web, worker)`,
    );
  }
} finally {
  await dropSchema(schema);
  rmSync(luaDir, { recursive: true, force: true });
}
const loadEnd = loadavg();

const pass = (ok: boolean) => (ok ? 'pass' : '**fail**');

const storeRate = median(results.map((r) => rate(r.store)));
const oneRate = median(results.map((r) => rate(r.one)));
const twoRate = median(results.map((r) => rate(r.two)));
const oneP95 = median(results.map((r) => r.one.p95));
const oneCpu = median(results.map((r) => cpuPerWrite(r.one)));
const twoCpu = median(results.map((r) => cpuPerWrite(r.two)));
const errors = results.reduce((n, r) => n + r.one.failed + r.two.failed, 0);

const report: string[] = [];
const log = (line = '') => report.push(line);
log(`## HTTP writes against the store (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`);
log();
log(`\`npx tsx tests/bench/write-bench.ts\` (build \`${outDir}\`), PostgreSQL on loopback. ${rounds} interleaved rounds of ${seconds} s each:`);
log('the store alone (8 writers, one event per append), one web process (32 signed-in users rating in');
log('tight loops: wrk, one connection and one address per user), two web processes (`WORKERS=0`) and a');
log('worker process (the same users, half on each).');
log(`CPU per write: utime + stime of every process of the phase and of its PostgreSQL backends. Load`);
log(
  `average at the start ${loadStart.map((l) => l.toFixed(2)).join(', ')}, at the end ${loadEnd.map((l) => l.toFixed(2)).join(', ')} (2 cores, shared with other work).`,
);
log();
log(
  '| round | store, 8 writers (CPU/append) | 1 web: writes/s | p50 | p95 | CPU/write (node + pg) | 2 web + worker: writes/s | p95 | CPU/write (node + pg) | errors |',
);
log('|---|---|---|---|---|---|---|---|---|---|');
results.forEach((r, i) => {
  const cpu = (p: Phase) =>
    `${cpuPerWrite(p).toFixed(2)} ms (${((p.cpu!.node / p.writes) * 1000).toFixed(2)} + ${((p.cpu!.postgres / p.writes) * 1000).toFixed(2)})`;
  log(
    `| ${i + 1} | ${fmt(rate(r.store))}/s (${cpuPerWrite(r.store).toFixed(2)} ms) | ${fmt(rate(r.one))} | ${ms(r.one.p50)} | ${ms(r.one.p95)} | ${cpu(r.one)} | ${fmt(rate(r.two))} | ${ms(r.two.p95)} | ${cpu(r.two)} | ${r.one.failed + r.two.failed} |`,
  );
});
log();
log('| target (medians over rounds) | measured | verdict |');
log('|---|---|---|');
log(`| one web process: write p95 <= 50 ms | ${ms(oneP95)} | ${pass(oneP95 <= 50)} |`);
log(
  `| one web process: writes/s >= 0.5x the store's 8-writer appends/s | ${fmt(oneRate)} / ${fmt(storeRate)} = ${(oneRate / storeRate).toFixed(2)}x | ${pass(oneRate >= 0.5 * storeRate)} |`,
);
log(
  `| two web processes + worker: writes/s >= 0.9x one process's | ${fmt(twoRate)} / ${fmt(oneRate)} = ${(twoRate / oneRate).toFixed(2)}x | ${pass(twoRate >= 0.9 * oneRate)} |`,
);
log(`| two web processes + worker: 0 errors | ${errors} | ${pass(errors === 0)} |`);
log(
  `| CPU per write, two web processes against one (same within 10%) | ${twoCpu.toFixed(2)} / ${oneCpu.toFixed(2)} ms = ${(twoCpu / oneCpu).toFixed(2)}x | ${pass(Math.abs(twoCpu / oneCpu - 1) <= 0.1)} |`,
);
if (baseline) {
  const before = results.map((r) => r.before!);
  const p95s = before.map((p) => p.p95);
  log();
  log(`Against the build in \`${baseline}\` (one web process, the same users, in the same rounds):`);
  log();
  log('| build | writes/s per round | median | p95 (median) | CPU/write, median (node + pg) |');
  log('|---|---|---|---|---|');
  const line = (name: string, phases: Phase[], p95: number) => {
    const cpu = (key: keyof CpuUse) => median(phases.map((p) => (p.cpu![key] / p.writes) * 1000)).toFixed(2);
    log(
      `| ${name} | ${phases.map((p) => fmt(rate(p))).join(', ')} | ${fmt(median(phases.map(rate)))} | ${ms(p95)} | ${cpu('total')} ms (${cpu('node')} + ${cpu('postgres')}) |`,
    );
  };
  line(`before (\`${baseline}\`)`, before, median(p95s));
  line(
    `this build (\`${outDir}\`)`,
    results.map((r) => r.one),
    oneP95,
  );
}
const firstErrors = results.flatMap((r) => [...r.one.errors, ...r.two.errors]).slice(0, 3);
if (firstErrors.length) log(`\nFirst errors: ${firstErrors.join('; ')}`);
console.log(report.join('\n'));
// Hand-written notes (where the time goes, what changed) follow NOTES and survive a new run.
const NOTES = '<!-- notes: kept by write-bench.ts -->';
const previous = existsSync(OUT) ? readFileSync(OUT, 'utf8') : '';
const notes = previous.includes(NOTES) ? previous.slice(previous.indexOf(NOTES)) : NOTES + '\n';
writeFileSync(OUT, report.join('\n') + '\n\n' + notes);
