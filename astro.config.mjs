// @ts-check
import { defineConfig, passthroughImageService } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { INLINE_SCRIPT_HASHES } from './src/server/render/inline-scripts.ts';
import { precompressIntegration } from './scripts/precompress.mjs';

/**
 * The `site` chunk: what every page's islands load (React, the stores, the HTTP client, the
 * kit's smallest parts). Named, not matched by a folder: code only some pages need (forms,
 * zod contracts, the library actions) stays in its own chunks.
 */
const SITE_RUNTIME = [
  /[\\/]node_modules[\\/](react|nanostores|@nanostores[\\/]react)[\\/]/,
  /[\\/]src[\\/]ui[\\/](Button|Icon|Tooltip|cx|hooks|toast-store)\.tsx?$/,
  /[\\/]src[\\/]client[\\/](http|current-user|stores|language|strings)\.tsx?$/,
  /[\\/]src[\\/]i18n[\\/]languages\.ts$/,
  /[\\/]src[\\/]shared[\\/](api-client|strings)\.ts$/,
];

export default defineConfig({
  output: 'server',
  // Backstop for request bodies: our reader (src/server/http.ts) stops at 64 KB (about 28 MB for an
  // import: a 20 MB file as base64, the largest a route declares) and answers 413; the adapter refuses
  // to stream more than this to anything else, so it stays just above the import's limit.
  // Middleware mode: scripts/serve.mjs owns the HTTP server and answers the build's static files.
  adapter: node({ mode: 'middleware', bodySizeLimit: 30 * 1024 * 1024 }),
  // Tests build into their own folders so parallel builds never collide.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  // precompress: brotli and gzip copies of static files, served by scripts/serve.mjs.
  // React renders each island with renderToString: Astro read each island's stream whole before
  // going on anyway, so streaming it through a web ReadableStream only cost time (docs/benchmarks.md,
  // "Pages rendered from scratch"). No island suspends on the server (their lazy parts load on a click).
  integrations: [react({ experimentalDisableStreaming: true }), precompressIntegration()],
  // No markdown pages: Shiki's inline styles would not pass the CSP.
  markdown: { syntaxHighlight: false },
  // No image service: nothing is transcoded, and the `/_image` endpoint Astro adds to every
  // server build answers 404 (src/server/no-image-endpoint.ts), so nobody can make the server
  // transcode on demand.
  image: { service: passthroughImageService(), endpoint: { route: '/_image', entrypoint: './src/server/no-image-endpoint.ts' } },
  server: { host: process.env.HOST ?? 'localhost', port: Number(process.env.PORT ?? 4321) },
  security: {
    // Our middleware rejects cross-origin writes itself (with a JSON error body).
    checkOrigin: false,
    // Astro hashes its own scripts and styles into the page's Content-Security-Policy; we add
    // the hash of the one inline head script (theme and language before first paint).
    // src/server/middleware/security.ts adds the other directives.
    csp: { scriptDirective: { hashes: INLINE_SCRIPT_HASHES } },
  },
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ['@electric-sql/pglite', 'pg-boss', 'postgres'] },
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                // The small modules nearly every island shares (the UI kit, client helpers, stores,
                // React's wrappers) in one file: thirty files of a few hundred bytes each cost more
                // in gzip headers and lost cross-file compression than they save.
                name: 'site',
                test: (/** @type {string} */ id) => SITE_RUNTIME.some((re) => re.test(id)),
              },
            ],
          },
        },
      },
    },
  },
});
