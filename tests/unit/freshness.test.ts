import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { READ_MODELS } from '../../events/read-models';
import { projections } from '../../projections';
import { allRoutes } from '../../src/shared/api-routes';
import { formatWritten, Freshness, mergeWritten, parseWritten, type ReadModelPositions } from '../../src/server/freshness';
import { CACHED_PAGES, cachedPage } from '../../src/server/page-cache';
import { pathOfFile } from '../support/endpoints';

const PAGES = join(__dirname, '../../src/pages');

function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? astroFiles(path) : entry.name.endsWith('.astro') ? [path] : [];
  });
}

/** The path a page file serves, in the declarations' form (`/prompts/{id}`). */
const pathOfPage = (file: string) => pathOfFile(`/src/pages/${relative(PAGES, file).replace(/\.astro$/, '.ts')}`) || '/';

/** Freshness is declared once per cached page and once per write route (src/server/freshness.ts). */
describe('freshness declarations', () => {
  it('names each read model once, and every projection is one of them', () => {
    expect(projections.map((p) => p.name).sort()).toEqual([...READ_MODELS].sort());
  });

  it('every page that may be stored (markCacheable) has its row in CACHED_PAGES, and every row is such a page', () => {
    const cacheable = astroFiles(PAGES)
      .filter((file) => /\bmarkCacheable\(Astro\)/.test(readFileSync(file, 'utf8')))
      .map(pathOfPage)
      .sort();
    expect(cacheable.length).toBeGreaterThan(5);
    for (const path of cacheable) expect(cachedPage(path.replace(/\{\w+\}/g, '7'))?.path, `${path} has no CACHED_PAGES row`).toBe(path);
    expect(CACHED_PAGES.map((p) => p.path).sort()).toEqual(cacheable);
  });

  it('keys no page on an inline read model (its checkpoint says nothing of its rows)', () => {
    const inline = projections.filter((p) => p.inline).map((p) => p.name);
    expect(inline.length).toBeGreaterThan(0);
    for (const page of CACHED_PAGES)
      expect(
        page.reads.filter((m) => inline.includes(m)),
        page.path,
      ).toEqual([]);
  });

  it('every write route declares the read models its answer reads', () => {
    const writes = allRoutes.filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(30);
    for (const r of writes) expect(r.reads, `${r.method} ${r.path} declares no reads`).toBeDefined();
    for (const r of allRoutes.filter((r) => r.method === 'GET')) expect(r.reads, `${r.method} ${r.path}: a read declares nothing`).toBeUndefined();
  });
});

describe('the written cookie', () => {
  it('carries the position and the read models, and refuses anything else', () => {
    const written = { last: { txId: '812', position: 90 }, models: ['catalog', 'community'] as const };
    expect(formatWritten(written)).toBe('812.90.catalog.community');
    expect(parseWritten('812.90.catalog.community')).toEqual(written);
    for (const bad of [undefined, '', '812.90', '812.90.', '812.90.nothing', '812.90.catalog.Catalog', 'a.90.catalog', '812.90.catalog;x']) {
      expect(parseWritten(bad), String(bad)).toBeNull();
    }
  });

  it("merges a writer's two writes at the later position, with both writes' read models", () => {
    const earlier = { last: { txId: '812', position: 90 }, models: ['catalog', 'community'] as const };
    const later = { last: { txId: '813', position: 95 }, models: ['discussion'] as const };
    expect(mergeWritten(earlier, later)).toEqual({ last: later.last, models: ['catalog', 'community', 'discussion'] });
    expect(mergeWritten(null, later)).toBe(later);
  });
});

describe('versions', () => {
  function positions(start: Record<string, number>) {
    const at = new Map(Object.entries(start).map(([name, position]) => [name, { txId: '1', position }]));
    const settled: string[][] = [];
    const source: ReadModelPositions = {
      checkpoints: async () => new Map(at),
      head: async () => ({ txId: '1', position: 100 }),
      settle: async (target, names) => {
        settled.push([...names]);
        for (const name of names) at.set(name, target);
      },
    };
    return { at, settled, freshness: new Freshness(source) };
  }

  it("is keyed on the checkpoints of the read models an answer reads, and on nothing else's", async () => {
    const { at, freshness } = positions({ catalog: 10, discussion: 20, community: 30 });
    const detail = await freshness.version(['catalog', 'discussion']);
    const home = await freshness.version(['catalog']);
    expect(await freshness.version([])).toBe('');
    at.set('discussion', { txId: '1', position: 21 });
    // A writer naming the discussion re-reads at once; the catalog's version is untouched.
    const written = { last: { txId: '1', position: 21 }, models: ['discussion' as const] };
    expect(await freshness.version(['catalog', 'discussion'], written)).not.toBe(detail);
    expect(await freshness.version(['catalog'])).toBe(home);
  });

  it("catches up, for a writer's read, only the read models it wrote that are behind, never past the log's head", async () => {
    const { at, settled, freshness } = positions({ catalog: 10, discussion: 20, community: 30 });
    await freshness.version(['catalog', 'discussion', 'community'], { last: { txId: '1', position: 25 }, models: ['catalog', 'community'] });
    expect(settled).toEqual([['catalog']]);
    await freshness.wait({ last: { txId: '1', position: 500 }, models: ['community'] });
    expect(settled).toEqual([['catalog'], ['community']]);
    expect(at.get('community')?.position).toBe(100);
  });
});
