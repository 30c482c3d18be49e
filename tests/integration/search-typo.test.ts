import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata } from '../../events';
import { deletePrompt, editPrompt, reviewPrompt, submitPrompt, undeletePrompt, withdrawPrompt } from '../../modules/prompts';
import { listPrompts } from '../../projections/catalog/queries';
import { backends, freshApp, settleAll } from '../support/backends';

/**
 * The lexicon typo tolerance reads (catalog_words, docs/search.md) on both backends: after
 * each change it holds exactly the words of 4+ letters of the published prompts, with how many
 * prompts hold each, so a typo finds what is published now and nothing else.
 */

const meta = (): EventMetadata => ({ actor: null, requestId: 'search-typo-test', at: new Date().toISOString() });
const admin = { userId: 1, isAdmin: true };
const author = { userId: 9, isAdmin: false };

describe.each(backends)('the typo lexicon on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const ids: number[] = [];

  beforeAll(async () => {
    app = await freshApp(backend);
    const texts = [
      { title: 'Lantern Festival', description: 'Plans a lantern walk.', content: 'List the harbour stops.' },
      { title: 'Harbour Tour', description: 'A walking tour.', content: 'Name the harbour piers and ferries.' },
      { title: 'Noodle Recipes', description: 'Quick noodles.', content: 'Boil, then season.' },
      { title: 'Secret Draft', description: 'Unpublished.', content: 'Mentions zeppelins.', pending: true },
    ];
    for (const t of texts) {
      const submitted = await submitPrompt(app.store, { ...t, categoryId: 1, authorName: 'Tester', isFeatured: false, isEditorsPick: false }, author, meta());
      ids.push(submitted.result.id);
      if (!t.pending) await reviewPrompt(app.store, submitted.result.id, true, admin, meta());
    }
    await settleAll(app);
  });
  afterAll(async () => app?.dispose());

  const byWord = (rows: { word: string; n: number }[]) => rows.map((r) => `${r.word}:${r.n}`).sort();
  async function expectLexiconExact() {
    const published = await app.db.query<{ word: string; n: number }>(
      `select w as word, count(*)::int as n from catalog_prompts, unnest(tsvector_to_array(search_vector)) w
       where status = 'approved' and char_length(w) >= 4 group by w`,
    );
    const lexicon = await app.db.query<{ word: string; n: number }>('select word, n from catalog_words');
    expect(byWord(lexicon)).toEqual(byWord(published));
    return new Map(lexicon.map((r) => [r.word, r.n]));
  }
  const titles = async (q: string) => (await listPrompts(app.db, { q, sort: 'relevance' })).map((p) => p.title).sort();

  it('counts the published words, none of an unpublished prompt', async () => {
    const lexicon = await expectLexiconExact();
    expect(lexicon.get('harbour')).toBe(2);
    expect(lexicon.has('zeppelins')).toBe(false);
    expect(lexicon.has('tour')).toBe(true);
    expect(await titles('harbuor')).toEqual(['Harbour Tour', 'Lantern Festival']);
    expect(await titles('zeppelns')).toEqual([]);
  });

  it('follows an edit, a withdrawal, a deletion, its Undo and a later restore', async () => {
    await editPrompt(app.store, ids[0], { content: 'List the market stalls.' }, null, admin, meta());
    await settleAll(app);
    expect((await expectLexiconExact()).get('harbour')).toBe(1);
    expect(await titles('harbuor')).toEqual(['Harbour Tour']);
    expect(await titles('markte')).toEqual(['Lantern Festival']);

    await withdrawPrompt(app.store, ids[1], author, meta());
    await settleAll(app);
    expect((await expectLexiconExact()).has('harbour')).toBe(false);
    expect(await titles('harbuor')).toEqual([]);

    await deletePrompt(app.store, ids[2], author, meta());
    await settleAll(app);
    expect((await expectLexiconExact()).has('noodles')).toBe(false);
    expect(await titles('noodels')).toEqual([]);

    // Undone at once (the toast's Undo), a published prompt is published again: its words are back.
    await undeletePrompt(app.store, ids[2], author, meta());
    await settleAll(app);
    expect((await expectLexiconExact()).get('noodles')).toBe(1);
    expect(await titles('noodels')).toEqual(['Noodle Recipes']);

    // Restored later from Recently deleted, it stands withdrawn: still not published.
    const deletedAt = new Date();
    await deletePrompt(app.store, ids[2], author, meta(), deletedAt);
    await undeletePrompt(app.store, ids[2], author, meta(), new Date(deletedAt.getTime() + 60 * 60 * 1000));
    await settleAll(app);
    expect((await expectLexiconExact()).has('noodles')).toBe(false);
    expect(await titles('noodels')).toEqual([]);
  });
});
