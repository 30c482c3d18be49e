import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPrompts } from '../../projections/catalog/queries';
import { backends, freshApp } from '../support/backends';
import { fixture, publishFixtures, type FixturePrompt } from '../support/catalog-fixtures';

/**
 * A ranked search's mentions in the body of a common phrase: found by walking the popular index
 * when they are many against the page asked for, by the words index otherwise (queries.ts,
 * `walkPopular`). Either way the same prompts in the same order, and never a prompt that holds
 * the phrase's character pairs out of order.
 */

const inBody = Array.from({ length: 10 }, (_, i) => fixture(`Note ${i + 1}`, 'Minutes.', `請整理這次的會議紀錄，第 ${i + 1} 份。`, 1));
const fixtures: FixturePrompt[] = [
  fixture('會議紀錄範本', 'A template.', 'Fill it in.', 1),
  fixture('Board pack', '附上會議紀錄。', 'Attach the papers.', 1),
  ...inBody,
  // Every character pair of 會議紀錄, none in its order: no match.
  fixture('Decoy', 'Pairs out of order.', '議紀錄。會議。', 1),
];

describe.each(backends)('paging a common phrase on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  beforeAll(async () => {
    app = await freshApp(backend);
    await publishFixtures(app, fixtures, 'search-paging-test');
  });
  afterAll(async () => app?.dispose());

  const titles = async (q: string, limit?: number, offset?: number) => (await listPrompts(app.db, { q, sort: 'relevance', limit, offset })).map((p) => p.title);

  it('lists the ranked matches, then the mentions by popularity, the same in pages of any size', async () => {
    const all = await titles('会议纪录');
    expect(all.slice(0, 2).sort()).toEqual(['Board pack', '會議紀錄範本']);
    // Equally popular: the newest (highest id) first.
    expect(all.slice(2)).toEqual(inBody.map((f) => f.title).reverse());
    for (const size of [1, 3, 5]) {
      const paged: string[] = [];
      for (let offset = 0; offset < all.length + size; offset += size) paged.push(...(await titles('会议纪录', size, offset)));
      expect(paged, `pages of ${size}`).toEqual(all);
    }
  });
});
