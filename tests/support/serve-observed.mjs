// scripts/serve.mjs with its stored-page fast path (src/server/page-cache/fast-pages.ts) observed, for
// tests that must know which path answered. A request carrying `x-test-id: N` is logged as
// `[fast-pages] N fast` when the fast path answered it, `[fast-pages] N astro` when it went on
// to Astro; one carrying `x-test-through-astro: 1` skips the fast path, so Astro answers that
// very request. Nothing in the app reads either header.
import { serve } from '../../scripts/serve.mjs';

const KEY = Symbol.for('promptory.fastPages');
let registered;
const report = (req, fast) => {
  if (req.headers['x-test-id']) console.log(`[fast-pages] ${req.headers['x-test-id']} ${fast ? 'fast' : 'astro'}`);
  return fast;
};
Object.defineProperty(globalThis, KEY, {
  configurable: true,
  set: (fastPages) => {
    registered = fastPages;
  },
  get: () =>
    registered &&
    ((req, res, firstHeaders) => {
      if (req.headers['x-test-through-astro']) return report(req, false);
      const answered = registered(req, res, firstHeaders);
      return answered === false ? report(req, false) : answered.then((done) => report(req, done));
    }),
});

await serve();
