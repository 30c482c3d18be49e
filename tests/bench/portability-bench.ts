/**
 * Import and export of a whole library: a member imports 5,000 prompts from a
 * prompts.chat CSV through POST /api/me/import on the built server, then downloads their data
 * in each format; on PGlite and on PostgreSQL. Reports the time of each request and the
 * server's peak memory (VmHWM) before and after, and writes docs/benchmarks-portability.md.
 *   ASTRO_OUT_DIR=dist-test TEST_DATABASE_URL=postgres://… npx tsx tests/bench/portability-bench.ts
 * Not a test: figures, not verdicts.
 */
import { writeFileSync } from 'node:fs';
import { writeCsv } from '../../modules/portability/csv';
import { testPort } from '../support/server';
import { emptyServer, peakMb, signUpOnServer } from './bench-servers';

const PROMPTS = Number(process.env.PORTABILITY_PROMPTS ?? 5000);
const databaseUrl = process.env.TEST_DATABASE_URL;

/** A CSV of `n` distinct prompts of about 700 characters, with variables in prompts.chat's syntax. */
function library(n: number): string {
  const rows = Array.from({ length: n }, (_, i) => [
    `Benchmark prompt number ${i + 1}`,
    `Act as a careful reviewer of \${document:report} number ${i + 1}. `.repeat(10) + `Answer in \${language:English} for \${audience}.`,
  ]);
  return writeCsv(['act', 'prompt'], rows);
}

interface Row {
  backend: string;
  fileMb: number;
  previewMs: number;
  peakPreview: number;
  peakImport: number;
  exportPeak: Record<string, number>;
  importMs: number;
  imported: number;
  exportMs: Record<string, number>;
  exportMb: Record<string, number>;
  peakBefore: number;
}

async function run(backend: 'pglite' | 'postgres', port: number): Promise<Row> {
  const { server, dataDir, close } = await emptyServer(backend, port, 'port');
  try {
    const cookie = await signUpOnServer(server.url, dataDir, 'bench');
    const headers = { cookie, 'content-type': 'application/json', origin: server.url };
    const content = library(PROMPTS);
    const body = JSON.stringify({ format: 'prompts-chat-csv', content });
    const peakBefore = peakMb(server.process.pid!);
    let started = performance.now();
    const preview = await fetch(`${server.url}/api/me/import?dryRun=1`, { method: 'POST', headers, body });
    const previewMs = performance.now() - started;
    if (preview.status !== 200) throw new Error(`preview: ${preview.status}`);
    const peakPreview = peakMb(server.process.pid!);
    started = performance.now();
    const imported = await fetch(`${server.url}/api/me/import`, { method: 'POST', headers, body });
    const importMs = performance.now() - started;
    if (imported.status !== 201) throw new Error(`import: ${imported.status} ${(await imported.text()).slice(0, 300)}`);
    const result = (await imported.json()) as { counts: { new: number } };
    const peakImport = peakMb(server.process.pid!);
    const exportMs: Record<string, number> = {};
    const exportMb: Record<string, number> = {};
    const exportPeak: Record<string, number> = {};
    for (const format of ['json', 'markdown', 'csv']) {
      started = performance.now();
      const r = await fetch(`${server.url}/api/me/export?format=${format}`, { headers: { cookie } });
      const bytes = (await r.arrayBuffer()).byteLength;
      exportMs[format] = performance.now() - started;
      exportMb[format] = Math.round((bytes / 2 ** 20) * 10) / 10;
      if (r.status !== 200) throw new Error(`export ${format}: ${r.status}`);
      exportPeak[format] = peakMb(server.process.pid!);
    }
    return {
      backend,
      fileMb: Math.round((Buffer.byteLength(body) / 2 ** 20) * 10) / 10,
      previewMs,
      peakPreview,
      peakImport,
      exportPeak,
      importMs,
      imported: result.counts.new,
      exportMs,
      exportMb,
      peakBefore,
    };
  } finally {
    await close();
  }
}

const rows = [await run('pglite', testPort(60))];
if (databaseUrl) rows.push(await run('postgres', testPort(61)));
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const doc = `## Import and export of a whole library

\`npx tsx tests/bench/portability-bench.ts\` (built server, one member, ${PROMPTS.toLocaleString('en')} prompts of about 700
characters with three prompts.chat variables each, as a prompts.chat CSV in one POST /api/me/import; then the
three downloads). Peak memory is the server process's VmHWM (its highest resident set so far), read
after its first requests, after the preview, after the import and after each download. Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.

| backend | request body | preview (dryRun) | import (all ${PROMPTS.toLocaleString('en')} new) | export json | export markdown (zip) | export csv | peak memory: before → preview → import → json → markdown → csv |
|---|---|---|---|---|---|---|---|
${rows
  .map(
    (r) =>
      `| ${r.backend} | ${r.fileMb} MB | ${s(r.previewMs)} | ${s(r.importMs)} (${r.imported}) | ${s(r.exportMs.json)} (${r.exportMb.json} MB) | ${s(r.exportMs.markdown)} (${r.exportMb.markdown} MB) | ${s(r.exportMs.csv)} (${r.exportMb.csv} MB) | ${[r.peakBefore, r.peakPreview, r.peakImport, r.exportPeak.json, r.exportPeak.markdown, r.exportPeak.csv].join(' → ')} MB |`,
  )
  .join('\n')}

What streams and what does not: the upload is one JSON body (at most 5 MB: \`{ format, content }\`), read
whole; the file is then read once (the CSV reader cuts fields from the text in runs, about 20 ms and
3 MB for this file), planned once (one request per prompt: the preview's answer), decided in memory and appended in parts of at most 250 events (each one transaction and one statement).
The JSON and CSV downloads are written a page of 100 prompts at a time (their versions read page
by page) and never held whole; so is the Markdown zip (each entry is compressed whole before its
header names its size, then sent; the directory at the end keeps a row per file). PGlite's peak is its WASM heap, reserved at start.
`;
writeFileSync('docs/benchmarks-portability.md', doc);
console.log(doc);
