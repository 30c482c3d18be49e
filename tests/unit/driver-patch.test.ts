import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyHunks, applyPatch, driverPatchFile, parsePatch } from '../../scripts/patch-postgres.mjs';
import { DRIVER_PATCH_MARKS, assertDriverPatched, installedDriverRoot } from '../../src/server/db/driver-patch';

const ROOT = resolve(__dirname, '../..');
const PATCH_FILE = driverPatchFile(ROOT);
const PATCH = readFileSync(PATCH_FILE, 'utf8');
const work = mkdtempSync(join(tmpdir(), 'driver-patch-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A copy of the installed driver with the patch undone: what `npm ci --ignore-scripts` leaves. */
function unpatchedCopy(name: string): string {
  const root = join(work, name);
  cpSync(installedDriverRoot(), join(root, 'node_modules/postgres'), { recursive: true });
  for (const file of parsePatch(PATCH)) {
    const path = join(root, file.path);
    const undone = applyHunks(readFileSync(path, 'utf8'), file.hunks, true);
    if (!('text' in undone)) throw new Error(`${file.path}: ${undone.error}`);
    writeFileSync(path, undone.text);
  }
  return root;
}

describe('the patched postgres driver', () => {
  it('is pinned to the exact version the patch was made for', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
    const version = /postgres\+(.+)\.patch$/.exec(PATCH_FILE)?.[1];
    expect(pkg.dependencies.postgres).toBe(version);
    expect(lock.packages[''].dependencies.postgres).toBe(version);
    expect(lock.packages['node_modules/postgres'].version).toBe(version);
  });

  it('writes every mark the start-up check looks for', () => {
    const added = PATCH.split('\n').filter((l) => l.startsWith('+') && !l.startsWith('+++'));
    for (const marks of Object.values(DRIVER_PATCH_MARKS)) for (const mark of marks) expect(added.some((l) => l.includes(mark))).toBe(true);
  });

  it('the start-up check passes on the installed driver', () => {
    expect(() => assertDriverPatched()).not.toThrow();
  });

  it('the start-up check refuses an unpatched copy, naming the files and the fix', () => {
    const root = unpatchedCopy('unpatched');
    expect(() => assertDriverPatched(join(root, 'node_modules/postgres'))).toThrow(
      /postgres driver at .* is not patched \(src\/connection\.js, src\/index\.js, cjs\/src\/connection\.js, cjs\/src\/index\.js\): run `node scripts\/patch-postgres\.mjs`/,
    );
  });

  it('applied at install, the diff gives the installed files byte for byte, and applies once', () => {
    const root = unpatchedCopy('install');
    expect(applyPatch(root, PATCH).every((line) => line.endsWith(': patched'))).toBe(true);
    for (const file of parsePatch(PATCH)) expect(readFileSync(join(root, file.path), 'utf8')).toBe(readFileSync(join(ROOT, file.path), 'utf8'));
    expect(applyPatch(root, PATCH).every((line) => line.endsWith(': already patched'))).toBe(true);
    expect(() => assertDriverPatched(join(root, 'node_modules/postgres'))).not.toThrow();
  });

  it('refuses a driver the diff does not fit', () => {
    const root = unpatchedCopy('changed');
    const path = join(root, 'node_modules/postgres/src/connection.js');
    writeFileSync(path, readFileSync(path, 'utf8').replace('  function nextWrite(fn) {', '  function nextWrite(fn, later) {'));
    expect(() => applyPatch(root, PATCH)).toThrow(/src\/connection\.js: hunk at line \d+ does not match; the installed postgres.js is not the version/);
  });
});
