// `npx tsx tests/bench/duplicates-bench.ts [prompts]`: the duplicate check at 100,000 prompts.
// Writes docs/benchmarks-duplicates.md (npm run bench folds it into docs/benchmarks.md).
import { writeFileSync } from 'node:fs';
import { DUPLICATE_THRESHOLD, features, signature, similarity, SimilarityIndex } from '../../modules/prompts/similarity';
import { duplicatePairs } from '../fixtures/duplicate-pairs';

const N = Number(process.argv[2] ?? 100_000);
const CHECKS = 300;

// A repeatable stream of pseudo-random numbers (the figures should not move with the seed).
let seed = 42;
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

const WORDS =
  'write explain summarise translate review plan draft list compare rewrite the a an of for to in with and your my this that following text code email letter report meeting topic tone style audience customer student teacher engineer manager product article essay story poem question answer step detail example short long formal casual friendly clear simple'.split(
    ' ',
  );
const HAN = Array.from(
  '請把以下英文翻譯成地道的香港廣東話口語保留原文語氣不要加入解釋你是一位專業客戶服務主任根據客人電郵寫有禮貌回覆先道歉再提出解決方法最後感謝對方會議記錄整理三部分決定跟進事項負責人限期問題小學老師數學題逐步答案履歷職位描述工作經驗技能咖啡店貼文季節限定飲品標籤行程規劃景點餐廳預算產品網店賣點',
);

/** A prompt of 40-80 English words or 60-160 Chinese characters, like the catalog's. */
function prompt(): { title: string; content: string } {
  if (random() < 0.5) {
    const n = 40 + Math.floor(random() * 40);
    return { title: Array.from({ length: 3 }, () => pick(WORDS)).join(' '), content: Array.from({ length: n }, () => pick(WORDS)).join(' ') };
  }
  const n = 60 + Math.floor(random() * 100);
  return { title: Array.from({ length: 5 }, () => pick(HAN)).join(''), content: Array.from({ length: n }, () => pick(HAN)).join('') };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const index = new SimilarityIndex();
const built = performance.now();
for (let id = 1; id <= N; id++) index.upsert(id, signature(features(...(Object.values(prompt()) as [string, string]))));
// The fixture's first prompts are in the index too, so some checks find their duplicates.
const fixture = duplicatePairs.filter((p) => p.duplicate);
for (const [i, pair] of fixture.entries()) index.upsert(N + 1 + i, signature(features(pair.a.title, pair.a.content)));
const buildMs = performance.now() - built;

const times: number[] = [];
let found = 0;
for (let i = 0; i < CHECKS; i++) {
  // Every third check is a near-duplicate of a fixture prompt; the others are new prompts.
  const text = i % 3 === 0 ? fixture[i % fixture.length].b : prompt();
  const start = performance.now();
  const candidates = index.nearest(signature(features(text.title, text.content)), { min: DUPLICATE_THRESHOLD - 0.15, limit: 20 });
  // The exact comparison of the candidates (in the app their texts come from one catalog query by id).
  const exact = candidates.filter((c) => c.id > N && similarity(text, fixture[c.id - N - 1].a) >= DUPLICATE_THRESHOLD);
  times.push(performance.now() - start);
  if (exact.length) found++;
}
times.sort((a, b) => a - b);
const p50 = percentile(times, 50);
const p95 = percentile(times, 95);
const max = times[times.length - 1];
const heapMb = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
console.log({ N, buildMs: Math.round(buildMs), p50, p95, max, found, heapMb });

const doc = `## Duplicate check

\`npx tsx tests/bench/duplicates-bench.ts ${N}\`: the in-memory index of one web process
(\`src/server/review/duplicates.ts\`, \`modules/prompts/similarity.ts\`) holding ${N.toLocaleString('en')} prompts
(half English, half Chinese, 40-160 words or characters each), ${CHECKS} checks (a third of them
near-duplicates of fixture prompts placed in the index: ${found} of ${Math.ceil(CHECKS / 3)} found).
A check is the features and MinHash signature of the submitted text, a scan of every signature,
and the exact similarity of the candidates.

| prompts | check p50 | check p95 | check max | index built (once per process) | heap |
|---:|---:|---:|---:|---:|---:|
| ${N.toLocaleString('en')} | ${p50.toFixed(1)} ms | ${p95.toFixed(1)} ms | ${max.toFixed(1)} ms | ${(buildMs / 1000).toFixed(1)} s | ${heapMb} MB |

Target: under 50 ms per check at 100,000 prompts: ${p95 < 50 ? 'met' : '**not met**'} (p95).
In the app a check adds two small queries: the rows of the \`duplicates\` read model changed
since the last check (indexed on the row watermark, usually none) and the texts of at most 20
candidates by id. A process builds its index from the read model on its first check (the
signatures are stored, so that is reading ${N.toLocaleString('en')} rows, not hashing them again).
`;
writeFileSync('docs/benchmarks-duplicates.md', doc);
