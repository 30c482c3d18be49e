// `npm run replay [projection]`: rebuilds read models from the log into fresh tables and
// swaps them in when caught up. On PGlite stop the server first (one process per data
// folder); on PostgreSQL it can run beside live servers.
import { createApp } from '../src/server/app';
import { readConfig } from '../src/server/config';

const wanted = process.argv.slice(2);
const app = await createApp({ ...readConfig(), seed: false }, { boss: false, log: () => {} });
const names = wanted.length ? wanted : app.runner.projections.map((p) => p.name);
const unknown = names.filter((n) => !app.runner.byName.has(n));
if (unknown.length) {
  console.error(`Unknown projection(s): ${unknown.join(', ')}. Known: ${[...app.runner.byName.keys()].join(', ')}`);
  await app.close();
  process.exit(2);
}

function bar(name: string, applied: number, total: number, started: number) {
  const width = 30;
  const ratio = total ? applied / total : 1;
  const filled = Math.round(ratio * width);
  const rate = applied / Math.max(0.001, (Date.now() - started) / 1000);
  const line = `${name.padEnd(12)} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${applied}/${total} events  ${Math.round(rate)}/s`;
  process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
}

for (const name of names) {
  const started = Date.now();
  let last = 0;
  await app.runner.rebuild(name, ({ applied, total }) => {
    if (process.stderr.isTTY || applied === total || Date.now() - last > 1000) {
      last = Date.now();
      bar(name, applied, total, started);
    }
  });
  process.stderr.write(`\n${name}: rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
await app.close();
