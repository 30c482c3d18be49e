// `npx tsx tests/bench/search-bench.ts [prompts] [words|paragraphs]`: the search engine
// (docs/search.md) at 100,000 prompts on PGlite and (TEST_DATABASE_URL) PostgreSQL: query
// latency, the index's build by replay, its size on disk and the process's memory. Writes
// docs/benchmarks-search.md. The bodies are text with real word frequencies (`words`, the
// default) or the seed prompts' paragraphs repeated (`paragraphs`: every word of them common,
// the worst case for a phrase).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import type { Db, EventMetadata, NewEvent, Statement } from '../../events';
import { categoryBySlug } from '../../modules/prompts/contracts';
import { listPrompts } from '../../projections/catalog/queries';
import { seedPrompts } from '../../src/server/seed/prompts-data';
import { backends, freshApp } from '../support/backends';
import { wordCorpus } from './word-corpus';

const N = Number(process.argv[2] ?? 100_000);
// SEARCH_BENCH_BACKEND=pglite|postgres runs one backend; SEARCH_BENCH_EXPLAIN=1 prints the plans of the slowest query's statements.
const ONLY = process.env.SEARCH_BENCH_BACKEND;
const EXPLAIN = process.env.SEARCH_BENCH_EXPLAIN === '1';
const CORPUS = process.argv[3] === 'paragraphs' ? 'paragraphs' : 'words';
const SEARCHES = 400;
const meta = (): EventMetadata => ({ actor: null, requestId: 'search-bench', at: new Date().toISOString() });

// A repeatable stream of pseudo-random numbers.
let seed = 7;
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

// Real text: the seed prompts' paragraphs (English, Traditional Chinese), shuffled into bodies of real lengths.
const paragraphs = seedPrompts.flatMap((p) => p.content.split(/\n+/).filter((line) => line.trim().length > 10));
const extra = [
  '你是一位細心的行政秘書，請整理會議紀錄。',
  '請讀以下的 stack trace，找出出錯的一行。',
  '为香港出发的旅游行程规划每日景点。',
  '請改善搜尋引擎排名，並為程式碼寫註解。',
];

/** Most bodies 200-5,000 characters, some 5,000-15,000, one in a hundred over 50,000. */
function bodyLength() {
  const r = random();
  if (r < 0.6) return 200 + Math.floor(random() * 1300);
  if (r < 0.95) return 1500 + Math.floor(random() * 3500);
  if (r < 0.99) return 5000 + Math.floor(random() * 10_000);
  return 50_000 + Math.floor(random() * 5000);
}

const localeTexts = (dir: string) =>
  readdirSync(dir).flatMap((file) => JSON.stringify(JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'))).match(/[^"\\]+/g) ?? []);
const words = CORPUS === 'words' ? wordCorpus([...localeTexts('src/i18n/locales/zh-HK'), ...seedPrompts.map((p) => p.content)], random) : null;

/** Paragraphs of one language (three prompts in ten are Chinese), one in twenty a sentence the queries look for. */
function wordsBody(target: number) {
  const language = random() < 0.3 ? 'zh' : 'en';
  const parts: string[] = [];
  let length = 0;
  while (length < target) {
    const part = random() < 0.05 ? pick(extra) : words!.text(language, 100 + Math.floor(random() * 500));
    parts.push(part);
    length += part.length + 1;
  }
  return parts.join('\n');
}

function body() {
  const target = bodyLength();
  if (words) return wordsBody(target);
  const parts: string[] = [];
  let length = 0;
  while (length < target) {
    const part = random() < 0.05 ? pick(extra) : pick(paragraphs);
    parts.push(part);
    length += part.length + 1;
  }
  return parts.join('\n');
}

function promptEvents(id: number): NewEvent[] {
  const base = pick(seedPrompts);
  return [
    {
      type: 'PromptSubmitted',
      data: {
        promptId: id,
        title: `${base.title} ${id % 97}`,
        description: base.description,
        content: body(),
        categoryId: categoryBySlug(base.category)?.id ?? 1,
        authorName: base.authorName,
        submittedBy: null,
      },
    },
    { type: 'PromptReviewed', data: { promptId: id, isApproved: true, reviewedBy: null, published: null } },
  ] as NewEvent[];
}

const QUERIES = [
  '翻譯',
  '廣東話',
  '會議紀錄',
  '电邮 回复',
  '客戶 服務 道歉',
  '行政秘書',
  '搜索引擎',
  '旅游',
  '代码',
  '履歷 職位 技能 經驗',
  'email',
  'transl',
  'stack trace',
  '"step by step"',
  'code review checklist',
  'meeting notes action items',
  'cafe',
  'customer apology reply tone',
];

/** The same kind of queries, each with one typo in a word of 5+ letters: they take the lexicon's stand-ins. */
const TYPO_QUERIES = ['tranlsate', 'meetign notes', 'code reveiw checklist', 'custmoer apology', 'apolgy reply', 'emial', 'summray', 'stakc trace'];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

interface Result {
  backend: string;
  replayS: number;
  p50: number;
  p95: number;
  p99: number;
  slowest: string;
  table: number;
  index: number;
  rssBefore: number;
  rssAfter: number;
  /** p50 and p95 of the same exact queries without the typo look-up, and of the typo queries. */
  noTypos: [number, number];
  typoQueries: [number, number];
  lexicon: { words: number; bytes: number };
}

async function bench(backend: (typeof backends)[number]): Promise<Result> {
  const app = await freshApp(backend);
  try {
    seed = 7;
    for (let from = 1; from <= N; from += 250) {
      const events = Array.from({ length: Math.min(250, N - from + 1) }, (_, i) => promptEvents(from + i)).flat();
      await app.store.append(`bench-search-${from}`, events, { expectedVersion: 'any', metadata: meta() });
    }
    const replayStarted = performance.now();
    await app.runner.rebuild('catalog');
    const replayS = (performance.now() - replayStarted) / 1000;

    const search = (q: string, typos = true) => listPrompts(app.db, { q, sort: 'relevance', limit: 25, typos });
    for (const q of [...QUERIES, ...TYPO_QUERIES]) await search(q);
    const rssBefore = process.memoryUsage().rss;
    const times: number[] = [];
    const without: number[] = [];
    const typoTimes: number[] = [];
    const byQuery = new Map<string, number>();
    const timed = async (into: number[], q: string, typos = true) => {
      const started = performance.now();
      await search(q, typos);
      const ms = performance.now() - started;
      into.push(ms);
      return ms;
    };
    // Interleaved, so the shared machine's load weighs on the three series alike.
    for (let i = 0; i < SEARCHES; i++) {
      const q = QUERIES[i % QUERIES.length];
      byQuery.set(q, Math.max(byQuery.get(q) ?? 0, await timed(times, q)));
      await timed(without, q, false);
      await timed(typoTimes, TYPO_QUERIES[i % TYPO_QUERIES.length]);
    }
    const rssAfter = process.memoryUsage().rss;
    for (const list of [times, without, typoTimes]) list.sort((a, b) => a - b);
    const [lexicon] = await app.db.query<{ words: number; bytes: number | string }>(
      `select count(*)::int as words, pg_total_relation_size('catalog_words') as bytes from catalog_words`,
    );
    const [size] = await app.db.query<{ table: number | string; index: number | string }>(
      `select pg_total_relation_size('catalog_prompts') as table, pg_relation_size('catalog_prompts_words') as index`,
    );
    const slowest = [...byQuery].sort((a, b) => b[1] - a[1])[0];
    if (EXPLAIN) await explainSearch(app.db, slowest[0]);
    return {
      backend: backend.name,
      replayS,
      p50: pct(times, 50),
      p95: pct(times, 95),
      p99: pct(times, 99),
      slowest: `${slowest[0]} (${slowest[1].toFixed(1)} ms)`,
      table: Number(size.table),
      index: Number(size.index),
      rssBefore,
      rssAfter,
      noTypos: [pct(without, 50), pct(without, 95)],
      typoQueries: [pct(typoTimes, 50), pct(typoTimes, 95)],
      lexicon: { words: lexicon.words, bytes: Number(lexicon.bytes) },
    };
  } finally {
    await app.dispose();
  }
}

/** `EXPLAIN (ANALYZE, BUFFERS)` of each statement one search of `q` runs, on stderr. */
async function explainSearch(db: Db, q: string) {
  const statements: Statement[] = [];
  const recording: Db = { ...db, query: (text, params) => (statements.push({ text, params }), db.query(text, params)) };
  await listPrompts(recording, { q, sort: 'relevance', limit: 25, typos: true });
  for (const { text, params } of statements) {
    const plan = await db.query<Record<string, string>>(`explain (analyze, buffers) ${text}`, params);
    console.error(`\n--- ${q}: ${text.replace(/\s+/g, ' ').slice(0, 160)}\n${plan.map((row) => Object.values(row)[0]).join('\n')}`);
  }
}

const results: Result[] = [];
for (const backend of backends.filter((b) => !ONLY || b.name === ONLY)) {
  console.error(`search bench on ${backend.name} with ${N} prompts...`);
  results.push(await bench(backend));
  console.error(results.at(-1));
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const doc = `## Search

\`npx tsx tests/bench/search-bench.ts ${N}\` on ${new Date().toISOString().slice(0, 10)}: ${N.toLocaleString('en')} published prompts
whose bodies are ${
  CORPUS === 'words'
    ? `text with real word frequencies (a first-order chain over ${words!.sizes.englishWords.toLocaleString('en')} English words of the installed packages' READMEs and ${words!.sizes.chineseCharacters.toLocaleString('en')} Chinese characters of the site's zh-HK texts and seed prompts; three bodies in ten Chinese; one paragraph in twenty a sentence the queries look for)`
    : "the seed prompts' real paragraphs (English and Traditional Chinese) shuffled"
} to real lengths
(most 200-5,000 characters, 4% up to 15,000, 1% over 50,000); ${SEARCHES} searches of ${QUERIES.length} queries
(Chinese and Latin, 1-4 terms, a prefix, a phrase) through \`listPrompts\` by relevance, a page of 25.
Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version};
load average ${loadavg()[0].toFixed(1)} at the end (shared with other work).

| backend | search p50 | p95 | p99 | slowest query (max) | index build (replay of the catalog) | table + indexes | words index | process RSS before / after ${SEARCHES} searches |
|---|---:|---:|---:|---|---:|---:|---:|---:|
${results
  .map(
    (r) =>
      `| ${r.backend} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.slowest} | ${r.replayS.toFixed(1)} s | ${mb(r.table)} | ${mb(r.index)} | ${mb(r.rssBefore)} / ${mb(r.rssAfter)} |`,
  )
  .join('\n')}

Typo tolerance, in the same run, the three series interleaved (${SEARCHES} searches each): the exact
queries above with the typo look-up (it finds their words and expands nothing) and without it, and
${TYPO_QUERIES.length} queries with one typo each (\`${TYPO_QUERIES.join('`, `')}\`), which take the lexicon's stand-ins.

| backend | exact, with look-up p50 / p95 | exact, no look-up p50 / p95 | one typo p50 / p95 | lexicon words | lexicon table + index |
|---|---:|---:|---:|---:|---:|
${results
  .map(
    (r) =>
      `| ${r.backend} | ${ms(r.p50)} / ${ms(r.p95)} | ${ms(r.noTypos[0])} / ${ms(r.noTypos[1])} | ${ms(r.typoQueries[0])} / ${ms(r.typoQueries[1])} | ${r.lexicon.words.toLocaleString('en')} | ${mb(r.lexicon.bytes)} |`,
  )
  .join('\n')}

Targets: p95 ≤ 20 ms, p99 ≤ 50 ms, build ≤ 60 s at 100,000 prompts.
`;
writeFileSync('docs/benchmarks-search.md', doc);
console.log(doc);
