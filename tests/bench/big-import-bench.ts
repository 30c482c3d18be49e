/**
 * The largest import one request takes: a member imports a prompts.chat-like CSV of 20,000
 * prompts (its bytes, as the site sends them) through POST /api/me/import on the built server,
 * downloads their data as JSON and CSV, then undoes the import; on PGlite and on PostgreSQL.
 * Meanwhile another visitor asks for a prompt every 20 ms (a read that goes to the database):
 * their longest wait is about the longest stretch the import held the connection or the event
 * loop. Reports each step's time, that longest wait, and the server's peak resident memory
 * (VmHWM) before and after each step. Prints a Markdown table for docs/benchmarks.md.
 *   ASTRO_OUT_DIR=dist-test TEST_DATABASE_URL=postgres://… npx tsx tests/bench/big-import-bench.ts
 * (BIG_IMPORT_BACKEND=pglite|postgres: one backend; BIG_IMPORT_PROMPTS: another size.)
 * Not a test: figures, not verdicts.
 */

import { cpus, loadavg, totalmem } from 'node:os';
import { Agent, setGlobalDispatcher } from 'undici';
import { promptsChatLike } from '../support/prompts-chat-csv';
import { testPort } from '../support/server';
import { emptyServer, peakMb, probe, signUpOnServer, type Probe } from './bench-servers';

const PROMPTS = Number(process.env.BIG_IMPORT_PROMPTS ?? 20_000);
const databaseUrl = process.env.TEST_DATABASE_URL;
setGlobalDispatcher(new Agent({ headersTimeout: 0, bodyTimeout: 0 }));

interface Step {
  name: string;
  status: number;
  ms: number;
  peak: number;
  during: Probe;
  note: string;
}

async function run(backend: 'pglite' | 'postgres', port: number) {
  const { server, dataDir, close } = await emptyServer(backend, port, 'big');
  const steps: Step[] = [];
  try {
    const cookie = await signUpOnServer(server.url, dataDir, 'big');
    const headers = { cookie, 'content-type': 'application/json', origin: server.url };
    const csv = promptsChatLike(PROMPTS);
    const fileMb = Buffer.byteLength(csv) / 2 ** 20;
    const body = JSON.stringify({ bytes: Buffer.from(csv).toString('base64') });
    const idle = await probe(server.url, new Promise((resolve) => setTimeout(resolve, 1000)));
    const before = peakMb(server.process.pid!);
    const step = async (name: string, request: () => Promise<Response>, note: (r: Response, bytes: Buffer) => string) => {
      const started = performance.now();
      const answered = request().then(async (r) => ({ r, bytes: Buffer.from(await r.arrayBuffer()), ms: performance.now() - started }));
      const during = await probe(server.url, answered);
      const { r, bytes, ms } = await answered;
      if (r.status >= 300) throw new Error(`${name}: ${r.status} ${bytes.toString('utf8').slice(0, 300)}`);
      steps.push({ name, status: r.status, ms, peak: peakMb(server.process.pid!), during, note: note(r, bytes) });
      console.error(backend, JSON.stringify(steps.at(-1)));
      return bytes;
    };
    await step(
      'preview (dryRun)',
      () => fetch(`${server.url}/api/me/import?dryRun=1`, { method: 'POST', headers, body }),
      () => '',
    );
    const imported = await step(
      'import',
      () => fetch(`${server.url}/api/me/import`, { method: 'POST', headers, body }),
      (_, b) => `${(JSON.parse(b.toString('utf8')) as { counts: { new: number } }).counts.new} new`,
    );
    const { batchId } = JSON.parse(imported.toString('utf8')) as { batchId: number };
    for (const format of ['json', 'csv'])
      await step(
        `export ${format}`,
        () => fetch(`${server.url}/api/me/export?format=${format}`, { headers: { cookie } }),
        (_, b) => `${(b.length / 2 ** 20).toFixed(1)} MB`,
      );
    await step(
      'undo',
      () => fetch(`${server.url}/api/me/imports/${batchId}`, { method: 'DELETE', headers }),
      (_, b) => `${(JSON.parse(b.toString('utf8')) as { removed: number }).removed} removed`,
    );
    return { backend, fileMb, bodyMb: Buffer.byteLength(body) / 2 ** 20, before, idle, steps };
  } catch (error) {
    console.error(server.output().slice(-3000));
    throw error;
  } finally {
    await close();
  }
}

// BIG_IMPORT_BACKEND=pglite or postgres runs one backend alone.
const only = process.env.BIG_IMPORT_BACKEND;
const runs = only === 'postgres' ? [] : [await run('pglite', testPort(64))];
if (databaseUrl && only !== 'pglite') runs.push(await run('postgres', testPort(65)));
const ms = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n).toLocaleString('en')} ms`);
console.log(`Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${cpus().length} × ${cpus()[0]?.model}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average at the end ${loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ')} (1 / 5 / 15 min).
`);
for (const r of runs)
  console.log(`**${r.backend}**: a ${r.fileMb.toFixed(1)} MB CSV of ${PROMPTS.toLocaleString('en')} prompts (a ${r.bodyMb.toFixed(1)} MB request body); peak memory before: ${r.before} MB; the other visitor's request on the idle server: median ${ms(r.idle.p50)}, longest ${ms(r.idle.max)}.

| step | time | answer | peak memory after (increase) | other visitor's request meanwhile: median / p99 / longest (requests; over 100 ms) |
|---|---:|---|---:|---|
${r.steps.map((s) => `| ${s.name} | ${ms(s.ms)} | ${s.status} ${s.note} | ${s.peak} MB (+${s.peak - r.before}) | ${ms(s.during.p50)} / ${ms(s.during.p99)} / ${ms(s.during.max)} (${s.during.count}; ${s.during.over100}) |`).join('\n')}
`);
