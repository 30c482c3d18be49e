// Runs after `npm install`: applies patches/postgres+<version>.patch (a reviewed unified diff,
// the patch-package shape; its header says what each guard is for) to the installed postgres.js.
// Strict: every hunk must match the installed file line for line where the diff says, or the
// install fails with the file and the hunk. A file already patched is left alone. The server
// checks the marks again when it opens PostgreSQL (src/server/db/driver-patch.ts), so
// `npm ci --ignore-scripts` or a copied node_modules cannot ship the unguarded driver silently.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** @typedef {{ oldStart: number, newStart: number, lines: string[] }} Hunk */
/** @typedef {{ path: string, hunks: Hunk[] }} FilePatch */

/** Parses a `git diff` text (anything before the first `diff --git` is commentary). */
export function parsePatch(text) {
  /** @type {FilePatch[]} */
  const files = [];
  /** @type {Hunk | null} */
  let hunk = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) {
      files.push({ path: '', hunks: [] });
      hunk = null;
    } else if (files.length === 0) {
      continue;
    } else if (line.startsWith('+++ ')) {
      files[files.length - 1].path = line.slice(4).replace(/^b\//, '');
    } else if (line.startsWith('@@')) {
      const m = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
      if (!m) throw new Error(`unreadable hunk header: ${line}`);
      hunk = { oldStart: Number(m[1]), newStart: Number(m[2]), lines: [] };
      files[files.length - 1].hunks.push(hunk);
    } else if (hunk && /^[ +-]/.test(line)) {
      hunk.lines.push(line);
    }
  }
  return files;
}

/**
 * The file's text with the hunks applied (`reverse`: undone), or an error naming the first hunk
 * whose lines are not where the diff says.
 * @param {string} source
 * @param {Hunk[]} hunks
 * @param {boolean} [reverse]
 * @returns {{ text: string } | { error: string }}
 */
export function applyHunks(source, hunks, reverse = false) {
  const lines = source.split('\n');
  const [drop, add] = reverse ? ['+', '-'] : ['-', '+'];
  let shift = 0;
  for (const hunk of hunks) {
    const before = hunk.lines.filter((l) => l[0] !== add).map((l) => l.slice(1));
    const after = hunk.lines.filter((l) => l[0] !== drop).map((l) => l.slice(1));
    const at = (reverse ? hunk.newStart : hunk.oldStart) - 1 + shift;
    if (before.some((line, i) => lines[at + i] !== line)) return { error: `hunk at line ${at + 1 - shift} does not match` };
    lines.splice(at, before.length, ...after);
    shift += after.length - before.length;
  }
  return { text: lines.join('\n') };
}

/**
 * Applies a patch under `root`. Returns what it did per file; throws when a file is neither
 * patched already nor patchable (the installed version is not the one the diff was made for).
 */
export function applyPatch(root, patchText) {
  const done = [];
  for (const file of parsePatch(patchText)) {
    const path = join(root, file.path);
    if (!existsSync(path)) throw new Error(`${file.path}: missing, the patch cannot be applied`);
    const source = readFileSync(path, 'utf8');
    if ('text' in applyHunks(source, file.hunks, true)) {
      done.push(`${file.path}: already patched`);
      continue;
    }
    const patched = applyHunks(source, file.hunks);
    if ('error' in patched) throw new Error(`${file.path}: ${patched.error}; the installed postgres.js is not the version this patch was made for`);
    writeFileSync(path, patched.text);
    done.push(`${file.path}: patched`);
  }
  return done;
}

/** The patch for the installed driver's version: package.json pins that exact version. */
export function driverPatchFile(root) {
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules/postgres/package.json'), 'utf8'));
  return join(root, 'patches', `postgres+${version}.patch`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  try {
    const patch = driverPatchFile(root);
    if (!existsSync(patch)) throw new Error(`no ${patch.slice(root.length + 1)}: postgres.js changed version; make a patch for it (see the old one's header)`);
    for (const line of applyPatch(root, readFileSync(patch, 'utf8'))) console.log(`[promptory] ${line}`);
  } catch (error) {
    console.error(`[promptory] the postgres.js patch was not applied: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
