import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The marks patches/postgres+<version>.patch writes into the driver, by the file Node loads
 * (`import` takes src/, `require` cjs/src/). Without them a lost connection crashes the process
 * and every write pays a round trip for BEGIN, so the server refuses to start instead.
 */
export const DRIVER_PATCH_MARKS: Readonly<Record<string, readonly string[]>> = {
  'connection.js': ['/* promptory: guarded nextWrite */'],
  'index.js': ['/* promptory: pipelined begin */'],
};
const LOADED_DIRS = ['src', 'cjs/src'];

/** The installed driver's folder (its `default` export is cjs/src/index.js). */
export function installedDriverRoot(): string {
  return dirname(dirname(dirname(createRequire(import.meta.url).resolve('postgres'))));
}

/** Throws, naming the files and the fix, when the driver at `root` lacks a mark. */
export function assertDriverPatched(root: string = installedDriverRoot()): void {
  const missing: string[] = [];
  for (const dir of LOADED_DIRS) {
    for (const [file, marks] of Object.entries(DRIVER_PATCH_MARKS)) {
      const path = join(root, dir, file);
      const source = existsSync(path) ? readFileSync(path, 'utf8') : '';
      if (marks.some((mark) => !source.includes(mark))) missing.push(join(dir, file));
    }
  }
  if (missing.length > 0) {
    throw new Error(
      `The postgres driver at ${root} is not patched (${missing.join(', ')}): ` +
        'run `node scripts/patch-postgres.mjs` (npm install runs it; --ignore-scripts or a copied node_modules skips it). ' +
        'Unpatched, a lost database connection crashes the server.',
    );
  }
}
