/**
 * Public-site benchmarks. Run after a build:
 *
 *   ASTRO_OUT_DIR=dist-site npx astro build
 *   ASTRO_OUT_DIR=dist-site npx tsx tests/bench/site-bench.ts [--quick] [--no-lighthouse]
 *
 * 1. JavaScript shipped (gzip of every script the page runs: external modules it loads,
 *    including imported chunks and React, plus inline scripts): /prompts/{id} <= 90 KB,
 *    /prompts <= 110 KB; and scripts that block first paint (none allowed).
 * 2. Requests per second of /prompts/{id} and /prompts against a trivial SSR page of the
 *    same build (/healthz), wrk -t2 -c32 on loopback, interleaved rounds, median: each at
 *    least half of the trivial page, for a visitor and for a signed-in user (session cookie
 *    on every request, the trivial page included). Also with the page cache off, for reference.
 *    And each cached page against a static file of the same size from the same
 *    server, same run: at least half its rate.
 *    And pages rendered from scratch: search pages that miss the page cache (a
 *    distinct `?q=` on every request, Latin and two-character Chinese) at >= 500 req/s, and
 *    /prompts/{id} with the page cache off at >= 0.25x /healthz of the same server.
 * 3. Search over 100,000 generated prompts (the catalog projection's own SQL, PGlite):
 *    p95 of listPrompts() <= 20 ms for Latin and two-character Chinese terms.
 * 4. Lighthouse performance and accessibility (if the `lighthouse` package is installed).
 *
 * Prints a Markdown report and writes it to docs/benchmarks-site.md.
 */
import { chromium } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';
import { cpuSeconds } from './bench-servers';

const quick = process.argv.includes('--quick');
const noLighthouse = process.argv.includes('--no-lighthouse');
/** --only=js,rps,scratch,search,lighthouse runs some sections. */
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const run = (section: string) => !only || only.includes(section);
const outDir = process.env.ASTRO_OUT_DIR ?? 'dist';
// A fresh checkout has no build yet; the figures are always of the current sources.
buildIfNeeded(outDir);
const basePort = Number(process.env.SITE_BENCH_PORT ?? 4512);
const report: string[] = [];
const log = (line = '') => {
  console.log(line);
  report.push(line);
};

type Server = { url: string; pid: number; dataDir: string; stop: (options?: { keepData?: boolean }) => Promise<void> };

/** Starts the built server; `dataDir` reuses the data of a stopped one (same catalog, same pages). */
async function startServer(port: number, env: Record<string, string> = {}, dataDir = mkdtempSync(join(tmpdir(), 'site-bench-'))): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/serve.mjs'], {
    env: { ...process.env, ASTRO_OUT_DIR: outDir, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    stop: async ({ keepData = false } = {}) => {
      child.kill('SIGTERM');
      // PGlite's files must be let go before another server opens them.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers a user, sets the password from the emailed link (the outbox) and returns the session cookie. */
async function signIn(server: { url: string; dataDir: string }): Promise<string> {
  // wrk runs synchronously and blocks this event loop for minutes: first let fetch's pool see
  // the keep-alive sockets the server closed meanwhile, or it reuses one ("other side closed").
  await new Promise((r) => setTimeout(r, 100));
  const email = `bench-${Date.now()}@example.com`;
  const headers = { 'content-type': 'application/json', origin: server.url };
  const registered = await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers, body: JSON.stringify({ name: 'Bench User', email }) });
  if (!registered.ok) throw new Error(`register: ${registered.status}`);
  let token: string | undefined;
  for (let i = 0; i < 50 && !token; i++) {
    const outbox = join(server.dataDir, 'outbox');
    const file = (() => {
      try {
        return readdirSync(outbox).find((f) => f.includes(email));
      } catch {
        return undefined;
      }
    })();
    if (file)
      token = /token=([A-Za-z0-9_-]+)/.exec(
        readFileSync(join(outbox, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/gi, '='),
      )?.[1];
    else await new Promise((r) => setTimeout(r, 100));
  }
  if (!token) throw new Error('no set-password mail');
  const set = await fetch(`${server.url}/api/auth/set-password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, token, password: 'bench password 1' }),
  });
  const cookie = set.headers.getSetCookie().find((c) => c.startsWith('promptory_session='));
  if (!set.ok || !cookie) throw new Error(`set-password: ${set.status}`);
  return cookie.split(';')[0];
}

async function firstPromptId(url: string): Promise<number> {
  const prompts = (await (await fetch(`${url}/api/prompts`)).json()) as { id: number; isFeatured: boolean }[];
  return (prompts.find((p) => p.isFeatured) ?? prompts[0]).id;
}

// ---------------------------------------------------------------------------------------
// 1. JavaScript bytes

async function jsBytes(url: string, paths: string[]) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const results: { path: string; files: number; raw: number; gzip: number; inlineGzip: number; blocking: number }[] = [];
  for (const path of paths) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const bodies: Buffer[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') {
        try {
          bodies.push(await response.body());
        } catch {
          /* redirects have no body */
        }
      }
    });
    await page.goto(url + path, { waitUntil: 'networkidle' });
    // Islands hydrate when the browser is idle: count their code only once all have loaded.
    await page.waitForFunction(
      () => [...document.querySelectorAll('astro-island')].every((el) => !el.hasAttribute('ssr') || el.getAttribute('client') === 'visible'),
      null,
      { timeout: 60_000 },
    );
    await page.waitForLoadState('networkidle');
    const inline = await page.evaluate(() =>
      Array.from(document.querySelectorAll('script:not([src])'))
        .filter((s) => !s.getAttribute('type') || s.getAttribute('type') === 'module' || s.getAttribute('type') === 'text/javascript')
        .map((s) => s.textContent ?? ''),
    );
    // Scripts the parser must run before it can paint: classic external scripts without async/defer.
    const blocking = await page.evaluate(() => document.querySelectorAll('script[src]:not([async]):not([defer]):not([type="module"])').length);
    const raw = bodies.reduce((n, b) => n + b.length, 0);
    const gzip = bodies.reduce((n, b) => n + gzipSync(b).length, 0);
    const inlineGzip = inline.reduce((n, s) => n + gzipSync(Buffer.from(s)).length, 0);
    results.push({ path, files: bodies.length, raw, gzip, inlineGzip, blocking });
    await context.close();
  }
  await browser.close();
  return results;
}

// ---------------------------------------------------------------------------------------
// 2. Requests per second

/**
 * Asks as a browser does: every browser sends Accept-Encoding, so pages go out gzipped. A
 * request `script` (Lua) builds each request itself; `args` follow wrk's `--`. `failed`: answers
 * other than 2xx and 3xx; `timeouts`: requests wrk gave up on after 2 s.
 */
function wrkRun(url: string, seconds: number, { cookie, script, args = [] }: { cookie?: string; script?: string; args?: string[] } = {}) {
  const headers = ['-H', 'Accept-Encoding: gzip, deflate, br', ...(cookie ? ['-H', `Cookie: ${cookie}`] : [])];
  const run = spawnSync('wrk', ['-t2', '-c32', `-d${seconds}s`, ...headers, ...(script ? ['-s', script] : []), url, ...(args.length ? ['--', ...args] : [])], {
    encoding: 'utf8',
  });
  if (run.error) throw new Error(`wrk did not start (${run.error.message}): \`npm run bench\` installs it, or run scripts/install-wrk.sh`);
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(run.stdout);
  const requests = /(\d+) requests in/.exec(run.stdout);
  if (!rate || !requests) throw new Error(`wrk failed: ${run.stderr || run.stdout}`);
  const failed = Number(/Non-2xx or 3xx responses: (\d+)/.exec(run.stdout)?.[1] ?? 0);
  const timeouts = Number(/timeout (\d+)/.exec(run.stdout)?.[1] ?? 0);
  return { rate: Number(rate[1]), requests: Number(requests[1]), failed, timeouts };
}

/**
 * wrk against several servers at once (web processes on one database), the 32 connections
 * shared among them: the rates and counts summed.
 */
async function wrkAcross(urls: string[], seconds: number, script: string, args: string[]) {
  const connections = Math.max(2, Math.floor(32 / urls.length));
  const runs = await Promise.all(
    urls.map(
      (url) =>
        new Promise<string>((resolve, reject) => {
          const child = spawn('wrk', [
            '-t2',
            `-c${connections}`,
            `-d${seconds}s`,
            '-H',
            'Accept-Encoding: gzip, deflate, br',
            '-s',
            script,
            url,
            '--',
            ...args,
          ]);
          let out = '';
          child.stdout!.on('data', (d) => (out += d));
          child.stderr!.on('data', (d) => (out += d));
          child.once('exit', () => resolve(out));
          child.once('error', reject);
        }),
    ),
  );
  const sum = (pattern: RegExp) => runs.reduce((n, out) => n + Number(pattern.exec(out)?.[1] ?? 0), 0);
  if (runs.some((out) => !/Requests\/sec:/.test(out))) throw new Error(`wrk failed: ${runs.join('\n')}`);
  return {
    rate: sum(/Requests\/sec:\s+([\d.]+)/),
    requests: sum(/(\d+) requests in/),
    failed: sum(/Non-2xx or 3xx responses: (\d+)/),
    timeouts: sum(/timeout (\d+)/),
  };
}

function wrk(url: string, seconds: number, cookie?: string): number {
  return wrkRun(url, seconds, { cookie }).rate;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * A static file of the same size as a page as it travels (gzipped), from the same
 * server: the page's own HTML and its gzip, written as a precompressed build asset, which
 * scripts/serve.mjs answers from memory (its fastest static path). Only a `.gz` copy, so a
 * client that takes brotli too gets the very bytes the page sends. The server reads the
 * build's assets when it starts: start it after this.
 */
async function sameSizeStatic(url: string, path: string, name: string): Promise<{ path: string; bytes: number }> {
  const plain = Buffer.from(await (await fetch(url + path, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  const file = join(outDir, 'client', '_astro', `${name}.txt`);
  writeFileSync(file, plain);
  // The very bytes the page goes out as (the page cache's own gzip level).
  const gzip = await wireBody(url + path);
  writeFileSync(`${file}.gz`, gzip);
  return { path: `/_astro/${name}.txt`, bytes: gzip.length };
}

/** An answer's body as it travels (gzipped), not decoded. */
async function wireBody(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => resolve(Buffer.concat(chunks)));
    })
      .on('error', reject)
      .end();
  });
}

/** The gzipped size of an answer, as it travels. */
const wireBytes = async (url: string) => (await wireBody(url)).length;

async function throughput(url: string, id: number, cookie?: string, statics?: { detail: string; browse: string }) {
  const targets: Record<string, string> = { trivial: '/healthz', detail: `/prompts/${id}`, browse: '/prompts' };
  if (statics) Object.assign(targets, { detailStatic: statics.detail, browseStatic: statics.browse });
  for (const path of Object.values(targets)) wrk(url + path, 2, cookie); // warm up (JIT, caches)
  const rounds = quick ? 2 : 3;
  const seconds = quick ? 5 : 8;
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const [name, path] of Object.entries(targets)) samples[name].push(wrk(url + path, seconds, cookie));
  }
  const at = (name: string) => (samples[name]?.length ? median(samples[name]) : NaN);
  return {
    trivial: at('trivial'),
    detail: at('detail'),
    browse: at('browse'),
    detailStatic: at('detailStatic'),
    browseStatic: at('browseStatic'),
    samples,
  };
}

// ---------------------------------------------------------------------------------------
// 2b. Pages rendered from scratch

/**
 * wrk's request script for search misses: `/prompts?q=<term>` over a file of terms (one per
 * line, `--` argument 1), starting at argument 2, each of the two threads taking every other
 * term: no term is asked twice until the list wraps around, and each list is longer than the
 * page cache holds (400 entries, least recently used first out), so every request misses.
 */
const SEARCH_MISSES_LUA = `
local counter = 0
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end
function init(args)
  terms = {}
  for line in io.lines(args[1]) do terms[#terms + 1] = line end
  next_term = tonumber(args[2]) + id
end
local function encode(s)
  return (s:gsub("[^%w]", function(c) return string.format("%%%02X", string.byte(c)) end))
end
function request()
  local term = terms[(next_term % #terms) + 1]
  next_term = next_term + 2
  return wrk.format("GET", "/prompts?q=" .. encode(term))
end
`;

/**
 * Distinct search terms from the catalog's own titles and descriptions. Latin: every 3 to 8
 * letter piece of a word (each matches at least one prompt). Chinese: two characters, in turn a
 * pair that occurs (matches) and a pair of the catalog's characters that does not, so half the
 * pages list results and half are the empty state.
 */
async function searchTerms(url: string): Promise<{ latin: string[]; chinese: string[] }> {
  const prompts = (await (await fetch(`${url}/api/prompts`)).json()) as { title: string; description: string }[];
  const random = rng(19);
  const shuffle = <T>(xs: T[]) => {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [xs[i], xs[j]] = [xs[j], xs[i]];
    }
    return xs;
  };
  const latin = new Set<string>();
  const pairs = new Set<string>();
  const characters = new Set<string>();
  for (const { title, description } of prompts) {
    const text = `${title}\n${description}`.toLowerCase();
    for (const [word] of text.matchAll(/[a-z]{3,}/g))
      for (let n = 3; n <= Math.min(8, word.length); n++) for (let i = 0; i + n <= word.length; i++) latin.add(word.slice(i, i + n));
    for (const [run] of text.matchAll(/\p{Script=Han}{2,}/gu)) {
      const chars = Array.from(run);
      chars.forEach((c) => characters.add(c));
      for (let i = 0; i + 1 < chars.length; i++) pairs.add(chars[i] + chars[i + 1]);
    }
  }
  const matching = shuffle([...pairs]);
  const pool = [...characters];
  const absent = new Set<string>();
  while (absent.size < Math.max(1000, 2 * matching.length)) {
    const pair = pool[Math.floor(random() * pool.length)] + pool[Math.floor(random() * pool.length)];
    if (!pairs.has(pair)) absent.add(pair);
  }
  const chinese = [...absent].flatMap((pair, i) => [pair, matching[i % matching.length]]);
  return { latin: shuffle([...latin]), chinese };
}

/**
 * Interleaved rounds of: /healthz and /prompts/{id} on a server with the page cache off, and
 * search misses (Latin, Chinese) on servers with it on (each miss also pays storing the page;
 * several cached servers: web processes on one database, each taking its share of the load).
 */
async function fromScratch(cached: { url: string; pid: number }[], uncached: { url: string; pid: number }, id: number) {
  const cachedUrls = cached.map((server) => server.url);
  const uncachedUrl = uncached.url;
  const terms = await searchTerms(cachedUrls[0]);
  const dir = mkdtempSync(join(tmpdir(), 'site-bench-search-'));
  const script = join(dir, 'search-misses.lua');
  writeFileSync(script, SEARCH_MISSES_LUA);
  const files = { latin: join(dir, 'latin.txt'), chinese: join(dir, 'chinese.txt') };
  writeFileSync(files.latin, `${terms.latin.join('\n')}\n`);
  writeFileSync(files.chinese, `${terms.chinese.join('\n')}\n`);
  // Each run goes on where the last one stopped in its list.
  const next = { latin: 0, chinese: 0 };
  let failed = 0;
  let timeouts = 0;
  // The servers' CPU time per answer (user + system, /proc): what a page costs, which the
  // machine's other load moves far less than it moves the rates.
  const cpuPerAnswer: Record<string, number[]> = {};
  const metered = (name: string, pids: number[], measure: (seconds: number) => Promise<{ rate: number; requests: number }>) => async (seconds: number) => {
    const before = pids.reduce((n, pid) => n + cpuSeconds(pid), 0);
    const run = await measure(seconds);
    const used = pids.reduce((n, pid) => n + cpuSeconds(pid), 0) - before;
    (cpuPerAnswer[name] ??= []).push((1000 * used) / Math.max(1, run.requests));
    return run.rate;
  };
  const cachedPids = cached.map((server) => server.pid);
  const targets: Record<string, (seconds: number) => number | Promise<number>> = {
    trivial: metered('trivial', [uncached.pid], async (seconds) => wrkRun(`${uncachedUrl}/healthz`, seconds)),
    detail: metered('detail', [uncached.pid], async (seconds) => wrkRun(`${uncachedUrl}/prompts/${id}`, seconds)),
    ...Object.fromEntries(
      (['latin', 'chinese'] as const).map((kind) => [
        kind,
        metered(kind, cachedPids, async (seconds: number) => {
          const run = await wrkAcross(cachedUrls, seconds, script, [files[kind], String(next[kind])]);
          next[kind] += run.requests;
          failed += run.failed;
          timeouts += run.timeouts;
          return run;
        }),
      ]),
    ),
  };
  try {
    for (const measure of Object.values(targets)) await measure(2); // warm up (JIT, caches)
    const rounds = quick ? 2 : 3;
    const seconds = quick ? 5 : 8;
    const samples: Record<string, number[]> = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
    for (let r = 0; r < rounds; r++) for (const [name, measure] of Object.entries(targets)) samples[name].push(await measure(seconds));
    const at = (name: string) => median(samples[name]);
    // The warm-up's figure left out.
    const cpu = Object.fromEntries(Object.entries(cpuPerAnswer).map(([name, ms]) => [name, median(ms.slice(1))]));
    return { trivial: at('trivial'), detail: at('detail'), latin: at('latin'), chinese: at('chinese'), cpu, samples, failed, timeouts, terms };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------
// 3. Search over 100,000 prompts

const EN_COMMON =
  'write draft summary report email letter code review test bug refactor explain teach lesson plan quiz story poem character plot world marketing campaign launch product landing page headline slogan social post thread newsletter interview resume cover analysis data chart table research outline essay argument debate translate rewrite polish tone friendly formal concise detailed checklist strategy roadmap meeting agenda notes feedback coaching workout recipe travel budget the and for with your into from about'.split(
    ' ',
  );
const ZH_COMMON =
  '撰寫 電郵 報告 摘要 編程 程式 測試 除錯 教學 課程 計劃 故事 小說 詩歌 角色 市場 推廣 產品 社交 媒體 貼文 履歷 面試 分析 數據 研究 翻譯 改寫 語氣 正式 簡潔 清單 策略 會議 筆記 意見 學習 溫習 考試 家長 通告 香港 旅行 預算 食譜 健身'.split(
    ' ',
  );

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A long-tailed vocabulary (Zipf-like): a few very common words and thousands of rare
 * ones, so benchmark terms range from "in most rows" to "in a handful".
 */
function vocabulary(random: () => number) {
  const syllables = 'ka lo mi ren tor vel sa qu ix por den lu shi mar cor tan bel fi zo gra nim pel dru hes ov'.split(' ');
  const en = new Set(EN_COMMON);
  while (en.size < 30000) {
    const n = 2 + Math.floor(random() * 3);
    en.add(Array.from({ length: n }, () => syllables[Math.floor(random() * syllables.length)]).join(''));
  }
  const zh = new Set(ZH_COMMON);
  while (zh.size < 20000) {
    const a = String.fromCodePoint(0x4e00 + Math.floor(random() * 6000));
    const b = String.fromCodePoint(0x4e00 + Math.floor(random() * 6000));
    zh.add(a + b);
  }
  const zipf = <T>(items: T[]) => {
    const list = [...items];
    return () => list[Math.min(list.length - 1, Math.floor(Math.pow(random(), 3) * list.length))];
  };
  return { en: zipf([...en]), zh: zipf([...zh]) };
}

async function searchBench(count: number) {
  const { createApp } = await import('../../src/server/app');
  const { readConfig } = await import('../../src/server/config');
  const { catalogProjection } = await import('../../projections/catalog/projection');
  const { listPrompts } = await import('../../projections/catalog/queries');
  const dataDir = mkdtempSync(join(tmpdir(), 'site-search-'));
  const app = await createApp({ ...readConfig({}), dataDir, seed: false }, { boss: false, log: () => {} });
  const random = rng(42);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  const vocab = vocabulary(random);
  const words = (n: number) => Array.from({ length: n }, () => vocab.en()).join(' ');
  const zh = (n: number) => Array.from({ length: n }, () => vocab.zh()).join('');
  const t0 = performance.now();
  const batch = 1000;
  for (let start = 0; start < count; start += batch) {
    await app.db.transaction(async (tx) => {
      const statements = [];
      for (let i = start; i < Math.min(count, start + batch); i++) {
        const chinese = random() < 0.3;
        const title = chinese ? zh(3 + Math.floor(random() * 3)) : words(3 + Math.floor(random() * 4));
        const description = chinese ? `${zh(12)}，${zh(10)}。` : `${words(14)}. ${words(10)}.`;
        const event = {
          type: 'PromptSubmitted',
          position: i + 1,
          txId: '1',
          createdAt: new Date(Date.now() - Math.floor(random() * 400) * 86_400_000).toISOString(),
          data: {
            promptId: i + 1,
            title,
            description,
            content: `${description}\n${words(30)}`,
            categoryId: 1 + Math.floor(random() * 5),
            authorName: pick(['Maya Chen', 'Hannah Kim', 'Promptory', '陳大文', 'Aiko Tanaka']),
            authorImage: null,
            isFeatured: random() < 0.02,
            isEditorsPick: random() < 0.02,
            submittedAt: null,
            submittedBy: null,
          },
        };
        statements.push(...catalogProjection.evolve(event as never));
      }
      await tx.many(statements);
    });
  }
  await app.db.query(`update catalog_prompts set status = 'approved', usage_count = (id * 7919) % 1000, rating = (id * 31) % 6 where id % 20 <> 0`);
  await app.db.query('analyze catalog_prompts');
  const loadSeconds = (performance.now() - t0) / 1000;

  // Terms across the whole range of selectivity, picked from the generated text.
  const counts = async (q: string) =>
    (await app.db.query<{ n: number }>(`select count(*)::int as n from catalog_prompts where status = 'approved' and search_text like $1`, [`%${q}%`]))[0].n;
  const byFrequency = async (candidates: string[], lo: number, hi: number) => {
    for (const c of candidates) {
      const n = await counts(c);
      if (n >= lo && n <= hi) return c;
    }
    return candidates[0];
  };
  const sample = (n: number, f: () => string) => Array.from({ length: n }, f);
  const vocabEn = sample(300, vocab.en).filter((w) => w.length >= 6);
  const vocabZh = sample(300, vocab.zh);
  const rareEn = [...new Set(vocabEn.slice().reverse())];
  const terms: { label: string; q: string; extra?: Record<string, unknown> }[] = [
    { label: 'Latin, common word', q: 'email' },
    { label: 'Latin, mid-frequency word', q: await byFrequency(vocabEn, 300, 3000) },
    { label: 'Latin, rare word', q: await byFrequency(rareEn, 1, 60) },
    { label: 'Latin, three letters', q: 'ren' },
    { label: 'Latin, two letters, common', q: 'qu' },
    { label: 'Latin, two letters, rare', q: await byFrequency(['xq', 'qz', 'jq', 'zx', 'vq', 'wz'], 0, 200) },
    { label: 'Latin + category + newest', q: 'review', extra: { categoryId: 2, sort: 'newest' } },
    { label: 'Chinese, two characters, common', q: '電郵' },
    { label: 'Chinese, two characters, mid-frequency', q: await byFrequency(vocabZh, 100, 2000) },
    { label: 'Chinese, two characters, rare', q: await byFrequency([...new Set(vocabZh.slice().reverse())], 1, 40) },
    { label: 'Chinese, one character', q: '詩' },
    { label: 'Chinese, four characters', q: '撰寫報告' },
    { label: 'No match', q: 'zzqq' },
  ];
  const iterations = quick ? 60 : 300;
  // Round-robin over the terms, so a burst of load from elsewhere spreads over all of them.
  const times: number[][] = terms.map(() => []);
  const queries = terms.map((term) => ({ q: term.q, sort: 'popular' as const, limit: 25, ...term.extra }));
  for (const query of queries) for (let i = 0; i < 10; i++) await listPrompts(app.db, query);
  for (let i = 0; i < iterations; i++) {
    for (let k = 0; k < queries.length; k++) {
      const s = performance.now();
      await listPrompts(app.db, queries[k]);
      times[k].push(performance.now() - s);
    }
  }
  const rows: { label: string; matches: number; p50: number; p95: number }[] = [];
  for (let k = 0; k < terms.length; k++) {
    const sorted = times[k].sort((a, b) => a - b);
    rows.push({
      label: `${terms[k].label}: "${terms[k].q}"`,
      matches: await counts(terms[k].q.toLowerCase()),
      p50: sorted[Math.floor(sorted.length * 0.5)],
      p95: sorted[Math.floor(sorted.length * 0.95)],
    });
  }
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { loadSeconds, rows };
}

// ---------------------------------------------------------------------------------------
// 4. Lighthouse

async function lighthouse(url: string, paths: string[]) {
  let lh: typeof import('lighthouse').default;
  let launcher: typeof import('chrome-launcher');
  try {
    lh = (await import('lighthouse')).default;
    launcher = await import('chrome-launcher');
  } catch {
    return null;
  }
  const chrome = await launcher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  // Lighthouse's own desktop preset (lighthouse/core/config/desktop-config.js).
  const desktopConfig = {
    extends: 'lighthouse:default',
    settings: {
      formFactor: 'desktop' as const,
      screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
      throttlingMethod: 'simulate' as const,
      throttling: { rttMs: 40, throughputKbps: 10240, cpuSlowdownMultiplier: 1, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 },
    },
  };
  const results: { path: string; preset: string; performance: number; accessibility: number; bestPractices: number; seo: number }[] = [];
  try {
    for (const preset of ['mobile', 'desktop'] as const) {
      for (const path of paths) {
        let run = await lh(
          url + path,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
          preset === 'desktop' ? desktopConfig : undefined,
        );
        // A run that could not load the page (a busy machine) scores 0: try again, twice at most.
        for (let retry = 0; retry < 2 && (run?.lhr.runtimeError || !run?.lhr.categories.performance.score); retry++) {
          run = await lh(
            url + path,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
            preset === 'desktop' ? desktopConfig : undefined,
          );
        }
        const c = run!.lhr.categories;
        results.push({
          path,
          preset,
          performance: Math.round((c.performance.score ?? 0) * 100),
          accessibility: Math.round((c.accessibility.score ?? 0) * 100),
          bestPractices: Math.round((c['best-practices'].score ?? 0) * 100),
          seo: Math.round((c.seo.score ?? 0) * 100),
        });
      }
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

// ---------------------------------------------------------------------------------------

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${n.toFixed(2)} ms`;

log('# Public site benchmarks');
log();
log(`Run ${new Date().toISOString()} on ${process.platform} (${(await import('node:os')).cpus().length} cores), Node ${process.version}, build \`${outDir}\`.`);
log(
  `Client, load generator (wrk) and server share the same machine (load average at start: ${(await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}; other work may run on it).`,
);
log();

if (run('js') || run('rps')) {
  let server = await startServer(basePort);
  const id = await firstPromptId(server.url);

  if (run('js')) {
    log('## JavaScript shipped (React included)');
    log();
    log('| Page | Script files | Raw | Gzipped (external) | Gzipped (inline) | Total gzipped | Budget | | Scripts blocking first paint |');
    log('|---|---|---|---|---|---|---|---|---|');
    for (const r of await jsBytes(server.url, [`/prompts/${id}`, '/prompts', '/', '/community', '/extension', '/auth'])) {
      const budget = r.path.startsWith('/prompts/') ? 90 * 1024 : r.path === '/prompts' ? 110 * 1024 : undefined;
      const total = r.gzip + r.inlineGzip;
      log(
        `| ${r.path} | ${r.files} | ${kb(r.raw)} | ${kb(r.gzip)} | ${kb(r.inlineGzip)} | ${kb(total)} | ${budget ? `≤ ${kb(budget)}` : '-'} | ${budget ? (total <= budget ? 'pass' : 'FAIL') : ''} | ${r.blocking} ${r.blocking === 0 ? 'pass' : 'FAIL'} |`,
      );
    }
    log();
    log(
      'Islands load as module scripts from their `<astro-island>` elements after the HTML (never parser-blocking); the only inline script is the pre-paint theme/language line. Before hydration the page is plain HTML: links, GET forms and the no-JavaScript paths work.',
    );
    log();
  }

  if (run('rps')) {
    // The same-size static files are build assets, read when the server starts: write them,
    // then restart the server on the same data (same catalog, so the same pages).
    const statics = {
      detail: await sameSizeStatic(server.url, `/prompts/${id}`, 'bench-same-size-detail'),
      browse: await sameSizeStatic(server.url, '/prompts', 'bench-same-size-browse'),
    };
    await server.stop({ keepData: true });
    server = await startServer(basePort, {}, server.dataDir);
    try {
      const pageBytes = { detail: await wireBytes(`${server.url}/prompts/${id}`), browse: await wireBytes(`${server.url}/prompts`) };
      const staticPaths = { detail: statics.detail.path, browse: statics.browse.path };

      log('## Requests per second (wrk -t2 -c32, loopback, median of interleaved rounds)');
      log();
      log('| Page cache | Trivial page (/healthz) | /prompts/{id} | ratio | /prompts | ratio | Target |');
      log('|---|---|---|---|---|---|---|');
      const cached = await throughput(server.url, id, undefined, staticPaths);
      const rowFor = (label: string, t: Awaited<ReturnType<typeof throughput>>, target = true) =>
        `| ${label} | ${t.trivial.toFixed(0)} | ${t.detail.toFixed(0)} | ${(t.detail / t.trivial).toFixed(2)} | ${t.browse.toFixed(0)} | ${(t.browse / t.trivial).toFixed(2)} | ${
          target ? `≥ 0.50 ${t.detail / t.trivial >= 0.5 && t.browse / t.trivial >= 0.5 ? 'pass' : 'FAIL'}` : 'reference (cold renders)'
        } |`;
      log(rowFor('on (default), visitor', cached));
      const cookie = await signIn(server);
      const signedIn = await throughput(server.url, id, cookie, staticPaths);
      log(rowFor('on (default), signed-in user', signedIn));
      const uncachedServer = await startServer(basePort + 1, { PAGE_CACHE: '0' });
      const uncached = await throughput(uncachedServer.url, await firstPromptId(uncachedServer.url));
      await uncachedServer.stop();
      log(rowFor('off (every request renders)', uncached, false));
      log();
      log(
        `Samples (req/s): visitor ${JSON.stringify(cached.samples)}; signed-in ${JSON.stringify(signedIn.samples)}; cache off ${JSON.stringify(uncached.samples)}.`,
      );
      log();
      log(
        `A signed-in user gets the same cached page as a visitor (personal parts are islands): the ratios compare with a trivial page requested with the same session cookie. ` +
          `In absolute terms a signed-in user gets ${(signedIn.browse / cached.browse).toFixed(2)}x a visitor's rate on /prompts (${(signedIn.detail / cached.detail).toFixed(2)}x on /prompts/{id}); ` +
          `a cached page is answered before any session lookup, by the Node server itself (src/server/page-cache/fast-pages.ts), while the trivial page, rendered each time, pays the session lookup.`,
      );
      log();
      log('## A cached page against a static file of the same size (≥ 0.5x)');
      log();
      log(
        'Same server, same run, wrk -t2 -c32, interleaved rounds, median. The static file is the page itself, gzipped, as a precompressed build asset (scripts/serve.mjs answers those from memory: its fastest static path); both go out gzipped, the same number of body bytes.',
      );
      log();
      log('| Client | Page | Body on the wire | Page req/s | Static file req/s | ratio | Target ≥ 0.50 |');
      log('|---|---|---|---|---|---|---|');
      for (const [label, t] of [
        ['visitor', cached],
        ['signed-in user', signedIn],
      ] as const) {
        for (const [page, path, rate, staticRate, bytes] of [
          ['detail', `/prompts/${id}`, t.detail, t.detailStatic, pageBytes.detail],
          ['browse', '/prompts', t.browse, t.browseStatic, pageBytes.browse],
        ] as const) {
          const staticBytes = statics[page].bytes;
          const size = bytes === staticBytes ? `${bytes} B` : `${bytes} B (static ${staticBytes} B)`;
          log(
            `| ${label} | ${path} | ${size} | ${rate.toFixed(0)} | ${staticRate.toFixed(0)} | ${(rate / staticRate).toFixed(2)} | ${rate / staticRate >= 0.5 ? 'pass' : 'FAIL'} |`,
          );
        }
      }
      log();
    } finally {
      for (const file of ['bench-same-size-detail', 'bench-same-size-browse'])
        for (const suffix of ['.txt', '.txt.gz']) rmSync(join(outDir, 'client', '_astro', file + suffix), { force: true });
    }
  }
  await server.stop();
}

if (run('scratch')) {
  const loadAt = async () =>
    (await import('node:os'))
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ');
  const { databaseUrl, prepareSchema, dropSchema, startServer: startPgServer } = await import('./bench-servers');
  log('## Pages rendered from scratch');
  log();
  log(
    `wrk -t2 -c32, loopback, median of ${quick ? 2 : 3} interleaved rounds. /healthz and /prompts/{id} on a server with the page cache off; ` +
      `the searches on one with it on (or two web processes on one PostgreSQL database, 16 connections each), a distinct \`?q=\` on every request ` +
      `(Latin terms, pieces of the catalog's words, each matching at least one prompt; two-character Chinese terms, half of them pairs that occur), ` +
      `so each is a miss that renders and stores the page. Fragment cache on (FRAGMENT_CACHE, src/server/render/fragment-cache.ts) unless said.`,
  );
  log();
  log(
    'Each cell: req/s, then (in brackets) the server CPU time per answer, user + system over the run divided by the answers: on an idle core a page costing c ms would run at about 1000/c req/s.',
  );
  log();
  log(
    '| Backend | Load average before, after | /healthz | /prompts/{id}, page cache off | vs /healthz (≥ 0.25x) | Latin search misses | Chinese search misses | (≥ 500 req/s) |',
  );
  log('|---|---|---|---|---|---|---|---|');
  const samples: string[] = [];
  const row = async (label: string, cached: { url: string; pid: number }[], uncached: { url: string; pid: number }) => {
    const before = await loadAt();
    const scratch = await fromScratch(cached, uncached, await firstPromptId(uncached.url));
    const ratio = scratch.detail / scratch.trivial;
    const verdict = [ratio >= 0.25, scratch.latin >= 500 && scratch.chinese >= 500].map((ok) => (ok ? 'pass' : 'FAIL')).join(', ');
    const cell = (name: 'trivial' | 'detail' | 'latin' | 'chinese') => `${scratch[name].toFixed(0)} (${scratch.cpu[name].toFixed(2)} ms)`;
    const cpuRatio = scratch.cpu.trivial / scratch.cpu.detail;
    log(
      `| ${label} | ${before} → ${await loadAt()} | ${cell('trivial')} | ${cell('detail')} | ${ratio.toFixed(2)} (by CPU ${cpuRatio.toFixed(2)}) | ${cell('latin')} | ${cell('chinese')} | ${verdict} |`,
    );
    samples.push(`${label}: ${JSON.stringify(scratch.samples)}, failed ${scratch.failed}, timed out ${scratch.timeouts}`);
  };
  const pglite = [await startServer(basePort + 3), await startServer(basePort + 4, { PAGE_CACHE: '0' })];
  try {
    await row('PGlite, one process', [pglite[0]], pglite[1]);
  } finally {
    for (const server of pglite) await server.stop();
  }
  if (process.env.SITE_BENCH_FRAGMENTS_OFF === '1') {
    const off = [await startServer(basePort + 3, { FRAGMENT_CACHE: '0' }), await startServer(basePort + 4, { PAGE_CACHE: '0', FRAGMENT_CACHE: '0' })];
    try {
      await row('PGlite, one process, fragment cache off', [off[0]], off[1]);
    } finally {
      for (const server of off) await server.stop();
    }
  }
  // PostgreSQL: one seeded schema, web processes as deployed (bench-servers.ts).
  const schema = `bench_scratch_${Date.now().toString(36)}`;
  let pgReady = false;
  try {
    await prepareSchema(schema, 0);
    pgReady = true;
  } catch (error) {
    log(`| PostgreSQL | not measured: ${String(error).split('\n')[0]} (${databaseUrl}) | | | | | | |`);
  }
  if (pgReady) {
    const ports = [basePort + 5, basePort + 6, basePort + 7];
    const processes = [
      await startPgServer(schema, ports[0]),
      await startPgServer(schema, ports[1], { PAGE_CACHE: '0' }),
      await startPgServer(schema, ports[2]),
    ];
    const [one, uncached, two] = processes.map((server, i) => ({ url: `http://127.0.0.1:${ports[i]}`, pid: server.pid }));
    try {
      await row('PostgreSQL, one process', [one], uncached);
      await row('PostgreSQL, two web processes (searches)', [one, two], uncached);
    } finally {
      for (const server of processes) await server.stop();
      await dropSchema(schema);
    }
  }
  log();
  log(`Samples (req/s): ${samples.join('; ')}.`);
  log();
}

if (run('search')) {
  const count = quick ? 20_000 : 100_000;
  log(`## Search over ${count.toLocaleString('en')} prompts (PGlite, listPrompts: approved, popular order, 25 rows)`);
  log();
  const search = await searchBench(count);
  log(`Generated and projected in ${search.loadSeconds.toFixed(1)} s (70% English, 30% Traditional Chinese; 95% approved).`);
  log();
  log('| Term | Matching rows | p50 | p95 | Target p95 ≤ 20 ms |');
  log('|---|---|---|---|---|');
  for (const r of search.rows) log(`| ${r.label} | ${r.matches.toLocaleString('en')} | ${ms(r.p50)} | ${ms(r.p95)} | ${r.p95 <= 20 ? 'pass' : 'FAIL'} |`);
  log();
}

if (!noLighthouse && run('lighthouse')) {
  const lhServer = await startServer(basePort + 2);
  const lhId = await firstPromptId(lhServer.url);
  const lh = await lighthouse(lhServer.url, ['/', '/prompts', `/prompts/${lhId}`]);
  await lhServer.stop();
  log('## Lighthouse');
  log();
  if (!lh) {
    log('Skipped: the `lighthouse` package is not installed (`npm install -D lighthouse`).');
  } else {
    log('| Page | Preset | Performance | Accessibility | Best practices | SEO | Target (perf, a11y ≥ 95) |');
    log('|---|---|---|---|---|---|---|');
    for (const r of lh) {
      log(
        `| ${r.path} | ${r.preset} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.performance >= 95 && r.accessibility >= 95 ? 'pass' : 'FAIL'} |`,
      );
    }
  }
  log();
}

log(
  `Load average at the end: ${(await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}.`,
);
mkdirSync('docs', { recursive: true });
if (!only) writeFileSync('docs/benchmarks-site.md', `${report.join('\n')}\n`);
console.log('\nWritten to docs/benchmarks-site.md');
process.exit(0);
