/**
 * HTTP writes against the store's own speed (issue 19). Run after a build, against PostgreSQL:
 *
 *   ASTRO_OUT_DIR=dist-test npx astro build
 *   ASTRO_OUT_DIR=dist-test npx tsx tests/bench/write-bench.ts [--seconds=N] [--rounds=N]
 *
 * Each round runs, one after the other (rounds interleave them, so that other work on the
 * machine falls on every phase alike; medians are reported):
 * 1. the store alone: 8 writers appending one event per transaction (as in "The spine");
 * 2. one web process (its own projection worker): 32 signed-in users rating random public
 *    prompts in tight loops (POST /api/ratings, nothing in between);
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
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { EventMetadata, NewEvent } from '../../events';
import { createApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import {
  cpuMeter,
  type CpuUse,
  databaseUrl,
  dropSchema,
  median,
  outDir,
  percentile,
  prepareSchema,
  startServer,
  startWorker,
  type Running,
} from './bench-servers';

const USERS = 32;
const OUT = 'docs/benchmarks-writes.md';
const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.slice(10) ?? 8);
const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 3);
const port = Number(process.env.WRITE_BENCH_PORT ?? 6400);
const schema = `bench_writes_${Date.now().toString(36)}`;
/** Counted on every write, never reached. */
const UNREACHED_LIMITS = { RATE_LIMIT_LIBRARY_PER_IP: '1000000000', RATE_LIMIT_LIBRARY_PER_ACCOUNT: '1000000000' };

interface Phase {
  writes: number;
  seconds: number;
  latencies: number[];
  errors: string[];
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
    return { writes, seconds, latencies: [], errors: [], cpu: meter.read() };
  } finally {
    await app.close();
  }
}

/** 32 users rating in tight loops, user i on `urls[i % urls.length]`, for `secs`. */
async function raters(urls: string[], cookies: string[], promptIds: number[], secs: number): Promise<Phase> {
  const phase: Phase = { writes: 0, seconds: secs, latencies: [], errors: [] };
  const until = performance.now() + secs * 1000;
  await Promise.all(
    cookies.map(async (cookie, i) => {
      const url = `${urls[i % urls.length]}/api/ratings`;
      while (performance.now() < until) {
        const promptId = promptIds[Math.floor(Math.random() * promptIds.length)];
        const started = performance.now();
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ promptId, value: Math.random() < 0.5 ? 1 : 5 }),
          });
          const text = await response.text();
          if (!response.ok) throw new Error(`${response.status} ${text}`);
          phase.latencies.push(performance.now() - started);
          phase.writes++;
        } catch (error) {
          phase.errors.push(String(error));
        }
      }
    }),
  );
  return phase;
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
    const web = await startServer(schema, port, UNREACHED_LIMITS, build);
    return { urls: [`http://127.0.0.1:${port}`], all: [web] };
  };
const twoProcesses = async () => {
  const worker = await startWorker(schema);
  const env = { ...UNREACHED_LIMITS, WORKERS: '0' };
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
    if (before) console.error(`round ${r + 1}: baseline ${fmt(rate(before))}/s p95 ${ms(percentile(before.latencies, 95))} cpu/write ${each(before)}`);
    console.error(
      `round ${r + 1}: store ${fmt(rate(store))}/s; one ${fmt(rate(one))}/s p95 ${ms(percentile(one.latencies, 95))} cpu/write ${each(one)}; two ${fmt(rate(two))}/s cpu/write ${each(two)} (web, web, worker)`,
    );
  }
} finally {
  await dropSchema(schema);
}
const loadEnd = loadavg();

const pass = (ok: boolean) => (ok ? 'pass' : '**fail**');

const storeRate = median(results.map((r) => rate(r.store)));
const oneRate = median(results.map((r) => rate(r.one)));
const twoRate = median(results.map((r) => rate(r.two)));
const oneP95 = median(results.map((r) => percentile(r.one.latencies, 95)));
const oneCpu = median(results.map((r) => cpuPerWrite(r.one)));
const twoCpu = median(results.map((r) => cpuPerWrite(r.two)));
const errors = results.reduce((n, r) => n + r.one.errors.length + r.two.errors.length, 0);

const report: string[] = [];
const log = (line = '') => report.push(line);
log(`## HTTP writes against the store (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`);
log();
log(`\`npx tsx tests/bench/write-bench.ts\` (build \`${outDir}\`), PostgreSQL on loopback. ${rounds} interleaved rounds of ${seconds} s each:`);
log('the store alone (8 writers, one event per append), one web process (32 signed-in users rating in');
log('tight loops), two web processes (`WORKERS=0`) and a worker process (the same users, half on each).');
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
    `| ${i + 1} | ${fmt(rate(r.store))}/s (${cpuPerWrite(r.store).toFixed(2)} ms) | ${fmt(rate(r.one))} | ${ms(percentile(r.one.latencies, 50))} | ${ms(percentile(r.one.latencies, 95))} | ${cpu(r.one)} | ${fmt(rate(r.two))} | ${ms(percentile(r.two.latencies, 95))} | ${cpu(r.two)} | ${r.one.errors.length + r.two.errors.length} |`,
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
  const p95s = before.map((p) => percentile(p.latencies, 95));
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
