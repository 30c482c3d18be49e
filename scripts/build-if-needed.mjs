// Builds the app unless dist/ is newer than every source file: `npm start` on a fresh clone builds once.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const SOURCES = ['src', 'modules', 'events', 'projections', 'public', 'astro.config.mjs', 'package.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

/** The unpacked extension the download route zips (npm run build:extension). */
function buildExtensionIfNeeded() {
  const built = join('extension', 'dist', 'unpacked', 'manifest.json');
  const sources = ['extension', 'modules', 'src/i18n', 'scripts/build-extension.ts', 'src/server/extension/extension-package.ts', 'src/server/zip.ts'];
  const newestSource = Math.max(...sources.filter((s) => s !== 'extension').map(newest), newestExtensionSource());
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource) return;
  const result = spawnSync('npx', ['tsx', 'scripts/build-extension.ts'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[promptory] extension build failed');
    process.exit(result.status ?? 1);
  }
}

/** extension/ without its own build output. */
function newestExtensionSource() {
  return readdirSync('extension')
    .filter((name) => name !== 'dist')
    .reduce((max, name) => Math.max(max, newest(join('extension', name))), 0);
}

export function buildIfNeeded(outDir = process.env.ASTRO_OUT_DIR ?? 'dist') {
  buildExtensionIfNeeded();
  const entry = join(outDir, 'server', 'entry.mjs');
  if (existsSync(entry) && statSync(entry).mtimeMs >= Math.max(...SOURCES.map(newest))) return false;
  console.log(`[promptory] building into ${outDir}/ ...`);
  const result = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit', env: { ...process.env, ASTRO_OUT_DIR: outDir } });
  if (result.status !== 0) {
    console.error('[promptory] build failed');
    process.exit(result.status ?? 1);
  }
  return true;
}
