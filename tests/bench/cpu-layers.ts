/**
 * Where a web process's CPU went, by layer: `npx tsx tests/bench/cpu-layers.ts <file.cpuprofile>`
 * (made by `BENCH_CPU_PROF=<dir>` with write-bench.ts or library-bench.ts). Each sample goes to
 * the first layer found walking its stack from the top (the innermost frame) down, so a
 * driver's socket write counts as the driver's syscall, not as the endpoint that awaited it.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** Layers, tried in order against each frame (function name and file). */
const LAYERS: [string, (fn: string, url: string) => boolean][] = [
  ['idle', (fn) => fn === '(idle)'],
  ['garbage collection', (fn) => fn === '(garbage collector)'],
  ['socket writes (syscalls)', (fn) => fn === 'writeBuffer' || fn === 'writev' || fn === 'writeUtf8String' || fn === 'writeLatin1String'],
  [
    'file system (the adapter looking for a static file)',
    (fn, url) => fn === 'stat' || fn === 'lstat' || url.includes('node_modules/send/') || fn.startsWith('lstatSync'),
  ],
  ['postgres.js (protocol, rows)', (_fn, url) => url.includes('node_modules/postgres/')],
  ['pg-boss and pg (projection wake-ups)', (_fn, url) => /node_modules\/(pg-boss|pg|pg-protocol|pg-pool)\//.test(url)],
  ['zod (request bodies, events read back)', (_fn, url) => url.includes('node_modules/zod/')],
  ['lucia, oslo (sessions)', (_fn, url) => /node_modules\/(lucia|oslo|@oslojs)/.test(url)],
  [
    'Astro (request, middleware chain, response)',
    (_fn, url) => /\/server\/(entry\.mjs|virtual_astro|chunks\/(sequence|astro|_@astro|render|app))/.test(url) || url.includes('node_modules/astro/'),
  ],
  ['the app (middlewares, endpoints, commands, store)', (_fn, url) => /\/server\/(chunks|pages)\//.test(url)],
  ['Node HTTP server and streams', (_fn, url) => /^node:(_http|internal\/streams|internal\/webstreams|net|internal\/deps\/undici|stream)/.test(url)],
  ['module loading (start-up)', (_fn, url) => url.startsWith('node:internal/modules')],
];

const file = process.argv[2];
if (!file) throw new Error('usage: cpu-layers.ts <file.cpuprofile>');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** Whether a frame was called by a database driver (its socket is then PostgreSQL's). */
function towardsDatabase(id: number): boolean {
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    if (/node_modules\/(postgres|pg|pg-protocol)\//.test(byId.get(cur)!.callFrame.url)) return true;
  }
  return false;
}

const totals = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  let layer = 'other (Node internals, timers, microtasks)';
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const { functionName, url } = byId.get(cur)!.callFrame;
    const found = LAYERS.find(([, test]) => test(functionName, url));
    if (found) {
      layer = found[0];
      if (layer === 'socket writes (syscalls)') layer += towardsDatabase(cur) ? ': to PostgreSQL' : ': HTTP answers and the rest';
      break;
    }
  }
  totals.set(layer, (totals.get(layer) ?? 0) + dt);
});
const busy = total - (totals.get('idle') ?? 0);
console.log(`| layer | share of busy time |\n|---|---|`);
for (const [layer, t] of [...totals].sort((a, b) => b[1] - a[1])) if (layer !== 'idle') console.log(`| ${layer} | ${((100 * t) / busy).toFixed(1)}% |`);
console.log(`\n${(busy / 1e6).toFixed(1)} s busy of ${(total / 1e6).toFixed(1)} s profiled`);
