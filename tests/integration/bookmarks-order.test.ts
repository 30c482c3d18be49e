import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, type EventMetadata } from '../../events';
import { bookmark, rate } from '../../modules/engagement';
import { recordUse, reviewPrompt, submitPrompt, SORTS, type Sort } from '../../modules/prompts';
import { listPrompts } from '../../projections/catalog/queries';
import { libraryReader } from '../../src/server/library';
import { categoryIdOf } from '../../src/shared/list-params';
import { backends, freshApp, settleAll } from '../support/backends';

const meta = (actor: number | null = null): EventMetadata => ({ actor, requestId: 'bookmarks-order', at: new Date().toISOString() });
const READER = 70;

/**
 * The Bookmarks tab lists the same prompts in the same order as the catalog restricted to the
 * user's bookmarks, for every sort and filter: ties (same rating, same uses, same date) included.
 */
describe.each(backends)('the Bookmarks tab on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const ids: number[] = [];
  beforeAll(async () => {
    app = await freshApp(backend);
    // One submission date for all, so Newest is all ties; half Writing, half Coding; some say "draft".
    for (let i = 0; i < 8; i++) {
      const { result } = await submitPrompt(
        app.store,
        {
          title: i % 3 === 0 ? `Draft helper ${i}` : `Helper ${i}`,
          description: `Prompt number ${i}`,
          content: 'Do the thing.',
          categoryId: i % 2 === 0 ? 1 : 2,
          authorName: 'Tester',
          isFeatured: false,
          isEditorsPick: false,
          submittedAt: '2024-01-01T00:00:00.000Z',
        },
        SYSTEM_ACTOR,
        meta(),
      );
      await reviewPrompt(app.store, result.id, true, SYSTEM_ACTOR, meta());
      ids.push(result.id);
    }
    // Ratings: two tied groups (5 and 1) and one unrated; uses break some ties, not all.
    const ratings = [5, 5, 1, 5, 1, 1, 5, 0];
    const uses = [1, 0, 1, 0, 0, 2, 1, 0];
    for (const [i, id] of ids.entries()) {
      if (ratings[i]) await rate(app.store, 100 + i, id, ratings[i] as 1 | 5, meta(100 + i));
      for (let u = 0; u < uses[i]; u++) await recordUse(app.store, id, { userId: 200 + u, isAdmin: false }, meta(200 + u));
    }
    // Bookmarked out of id order, and one prompt not at all, so no order falls out by accident.
    for (const index of [3, 0, 6, 1, 5, 2, 4]) await bookmark(app.store, READER, ids[index], meta(READER));
    await settleAll(app);
  });
  afterAll(async () => app?.dispose());

  const states: { q: string; category: string }[] = [
    { q: '', category: '' },
    { q: '', category: 'writing' },
    { q: 'draft', category: '' },
    { q: 'helper', category: 'coding' },
  ];
  for (const sort of SORTS as readonly Sort[]) {
    for (const filter of states) {
      it(`lists bookmarks in the catalog's order: sort ${sort}, q "${filter.q}", category "${filter.category}"`, async () => {
        const bookmarked = new Set(ids.filter((_, i) => i !== 7));
        const catalog = await listPrompts(app.db, { sort, q: filter.q, categoryId: filter.category ? categoryIdOf(filter.category) : undefined });
        const expected = catalog.filter((p) => bookmarked.has(p.id)).map((p) => p.id);
        expect(expected.length).toBeGreaterThan(0);
        const tab = await libraryReader(app).bookmarks(READER, { sort, ...filter });
        expect(tab.map((p) => p.id)).toEqual(expected);
      });
    }
  }
});
