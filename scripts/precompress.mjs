// Static assets compressed once, at build time, and served as they are (scripts/serve.mjs):
// the islands' JavaScript is about a third of its size gzipped and less with brotli, and
// compressing on every request would spend the CPU the pages need.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What the adapter sends for each compressible type (send's types, with charset for text). */
export const COMPRESSIBLE_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};
/** Below this a compressed copy saves less than the headers it adds. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `file.br` and `file.gz` beside every compressible file under `dir` they make smaller. */
export function precompress(dir) {
  let written = 0;
  for (const path of files(dir)) {
    if (!(extname(path) in COMPRESSIBLE_TYPES) || statSync(path).size < MIN_BYTES) continue;
    const raw = readFileSync(path);
    const copies = [
      ['.br', brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })],
      ['.gz', gzipSync(raw, { level: 9 })],
    ];
    for (const [suffix, bytes] of copies) {
      if (bytes.length >= raw.length) continue;
      writeFileSync(path + suffix, bytes);
      written++;
    }
  }
  return written;
}

/** The Astro integration: every `astro build` leaves compressed copies beside its client files. */
export function precompressIntegration() {
  return {
    name: 'promptory:precompress',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const written = precompress(new URL(dir).pathname);
        logger.info(`${written} compressed copies of static files`);
      },
    },
  };
}
