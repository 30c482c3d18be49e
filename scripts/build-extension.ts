// `npm run build:extension`: bundles extension/ (TypeScript + React) into extension/dist/unpacked
// and zips it for PUBLIC_URL (default http://localhost:4321) as extension/dist/promptory-extension-<version>.zip.
// The site's download route zips the same folder again for its own PUBLIC_URL.
import { build } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentScriptMatches } from '../extension/src/lib/chat-sites';
import { EXTENSION_PUBLIC_KEY, EXTENSION_VERSION, extensionZipName } from '../modules/devices/contracts';
import { extensionZip } from '../src/server/extension/extension-package';

const SRC = 'extension';
const OUT = join(SRC, 'dist', 'unpacked');
const site = new URL(process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 4321}`).origin;

rmSync(join(SRC, 'dist'), { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

await build({
  entryPoints: {
    background: `${SRC}/src/background.ts`,
    sidepanel: `${SRC}/src/pages/sidepanel.tsx`,
    options: `${SRC}/src/pages/options.tsx`,
    save: `${SRC}/src/pages/save.tsx`,
    send: `${SRC}/src/pages/send.ts`,
  },
  outdir: OUT,
  bundle: true,
  // One shared chunk for React and zod instead of a copy in every page.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  target: 'chrome116',
  jsx: 'automatic',
  minify: true,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  // zod probes \`new Function\` unless told it runs jitless; the extension's CSP (script-src 'self')
  // refuses it and Chrome reports a securitypolicyviolation on every page. Each file,
  // chunks included, says so before any code runs: whichever loads first sets it, before zod reads it.
  banner: { js: '(globalThis.__zod_globalConfig??={}).jitless=true;' },
  logLevel: 'warning',
});

// The chat sites' content script: one classic script (content scripts cannot be modules), its
// stylesheets as text for its shadow root.
await build({
  entryPoints: { composer: `${SRC}/src/content/main.ts` },
  outdir: OUT,
  bundle: true,
  format: 'iife',
  target: 'chrome116',
  jsx: 'automatic',
  minify: true,
  legalComments: 'none',
  loader: { '.css': 'text' },
  define: { 'process.env.NODE_ENV': '"production"' },
  banner: { js: '(globalThis.__zod_globalConfig??={}).jitless=true;' },
  logLevel: 'warning',
});

for (const file of ['send.html', 'icons']) cpSync(join(SRC, file), join(OUT, file), { recursive: true });
// The React pages differ only in their title and bundle name, so they come from one template:
// a change to the shell (lang, viewport, root element) is made once for all of them.
const reactPages = { sidepanel: 'Promptory', options: 'Promptory settings', save: 'Save as prompt · Promptory' };
const pageTemplate = readFileSync(join(SRC, 'page.html'), 'utf8');
for (const [name, title] of Object.entries(reactPages)) {
  writeFileSync(join(OUT, `${name}.html`), pageTemplate.replaceAll('{{title}}', title).replaceAll('{{name}}', name));
}
const manifest = JSON.parse(readFileSync(join(SRC, 'manifest.json'), 'utf8'));
manifest.version = EXTENSION_VERSION;
manifest.key = EXTENSION_PUBLIC_KEY;
manifest.background = { service_worker: 'background.js', type: 'module' };
manifest.host_permissions = [`${site}/*`];
// Injected into the site table's chat sites only, from the first byte, so its keyboard handlers
// run before the site's own.
manifest.content_scripts = [{ matches: contentScriptMatches(), js: ['composer.js'], run_at: 'document_start' }];
writeFileSync(join(OUT, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
writeFileSync(join(OUT, 'config.json'), JSON.stringify({ siteUrl: site }, null, 2) + '\n');
writeFileSync(join(SRC, 'dist', extensionZipName()), extensionZip(site, OUT));
console.log(`[promptory] extension ${EXTENSION_VERSION} for ${site}: ${OUT}/ and ${join(SRC, 'dist', extensionZipName())}`);
