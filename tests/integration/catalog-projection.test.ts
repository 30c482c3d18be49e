import { describe, expect, it } from 'vitest';
import { START, type EventMetadata } from '../../events';
import { recordUse, reviewPrompt, submitPrompt } from '../../modules/prompts';
import { catalogProjection } from '../../projections/catalog/projection';
import { statementsFor } from '../../projections/types';
import { dumpCatalog, getPublicPrompt, listPrompts } from '../../projections/catalog/queries';
import { listPendingReviews } from '../../projections/review/queries';
import { seedPrompts } from '../../src/server/seed/prompts-data';
import { seedIfEmpty } from '../../src/server/seed';
import { backends, suiteApp, seededApp } from '../support/backends';

const meta = (): EventMetadata => ({ actor: null, requestId: 'test', at: new Date().toISOString() });
const admin = { userId: 1, isAdmin: true };
const visitor = { userId: null, isAdmin: false };
const submission = {
  title: 'Explain a regex',
  description: 'Explains a regular expression piece by piece.',
  content: 'Explain this regular expression step by step: [REGEX]',
  categoryId: 2,
  authorName: 'Tester',
  isFeatured: true,
  isEditorsPick: false,
};

describe.each(backends)('catalog slice on $name', (backend) => {
  const app = suiteApp(() => seededApp(backend));

  it('seeds the demo catalog once, approved, over every category', async () => {
    const prompts = await listPrompts(app().db);
    expect(prompts).toHaveLength(seedPrompts.length);
    expect(new Set(prompts.map((p) => p.categoryId))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(prompts.some((p) => p.isFeatured)).toBe(true);
    expect(prompts.some((p) => p.isEditorsPick)).toBe(true);
    expect(await seedIfEmpty(app().store)).toBe(0);
    expect(await listPrompts(app().db)).toHaveLength(seedPrompts.length);
  });

  it('sorts by popularity, newest and rating, and filters by source, category and search text', async () => {
    const popular = await listPrompts(app().db, { sort: 'popular' });
    expect(popular.map((p) => p.usageCount)).toEqual([...popular.map((p) => p.usageCount)].sort((a, b) => b - a));
    const newest = await listPrompts(app().db, { sort: 'newest' });
    expect(newest.map((p) => p.createdAt)).toEqual([...newest.map((p) => p.createdAt)].sort().reverse());
    const featured = await listPrompts(app().db, { source: 'featured' });
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.every((p) => p.isFeatured)).toBe(true);
    const coding = await listPrompts(app().db, { categoryId: 2 });
    expect(coding.every((p) => p.categoryId === 2)).toBe(true);
    const target = popular[3];
    const word = target.title.slice(2, 7).toUpperCase();
    const found = await listPrompts(app().db, { q: word });
    expect(found.map((p) => p.id)).toContain(target.id);
    expect(found.every((p) => `${p.title} ${p.description}`.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect(await listPrompts(app().db, { q: '%' })).toEqual([]);
  });

  it('keeps a submission pending until an admin approves it, and counts uses', async () => {
    const submitted = await submitPrompt(app().store, submission, { userId: 9, isAdmin: false }, meta());
    await app().settle(submitted);
    const id = submitted.result.id;
    expect(await getPublicPrompt(app().db, id)).toBeNull();
    expect((await listPendingReviews(app().db)).items.map((p) => p.id)).toContain(id);
    await expect(recordUse(app().store, id, visitor, meta())).rejects.toMatchObject({ kind: 'not_found' });

    await app().settle(await reviewPrompt(app().store, id, true, admin, meta()));
    const approved = await getPublicPrompt(app().db, id);
    expect(approved).toMatchObject({ id, isApproved: true, usageCount: 0, rating: 0, reviewedBy: 1, isFeatured: false });
    expect((await listPendingReviews(app().db)).items.map((p) => p.id)).not.toContain(id);

    await app().settle(await recordUse(app().store, id, visitor, meta(), '10.0.0.1'));
    await app().settle(await recordUse(app().store, id, visitor, meta(), '10.0.0.2'));
    expect((await getPublicPrompt(app().db, id))?.usageCount).toBe(2);
    // The same visitor again, within the window: accepted, not counted.
    const again = await recordUse(app().store, id, visitor, meta(), '10.0.0.1');
    expect(again.result.counted).toBe(false);
    await app().settle(again);
    expect((await getPublicPrompt(app().db, id))?.usageCount).toBe(2);
  });

  it('applies an event twice with the same result (idempotent evolve)', async () => {
    const before = await dumpCatalog(app().db);
    const events = await app().store.readAll(START, 100_000);
    await app().db.transaction(async (tx) => {
      for (const event of events) await tx.many(catalogProjection.evolve(event));
    });
    expect(await dumpCatalog(app().db)).toEqual(before);
    // The batched form too, with batch boundaries unlike the live ones.
    const cut = Math.floor(events.length / 3);
    for (const slice of [events, events.slice(cut), events.slice(0, cut)]) {
      await app().db.transaction((tx) => tx.many(statementsFor(catalogProjection, slice)));
    }
    expect(await dumpCatalog(app().db)).toEqual(before);
  });

  it('rebuilds from the whole log into tables equal to the live ones', async () => {
    const live = await dumpCatalog(app().db);
    const progress: number[] = [];
    await app().runner.rebuild('catalog', (p) => progress.push(p.applied));
    expect(await dumpCatalog(app().db)).toEqual(live);
    expect(progress.at(-1)).toBe(await app().store.count());
  });
});
