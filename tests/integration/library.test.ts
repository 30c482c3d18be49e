import { describe, expect, it } from 'vitest';
import type { EventMetadata } from '../../events';
import { bookmark, rate, removeBookmark, resolveFavorite } from '../../modules/engagement';
import { changeCollection, createCollection } from '../../modules/collections';
import { getPublicPrompt, getRatingStats } from '../../projections/catalog/queries';
import { getRating, listFavorites } from '../../projections/engagement/queries';
import { collectionItems, getCollection, listCollections } from '../../projections/collections/queries';
import { backends, suiteApp, seededApp, settleAll } from '../support/backends';

const meta = (actor: number | null = null): EventMetadata => ({ actor, requestId: 'library-test', at: new Date().toISOString() });

/** Bookmarks, ratings and collections decided in the write transaction, on both backends. */
describe.each(backends)('the library on $name', (backend) => {
  const app = suiteApp(() => seededApp(backend));

  it('gives one bookmark for many concurrent clicks, and every click the same favorite id, without an error', async () => {
    const clicks = await Promise.all(Array.from({ length: 8 }, () => bookmark(app().store, 41, 5, meta(41))));
    expect(clicks.filter((c) => c.created)).toHaveLength(1);
    expect(new Set(clicks.map((c) => c.favoriteId)).size).toBe(1);
    await app().settle(clicks.find((c) => c.created)!);
    expect(await listFavorites(app().db, 41)).toEqual([expect.objectContaining({ id: clicks[0].favoriteId, promptId: 5, userId: 41 })]);
    const events = await app().store.readStream('bookmark-41-5');
    expect(events.map((e) => e.type)).toEqual(['Bookmarked']);
  });

  it("shows a user's bookmark to their next read without waiting for a projector (applied in the write transaction)", async () => {
    const { favoriteId } = await bookmark(app().store, 44, 8, meta(44));
    expect(await listFavorites(app().db, 44)).toEqual([expect.objectContaining({ id: favoriteId, promptId: 8 })]);
    // The runner applies the same event again later and changes nothing.
    const before = await app().db.query('select * from favorites order by id');
    await settleAll(app());
    expect(await app().db.query('select * from favorites order by id')).toEqual(before);
  });

  it('removes a bookmark by favorite id or prompt id, and only the owner can', async () => {
    const { favoriteId, ...appended } = await bookmark(app().store, 42, 6, meta(42));
    await app().settle(appended);
    expect(await resolveFavorite(app().db, 42, favoriteId)).toEqual({ promptId: 6, byFavoriteId: true });
    // Another user's favorite id is not theirs: it falls back to meaning a prompt id.
    expect(await resolveFavorite(app().db, 43, favoriteId)).toEqual({ promptId: favoriteId, byFavoriteId: false });
    await expect(removeBookmark(app().store, 43, 6, meta(43))).rejects.toMatchObject({ kind: 'not_found' });
    await app().settle(await removeBookmark(app().store, 42, 6, meta(42)));
    expect(await listFavorites(app().db, 42)).toEqual([]);
  });

  it('keeps one current rating per user and moves the aggregate: round(mean of 1s and 5s)', async () => {
    const before = await getRatingStats(app().db, 7);
    expect(before).toEqual({ rating: 0, ratingCount: 0, helpfulCount: 0 });
    await app().settle(await rate(app().store, 51, 7, 5, meta(51)));
    expect(await getRatingStats(app().db, 7)).toEqual({ rating: 5, ratingCount: 1, helpfulCount: 1 });
    await app().settle(await rate(app().store, 52, 7, 1, meta(52)));
    await app().settle(await rate(app().store, 53, 7, 1, meta(53)));
    // (5 + 1 + 1) / 3 = 2.33
    expect(await getRatingStats(app().db, 7)).toEqual({ rating: 2, ratingCount: 3, helpfulCount: 1 });
    // A changed rating replaces the earlier one: (1 + 1 + 1) / 3.
    await app().settle(await rate(app().store, 51, 7, 1, meta(51)));
    expect(await getRatingStats(app().db, 7)).toEqual({ rating: 1, ratingCount: 3, helpfulCount: 0 });
    expect((await getPublicPrompt(app().db, 7))!.rating).toBe(1);
    expect(await getRating(app().db, 51, 7)).toBe(1);
    // Concurrent ratings by one user leave one current rating, counted once.
    await Promise.all([rate(app().store, 54, 7, 5, meta(54)), rate(app().store, 54, 7, 5, meta(54)), rate(app().store, 54, 7, 1, meta(54))]);
    await settleAll(app());
    expect((await getRatingStats(app().db, 7))!.ratingCount).toBe(4);
  });

  it('counts prompts in collections and hides private ones from others', async () => {
    const { collectionId, ...created } = await createCollection(app().store, 61, { name: 'Mine', description: null, isPublic: false }, meta(61));
    await app().settle(created);
    for (const promptId of [1, 2, 1]) await app().settle(await changeCollection(app().store, { kind: 'add', collectionId, userId: 61, promptId }, meta(61)));
    expect((await listCollections(app().db, 61)).items).toEqual([
      expect.objectContaining({ id: collectionId, promptCount: 2, isPublic: false, description: null }),
    ]);
    expect(await collectionItems(app().db, collectionId)).toHaveLength(2);
    expect(await getCollection(app().db, collectionId, 62)).toBeNull();
    expect(await getCollection(app().db, collectionId, null)).toBeNull();
    await expect(changeCollection(app().store, { kind: 'delete', collectionId, userId: 62 }, meta(62))).rejects.toMatchObject({ kind: 'not_found' });
    await app().settle(await changeCollection(app().store, { kind: 'delete', collectionId, userId: 61 }, meta(61)));
    expect((await listCollections(app().db, 61)).items).toEqual([]);
  });
});
