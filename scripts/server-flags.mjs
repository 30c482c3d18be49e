// The V8 heap settings of every server process (web and worker). V8 sizes its heap from the
// limit it is given: with Node's default limit on a large machine it let the heap grow to four
// to six times what was live before collecting, so a 20,000-prompt import (live heap 40-60 MB)
// took the web process from 150 to 525 MB on PostgreSQL. A 1 GB limit (ten times the largest
// live heap measured) keeps its growth near twice the live heap, and a smaller young generation
// is collected sooner: the same import peaked at +124 MB (docs/benchmarks.md, decision 0041).
// `npm start`, `npm run serve` and `npm run worker` pass these (tests/unit/server-flags.test.ts
// keeps package.json in step), and so does every integration test or benchmark that starts a
// built server (the browser suite's servers, playwright.config.ts, run with Node's defaults).
export const SERVER_NODE_FLAGS = ['--max-old-space-size=1024', '--max-semi-space-size=8'];
