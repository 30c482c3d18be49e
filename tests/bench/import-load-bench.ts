/**
 * What an import costs everyone else: a member imports a Promptory JSON file through
 * POST /api/me/import on the built server while another visitor keeps asking for a prompt (a read that goes
 * to the database). Two files: one prompt with 1,600 versions, and a
 * library of about 5 MB (prompts with several versions each). Reports each import's time and
 * how long the other visitor's requests took meanwhile (their longest is about the longest
 * transaction the import held), against the same requests on an idle server; on PGlite (one
 * connection: a transaction blocks every other request) and on PostgreSQL.
 *   ASTRO_OUT_DIR=dist-test TEST_DATABASE_URL=postgres://… npx tsx tests/bench/import-load-bench.ts
 * Not a test: figures, not verdicts. Prints a Markdown table.
 */
import { Agent, setGlobalDispatcher } from 'undici';
import { testPort } from '../support/server';
import { emptyServer, probe, signUpOnServer, type Probe } from './bench-servers';

const databaseUrl = process.env.TEST_DATABASE_URL;
// The code before the parts took minutes for one import: no client timeout cuts it short.
setGlobalDispatcher(new Agent({ headersTimeout: 0, bodyTimeout: 0 }));
const VERSIONS = Number(process.env.IMPORT_VERSIONS ?? 1600);

const version = (n: number, text: string) => ({
  version: n,
  title: `Versioned prompt ${n}`,
  description: 'A prompt whose history came along with it.',
  content: text,
  category: 'writing',
  note: n > 1 ? `Change number ${n}` : null,
  at: '2026-11-01T00:00:00.000Z',
  status: 'draft',
});

const promptOf = (i: number, versions: ReturnType<typeof version>[]) => ({
  id: i + 1,
  ...versions.at(-1)!,
  visibility: 'private',
  status: 'private',
  authorName: 'Bench',
  createdAt: '2026-11-01T00:00:00.000Z',
  variables: [],
  versions,
});

function promptoryFile(prompts: ReturnType<typeof promptOf>[]): string {
  return JSON.stringify({
    format: 'promptory-export',
    formatVersion: 1,
    exportedAt: '2026-11-01T00:00:00.000Z',
    site: 'https://elsewhere.example',
    profile: { name: 'Bench', username: null, email: 'bench@example.com', avatarUrl: null, createdAt: '2026-11-01T00:00:00.000Z' },
    prompts,
    bookmarks: [],
    collections: [],
    ratings: [],
    history: [],
    rememberedValues: {},
  });
}

/** One prompt with `n` versions, each a little longer than the one before. */
const manyVersions = (n: number) =>
  promptoryFile([
    promptOf(
      0,
      Array.from({ length: n }, (_, v) => version(v + 1, `Explain {{topic}} to a beginner, step ${v + 1}: ${'more detail. '.repeat(4)}`)),
    ),
  ]);

/** About 5 MB: prompts of about 1,000 characters with four versions each. */
function library(): string {
  const prompts: ReturnType<typeof promptOf>[] = [];
  for (let i = 0; ; i++) {
    const base = `Library prompt ${i + 1}: act as a careful reviewer of {{document}} and answer in {{language:English}}. `.repeat(10);
    prompts.push(
      promptOf(
        i,
        [1, 2, 3, 4].map((v) => ({ ...version(v, `${base} Revision ${v}.`), title: `Library prompt ${i + 1} v${v}` })),
      ),
    );
    if (i % 50 === 49 && Buffer.byteLength(promptoryFile(prompts)) > 4.8 * 2 ** 20) return promptoryFile(prompts);
  }
}

interface Row {
  backend: string;
  file: string;
  mb: number;
  status: number;
  importMs: number;
  idle: Probe;
  during: Probe;
}

async function run(backend: 'pglite' | 'postgres', port: number): Promise<Row[]> {
  const { server, dataDir, close } = await emptyServer(backend, port, 'il');
  const rows: Row[] = [];
  try {
    const files: [string, string][] = [
      [`one prompt, ${VERSIONS.toLocaleString('en')} versions`, manyVersions(VERSIONS)],
      ['a library of about 5 MB', library()],
    ];
    for (const [name, content] of files) {
      const cookie = await signUpOnServer(server.url, dataDir, `import-${rows.length}`);
      const headers = { cookie, 'content-type': 'application/json', origin: server.url };
      const body = JSON.stringify({ format: 'promptory-json', content });
      const idle = await probe(server.url, new Promise((resolve) => setTimeout(resolve, 1000)));
      const started = performance.now();
      const imported = fetch(`${server.url}/api/me/import`, { method: 'POST', headers, body }).then(async (r) => {
        const text = await r.text();
        return { status: r.status, ms: performance.now() - started, text };
      });
      const during = await probe(server.url, imported);
      const { status, ms, text } = await imported;
      if (status !== 201 && status !== 400) throw new Error(`import: ${status} ${text.slice(0, 300)}`);
      rows.push({ backend, file: name, mb: Buffer.byteLength(body) / 2 ** 20, status, importMs: ms, idle, during });
      console.error(JSON.stringify(rows.at(-1)));
    }
    return rows;
  } catch (error) {
    console.error(server.output().slice(-3000));
    throw error;
  } finally {
    await close();
  }
}

const rows = [...(await run('pglite', testPort(62)))];
if (databaseUrl) rows.push(...(await run('postgres', testPort(63))));
const ms = (n: number) => `${Math.round(n).toLocaleString('en')} ms`;
console.log(`| backend | file | body | answer | import | other visitor's request, idle: median / longest | during the import: median / longest (requests) |
|---|---|---|---|---|---|---|
${rows
  .map(
    (r) =>
      `| ${r.backend} | ${r.file} | ${r.mb.toFixed(1)} MB | ${r.status} | ${ms(r.importMs)} | ${ms(r.idle.p50)} / ${ms(r.idle.max)} | ${ms(r.during.p50)} / ${ms(r.during.max)} (${r.during.count}) |`,
  )
  .join('\n')}`);
