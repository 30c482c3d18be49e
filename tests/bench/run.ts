// `npm run bench`: every benchmark, then docs/benchmarks.md. Not a test: figures, not verdicts.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

// Before the spine is imported: its backends are chosen from TEST_DATABASE_URL as it loads.
process.env.TEST_DATABASE_URL ??= process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const { runSpineBench, spineTable } = await import('./spine');

const spine = await runSpineBench(Number(process.env.REPLAY_EVENTS ?? 100_000));
const pg = spine.find((r) => r.backend === 'postgres');

// The public-site benchmarks write their own section (page weight, req/s, search, Lighthouse).
let site = '';
if (existsSync('tests/bench/site-bench.ts')) {
  const result = spawnSync('npx', ['tsx', 'tests/bench/site-bench.ts'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) console.error('site benchmark failed');
  if (existsSync('docs/benchmarks-site.md')) site = readFileSync('docs/benchmarks-site.md', 'utf8');
}

// The library under write load writes its own section too; it needs a build.
let library = '';
if (existsSync('tests/bench/library-bench.ts')) {
  const result = spawnSync('npx', ['tsx', 'tests/bench/library-bench.ts'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) console.error('library benchmark failed');
  if (existsSync('docs/benchmarks-library.md')) library = readFileSync('docs/benchmarks-library.md', 'utf8');
}

// HTTP writes against the store's own rate, one and two web processes: its own section.
let writes = '';
if (existsSync('tests/bench/write-bench.ts')) {
  const result = spawnSync('npx', ['tsx', 'tests/bench/write-bench.ts'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) console.error('write benchmark failed');
  if (existsSync('docs/benchmarks-writes.md')) writes = readFileSync('docs/benchmarks-writes.md', 'utf8');
}

// Import and export of a whole library writes its own section too; it needs a build.
let portability = '';
if (existsSync('tests/bench/portability-bench.ts')) {
  const result = spawnSync('npx', ['tsx', 'tests/bench/portability-bench.ts'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) console.error('portability benchmark failed');
  if (existsSync('docs/benchmarks-portability.md')) portability = readFileSync('docs/benchmarks-portability.md', 'utf8');
}

// The duplicate check at 100,000 prompts: its own section, no build needed.
let duplicates = '';
if (existsSync('tests/bench/duplicates-bench.ts')) {
  const result = spawnSync('npx', ['tsx', 'tests/bench/duplicates-bench.ts'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) console.error('duplicate check benchmark failed');
  if (existsSync('docs/benchmarks-duplicates.md')) duplicates = readFileSync('docs/benchmarks-duplicates.md', 'utf8');
}

// The search engine at 100,000 prompts on both backends: its own section.
let search = '';
if (existsSync('tests/bench/search-bench.ts')) {
  const result = spawnSync('npx', ['tsx', 'tests/bench/search-bench.ts'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) console.error('search benchmark failed');
  if (existsSync('docs/benchmarks-search.md')) search = readFileSync('docs/benchmarks-search.md', 'utf8');
}

// The chat-box picker with 1,000 own prompts, the real extension in Chromium: its own section; it needs both builds.
let picker = '';
if (existsSync('tests/bench/picker-bench.ts')) {
  const result = spawnSync('npx', ['tsx', 'tests/bench/picker-bench.ts'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) console.error('picker benchmark failed');
  if (existsSync('docs/benchmarks-picker.md')) picker = readFileSync('docs/benchmarks-picker.md', 'utf8');
}

const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
const doc = `# Benchmarks

Made by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}.
Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version};
PostgreSQL on loopback, PGlite in process. Other work on the machine moves these figures by
some tens of percent: read them as orders of magnitude.

## The spine: event store and projections

${spineTable(spine)}

What is measured:
- **append**: one event per transaction to one of 50 streams per writer, expected version
  \`any\`; \`store.append\` is one statement (check the head and insert) and one commit.
- **projection lag**: from an append's commit until the catalog projection's checkpoint
  has passed it, with the real wake-up path (pg-boss LISTEN/NOTIFY, in-process worker).
- **replay**: \`runner.rebuild('catalog')\`: the whole log into a scratch schema, then the swap.

Targets on PostgreSQL (2 cores): ≥ 2,000 events/s appended by 8 writers: ${pg ? verdict(pg.append8 >= 2000) : 'not run'};
projection lag p99 ≤ 100 ms: ${pg ? verdict(pg.lagP99 <= 100) : 'not run'}; replay ≥ 20,000 events/s: ${pg ? verdict(pg.replayRate >= 20000) : 'not run'}.

Where the time goes: a single append is one round trip plus the commit's WAL flush, so one
writer is bound by fsync latency and 8 writers gain from group commit. PGlite runs every
statement on one WASM thread, so concurrency adds nothing there beyond batching. Replay is
fast because the catalog folds each run of \`Used\` events into one statement (counted past
each row's watermark) and PostgreSQL pipelines a batch's statements; most of its time is
reading and validating the events.

${site}

${library}

${writes}

${portability}

${duplicates}
${search}
${picker}`;
writeFileSync('docs/benchmarks.md', doc);
console.log(doc);
