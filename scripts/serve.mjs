// Serves a production build: `node scripts/serve.mjs` (ASTRO_OUT_DIR picks the build, default
// dist; HOST and PORT as for Astro). The project owns the HTTP server so that static files
// (/_astro/*, public/), which the adapter serves before our middleware runs, carry the same
// protective headers as rendered pages. Rendered answers set their own headers, which win.
import http from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** For files, not documents: nothing may run, load or frame them, and types are not sniffed. */
export const STATIC_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

export async function serve(outDir = process.env.ASTRO_OUT_DIR ?? 'dist') {
  // The adapter's entry starts its own server unless told not to; we start ours instead.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler } = await import(pathToFileURL(resolve(outDir, 'server', 'entry.mjs')).href);
  const host = process.env.HOST ?? 'localhost';
  const port = Number(process.env.PORT ?? 4321);
  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(STATIC_HEADERS)) res.setHeader(name, value);
    handler(req, res);
  });
  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolveListen(undefined));
  });
  console.log(`[promptory] listening on http://${host}:${port}`);
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await serve();
