// Spine benchmarks: append throughput, projection lag, replay rate; on PGlite and (when
// TEST_DATABASE_URL or DATABASE_URL is set) PostgreSQL. Prints a markdown table.
import { cpus } from 'node:os';
import { compareCheckpoints, type EventMetadata, type NewEvent } from '../../events';
import { backends, freshApp } from '../support/backends';

const meta = (): EventMetadata => ({ actor: null, requestId: 'bench', at: new Date().toISOString() });
const used = (promptId: number): NewEvent => ({ type: 'Used', data: { promptId, userId: null } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export interface SpineResult {
  backend: string;
  append1: number;
  append8: number;
  lagP50: number;
  lagP99: number;
  replayEvents: number;
  replayRate: number;
}

async function appendRate(app: Awaited<ReturnType<typeof freshApp>>, writers: number, total: number) {
  const per = Math.floor(total / writers);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < per; i++) {
        await app.store.append(`bench-${w}-${i % 50}`, [used(1)], { expectedVersion: 'any', metadata: meta() });
      }
    }),
  );
  return (per * writers) / ((performance.now() - started) / 1000);
}

async function benchBackend(backend: (typeof backends)[number], replayEvents: number): Promise<SpineResult> {
  // Projection lag is measured with the real wake-up path: pg-boss worker in this process.
  const app = await freshApp(backend, { seed: true, workers: 1 }, { boss: true, log: () => {} });
  try {
    const append1 = await appendRate(app, 1, 2000);
    const append8 = await appendRate(app, 8, 4000);
    await app.runner.catchUpAll();

    const lags: number[] = [];
    for (let i = 0; i < 300; i++) {
      const appended = await app.store.append('prompt-usage-1', [used(1)], { expectedVersion: 'any', metadata: meta() });
      const started = performance.now();
      for (;;) {
        const checkpoint = await app.runner.checkpoint('catalog');
        if (checkpoint && compareCheckpoints(checkpoint, appended.last!) >= 0) break;
        await sleep(0.5);
      }
      lags.push(performance.now() - started);
      await sleep(5 + Math.random() * 10);
    }
    lags.sort((a, b) => a - b);

    // Fill the log to the replay size in large transactions, then rebuild the catalog from it.
    const have = await app.store.count();
    for (let n = have; n < replayEvents; n += 1000) {
      await app.store.append(
        `bench-fill-${n}`,
        Array.from({ length: 1000 }, (_, i) => used((i % 40) + 1)),
        {
          expectedVersion: 'any',
          metadata: meta(),
        },
      );
    }
    const total = await app.store.count();
    const started = performance.now();
    await app.runner.rebuild('catalog');
    const replayRate = total / ((performance.now() - started) / 1000);
    return { backend: backend.name, append1, append8, lagP50: pct(lags, 50), lagP99: pct(lags, 99), replayEvents: total, replayRate };
  } finally {
    await app.dispose();
  }
}

export async function runSpineBench(replayEvents = 100_000): Promise<SpineResult[]> {
  const results: SpineResult[] = [];
  for (const backend of backends) {
    console.error(`spine bench on ${backend.name}...`);
    results.push(await benchBackend(backend, replayEvents));
  }
  return results;
}

export function spineTable(results: SpineResult[]): string {
  const r0 = (n: number) => Math.round(n).toLocaleString('en');
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  return [
    '| backend | append, 1 writer | append, 8 writers | projection lag p50 | p99 | replay |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.backend} | ${r0(r.append1)} events/s | ${r0(r.append8)} events/s | ${ms(r.lagP50)} | ${ms(r.lagP99)} | ${r0(r.replayRate)} events/s over ${r0(r.replayEvents)} |`,
    ),
    '',
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await runSpineBench(Number(process.env.REPLAY_EVENTS ?? 100_000));
  console.log(spineTable(results));
}
