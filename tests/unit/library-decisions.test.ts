import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../events';
import { bookmarkDecider } from '../../modules/engagement/domain/bookmark';
import { ratingDecider } from '../../modules/engagement/domain/rating';
import { historyDecider, recentValuesDecider } from '../../modules/engagement/domain/history';
import { collectionDecider } from '../../modules/collections/domain/collection';
import { collectionRequest, COLLECTION_MESSAGES, QUICK_COLLECTION_DESCRIPTION, COLLECTION_REFUSALS } from '../../modules/collections/contracts';
import { historyRequest, ratingRequest, RECENT_VALUES_LIMITS, ENGAGEMENT_REFUSALS } from '../../modules/engagement/contracts';
import { given, stored } from '../support/given';

const submitted: NewEvent = {
  type: 'PromptSubmitted',
  data: { promptId: 7, title: 't', description: 'd', content: 'c', categoryId: 1, authorName: 'Ada' },
};
const approved: NewEvent = { type: 'PromptReviewed', data: { promptId: 7, isApproved: true, reviewedBy: 1 } };
const rejected: NewEvent = { type: 'PromptReviewed', data: { promptId: 7, isApproved: false, reviewedBy: 1 } };
const bookmarked: NewEvent = { type: 'Bookmarked', data: { userId: 2, promptId: 7, version: 1 } };

describe('bookmarks', () => {
  it('given a public prompt, when a user bookmarks it, then it is bookmarked', () => {
    given(bookmarkDecider, submitted, approved).when({ kind: 'bookmark', userId: 2, promptId: 7 }).then(bookmarked);
  });

  it('given a bookmark, when the user bookmarks again (a double click), then nothing is added and nothing refused', () => {
    given(bookmarkDecider, submitted, approved, bookmarked).when({ kind: 'bookmark', userId: 2, promptId: 7 }).then();
  });

  it('given a pending or rejected prompt, when a user bookmarks it, then it is not found', () => {
    given(bookmarkDecider, submitted).when({ kind: 'bookmark', userId: 2, promptId: 7 }).thenRefuses(ENGAGEMENT_REFUSALS.promptNotFound);
    given(bookmarkDecider, submitted, rejected).when({ kind: 'bookmark', userId: 2, promptId: 7 }).thenRefuses(ENGAGEMENT_REFUSALS.promptNotFound);
  });

  it('given a bookmark, when the user removes it, then the removal names the favorite (its event position)', () => {
    const g = given(bookmarkDecider, submitted, approved, bookmarked);
    const [removed] = g.when({ kind: 'remove', userId: 2, promptId: 7 }).events();
    expect(removed).toEqual({ type: 'BookmarkRemoved', data: { favoriteId: g.state.favoriteId, userId: 2, promptId: 7 } });
    expect(g.state.favoriteId).toBeGreaterThan(0);
  });

  it('given no bookmark, when the user removes it, then it is not found, unless the same removal is repeated', () => {
    given(bookmarkDecider, submitted, approved).when({ kind: 'remove', userId: 2, promptId: 7 }).thenRefuses(ENGAGEMENT_REFUSALS.bookmarkNotFound);
    given(bookmarkDecider, submitted, approved).when({ kind: 'remove', userId: 2, promptId: 7, quiet: true }).then();
  });

  it('given a removed bookmark, when the user bookmarks again, then it is bookmarked anew', () => {
    const removed: NewEvent = { type: 'BookmarkRemoved', data: { favoriteId: 1, userId: 2, promptId: 7 } };
    given(bookmarkDecider, submitted, approved, bookmarked, removed).when({ kind: 'bookmark', userId: 2, promptId: 7 }).then(bookmarked);
  });
});

describe('ratings', () => {
  const rate = (value: 1 | 5) => ({ userId: 2, promptId: 7, value });

  it('given no rating, when the user rates Helpful, then it is rated 5 with nothing replaced', () => {
    given(ratingDecider, submitted, approved)
      .when(rate(5))
      .then({ type: 'Rated', data: { userId: 2, promptId: 7, value: 5, previous: null, version: 1 } });
  });

  it('given a Helpful rating, when the user rates Not Helpful, then the new value replaces the old one', () => {
    const helpful: NewEvent = { type: 'Rated', data: { userId: 2, promptId: 7, value: 5, version: 1 } };
    given(ratingDecider, submitted, approved, helpful)
      .when(rate(1))
      .then({ type: 'Rated', data: { userId: 2, promptId: 7, value: 1, previous: 5, version: 1 } });
  });

  it('given a Helpful rating, when the user rates Helpful again, then nothing changes', () => {
    const helpful: NewEvent = { type: 'Rated', data: { userId: 2, promptId: 7, value: 5, version: 1 } };
    given(ratingDecider, submitted, approved, helpful).when(rate(5)).then();
  });

  it('given a pending prompt, when the user rates it, then it is not found', () => {
    given(ratingDecider, submitted).when(rate(5)).thenRefuses(ENGAGEMENT_REFUSALS.promptNotFound);
  });

  it('given a rating request, when the value is not 1 or 5, then it is refused; a userId in it is accepted and ignored', () => {
    expect(ratingRequest.safeParse({ promptId: 7, value: 3 }).success).toBe(false);
    expect(ratingRequest.parse({ userId: 999, promptId: 7, value: 1 })).toMatchObject({ promptId: 7, value: 1 });
  });
});

describe('history', () => {
  it('given a public prompt, when the user records a use, then a history entry is recorded', () => {
    given(historyDecider, submitted, approved)
      .when({ userId: 2, promptId: 7 })
      .then({ type: 'HistoryRecorded', data: { userId: 2, promptId: 7, modifiedContent: null, values: null } });
  });

  it('given a public prompt, when the user records a filled copy, then the entry keeps the text and the non-blank values', () => {
    given(historyDecider, submitted, approved)
      .when({ userId: 2, promptId: 7, modifiedContent: 'Dear Ada, ', values: { name: 'Ada', tone: '  ', topic: '' } })
      .then({ type: 'HistoryRecorded', data: { userId: 2, promptId: 7, modifiedContent: 'Dear Ada, ', values: { name: 'Ada' } } });
  });

  it('given only blank values, when the user records a filled copy, then nothing is remembered', () => {
    given(historyDecider, submitted, approved)
      .when({ userId: 2, promptId: 7, modifiedContent: 'x', values: { name: ' ' } })
      .then({ type: 'HistoryRecorded', data: { userId: 2, promptId: 7, modifiedContent: 'x', values: null } });
  });

  it('given a pending prompt, when the user records a use, then it is not found', () => {
    given(historyDecider, submitted).when({ userId: 2, promptId: 7 }).thenRefuses(ENGAGEMENT_REFUSALS.promptNotFound);
  });
});

describe('remembered values', () => {
  it('given any history, when the user clears their remembered values, then RecentValuesCleared is recorded', () => {
    given(recentValuesDecider)
      .when({ kind: 'clear', userId: 2 })
      .then({ type: 'RecentValuesCleared', data: { userId: 2 } });
  });

  it('bounds the values a history entry takes: 50 names, names of 1-100 characters, values of 5,000', () => {
    const issue = (values: Record<string, string>) => historyRequest.safeParse({ promptId: 7, values }).error?.issues[0];
    const many = Object.fromEntries(Array.from({ length: RECENT_VALUES_LIMITS.names.max + 1 }, (_, i) => [`v${i}`, 'x']));
    expect(issue(many)).toMatchObject({ code: 'too_big', maximum: 50 });
    expect(issue(Object.fromEntries(Object.entries(many).slice(0, 50)))).toBeUndefined();
    expect(issue({ ['n'.repeat(101)]: 'x' })).toMatchObject({ code: 'too_big', maximum: 100 });
    expect(issue({ '': 'x' })).toMatchObject({ code: 'too_small' });
    expect(issue({ name: 'v'.repeat(5_001) })).toMatchObject({ code: 'too_big', maximum: 5_000 });
    expect(issue({ name: 'v'.repeat(5_000) })).toBeUndefined();
    expect(historyRequest.safeParse({ promptId: 7, values: { a: 'b' }, modifiedContent: 'c' }).success).toBe(false);
  });
});

describe('collections', () => {
  const collection = { name: 'Writing kit', description: QUICK_COLLECTION_DESCRIPTION, isPublic: false };
  const created: NewEvent = { type: 'CollectionCreated', data: { collectionId: 3, userId: 2, ...collection } };
  const added: NewEvent = { type: 'PromptAddedToCollection', data: { collectionId: 3, promptId: 7, version: 1 } };

  it('given nothing, when a user creates a collection, then it is created for them', () => {
    given(collectionDecider).when({ kind: 'create', collectionId: 3, userId: 2, collection }).then(created);
  });

  it("given a user's collection, when they add a public prompt, then it is added, once", () => {
    given(collectionDecider, submitted, approved, created).when({ kind: 'add', collectionId: 3, userId: 2, promptId: 7 }).then(added);
    given(collectionDecider, submitted, approved, created, added).when({ kind: 'add', collectionId: 3, userId: 2, promptId: 7 }).then();
  });

  it('given a collection, when another user changes it in any way, then it is not found (as if it did not exist)', () => {
    for (const kind of ['delete', 'add', 'remove'] as const) {
      given(collectionDecider, submitted, approved, created, added)
        .when({ kind, collectionId: 3, userId: 9, promptId: 7 })
        .thenRefuses(COLLECTION_REFUSALS.notFound);
    }
  });

  it('given a collection, when the owner removes a prompt that is not in it, or adds a pending one, then it is not found', () => {
    given(collectionDecider, created).when({ kind: 'remove', collectionId: 3, userId: 2, promptId: 7 }).thenRefuses(COLLECTION_REFUSALS.notInCollection);
    given(collectionDecider, submitted, created).when({ kind: 'add', collectionId: 3, userId: 2, promptId: 7 }).thenRefuses(COLLECTION_REFUSALS.promptNotFound);
  });

  it('given a deleted collection, when the owner changes it, then it is not found', () => {
    const deleted: NewEvent = { type: 'CollectionDeleted', data: { collectionId: 3, userId: 2 } };
    given(collectionDecider, created, deleted).when({ kind: 'delete', collectionId: 3, userId: 2 }).thenRefuses(COLLECTION_REFUSALS.notFound);
  });

  it('given a collection form, when fields break the bounds, then each gets the spec message', () => {
    const messages = (input: unknown) => collectionRequest.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ name: 'ab', description: 'too short' })).toEqual([COLLECTION_MESSAGES.nameMin, COLLECTION_MESSAGES.descriptionMin]);
    expect(messages({ name: 'x'.repeat(51), description: 'y'.repeat(201) })).toEqual([COLLECTION_MESSAGES.nameMax, COLLECTION_MESSAGES.descriptionMax]);
    expect(collectionRequest.parse({ name: 'Quick one', description: QUICK_COLLECTION_DESCRIPTION })).toEqual({
      name: 'Quick one',
      description: QUICK_COLLECTION_DESCRIPTION,
      isPublic: false,
    });
    expect(collectionRequest.parse({ name: 'No words', description: '' }).description).toBeNull();
  });

  it('folds a stored event position into the favorite id', () => {
    expect(bookmarkDecider.evolve(bookmarkDecider.initialState, stored(bookmarked)).favoriteId).toBeGreaterThan(0);
  });
});
