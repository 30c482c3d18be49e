import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '../../modules/portability';
import { createZip, readZip, ZipRefused, type ZipLimits } from '../../src/server/zip';
import { zipBomb } from '../support/zip-bomb';

const limits: ZipLimits = { entries: IMPORT_LIMITS.zipFiles, bytes: IMPORT_LIMITS.bytes, ratio: IMPORT_LIMITS.zipRatio };

/** The refusal `run` throws, and how much memory outside the JS heap (Buffers) grew meanwhile. */
function refusal(run: () => unknown): { error: ZipRefused; grewMb: number; ms: number } {
  const before = process.memoryUsage().arrayBuffers;
  const started = performance.now();
  try {
    run();
  } catch (error) {
    const grewMb = (process.memoryUsage().arrayBuffers - before) / 2 ** 20;
    expect(error).toBeInstanceOf(ZipRefused);
    return { error: error as ZipRefused, grewMb, ms: performance.now() - started };
  }
  throw new Error('not refused');
}

describe('reading a zip within limits', () => {
  it('reads an ordinary archive whole', () => {
    const files = [
      { path: 'README.md', data: Buffer.from('# index') },
      { path: 'prompts/1-a.md', data: Buffer.from('Teach {{topic}} to a child. '.repeat(200)) },
    ];
    const read = readZip(createZip(files), limits);
    expect([...read.keys()].sort()).toEqual(['README.md', 'prompts/1-a.md']);
    expect(read.get('prompts/1-a.md')!.equals(files[1].data)).toBe(true);
  });

  it('stops inflating at the byte bound when many entries share one run of compressed data, whatever the headers claim', () => {
    // About 3 KB that claims 1,000 one-byte files and would inflate to 1 GB.
    const bomb = zipBomb(1000, 2 ** 20);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const { error, grewMb, ms } = refusal(() => readZip(bomb, limits));
    expect(error.reason).toBe('bytes');
    // Counted while inflating: never past the bound (each entry's ceiling is what is left of it).
    expect(error.inflated).toBeLessThanOrEqual(IMPORT_LIMITS.bytes);
    expect(grewMb).toBeLessThan(64);
    expect(ms).toBeLessThan(2000);
  });

  it('bounds the ratio: a small archive may not unpack to many times its size, even under the byte bound', () => {
    const dense = createZip([{ path: 'prompts/1.md', data: Buffer.alloc(4 * 2 ** 20, 0x20) }]);
    expect(dense.length * IMPORT_LIMITS.zipRatio).toBeLessThan(IMPORT_LIMITS.bytes);
    const { error } = refusal(() => readZip(dense, limits));
    expect(error.reason).toBe('bytes');
    expect(error.inflated).toBeLessThanOrEqual(dense.length * IMPORT_LIMITS.zipRatio);
  });

  it('refuses too many entries before inflating any', () => {
    const { error } = refusal(() => readZip(zipBomb(limits.entries + 1, 16), limits));
    expect(error.reason).toBe('entries');
    expect(error.inflated).toBe(0);
  });

  it('refuses an archive inside the archive, by name or by its first bytes', () => {
    const inner = createZip([{ path: 'a.md', data: Buffer.from('hello') }]);
    expect(refusal(() => readZip(createZip([{ path: 'more.zip', data: inner }]), limits)).error.reason).toBe('nested');
    expect(refusal(() => readZip(createZip([{ path: 'prompts/1.md', data: inner }]), limits)).error.reason).toBe('nested');
  });

  it('refuses what is not a zip as unreadable', () => {
    expect(refusal(() => readZip(Buffer.from('not a zip at all'), limits)).error.reason).toBe('unreadable');
  });
});
