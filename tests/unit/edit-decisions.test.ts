import { describe, expect, it } from 'vitest';
import type { EventInput, NewEvent } from '../../events';
import { eventContracts } from '../../events/contracts';
import { promptDecider, visibleVersions } from '../../modules/prompts/domain/prompt';
import { bookmarkDecider } from '../../modules/engagement/domain/bookmark';
import { ratingDecider } from '../../modules/engagement/domain/rating';
import { collectionDecider } from '../../modules/collections/domain/collection';
import { usageDecider } from '../../modules/prompts/domain/usage';
import { EDIT_MESSAGES, editPromptRequest, restoreVersionRequest, PROMPT_REFUSALS } from '../../modules/prompts/contracts';
import { given } from '../support/given';

const admin = { userId: 1, isAdmin: true };
const author = { userId: 2, isAdmin: false };
const other = { userId: 3, isAdmin: false };

const v1 = { title: 'Weekly report', description: 'Turns my notes into a weekly report.', content: 'Write my weekly report.', categoryId: 1 };
const submitted: NewEvent = { type: 'PromptSubmitted', data: { promptId: 7, ...v1, authorName: 'Ada', submittedBy: 2 } };
const kept: NewEvent = { type: 'PromptSavedPrivately', data: { promptId: 7, ...v1, authorName: 'Ada', authorImage: null, savedBy: 2 } };
const approved: NewEvent = { type: 'PromptReviewed', data: { promptId: 7, isApproved: true, reviewedBy: 1, published: { ...v1, note: null } } };
const rejected: NewEvent = { type: 'PromptReviewed', data: { promptId: 7, isApproved: false, reviewedBy: 1 } };
const withdrawn: NewEvent = { type: 'PromptWithdrawn', data: { promptId: 7, withdrawnBy: 2, byAuthor: true } };

const edit = (change: object, actor = author, note: string | null = null) => ({ kind: 'edit' as const, promptId: 7, change, note, actor });
const edited = (version: number, change: object, editedBy = 2, extra: object = {}): NewEvent => ({
  type: 'PromptEdited',
  // An unpublished prompt's edit is its author's (sealed with their key); `extra` says otherwise.
  data: { promptId: 7, version, ...v1, ...change, note: null, restoredFrom: null, editedBy, privateTo: 2, ...extra },
});
const proposed = (version: number, change: object, extra: object = {}): NewEvent => ({
  type: 'PromptRevisionProposed',
  data: { promptId: 7, version, ...v1, ...change, note: null, restoredFrom: null, proposedBy: 2, ...extra },
});
const revisionReviewed = (version: number, isApproved: boolean, published: EventInput<'PromptRevisionReviewed'>['published'] = null): NewEvent => ({
  type: 'PromptRevisionReviewed',
  data: { promptId: 7, version, isApproved, reviewedBy: 1, ...(published ? { published } : {}) },
});
const statuses = (state: Parameters<typeof visibleVersions>[0]) => state.versions.map((v) => v.status);

describe('editing an unpublished prompt applies at once', () => {
  it('given my private prompt, when I edit its title with a note, then it is edited as version 2', () => {
    given(promptDecider, kept)
      .when(edit({ title: 'Monthly report' }, author, 'monthly now'))
      .then(edited(2, { title: 'Monthly report' }, 2, { note: 'monthly now' }));
  });

  it('given my pending prompt, when I edit it, then it is edited and stays pending; the earlier content becomes a draft', () => {
    const g = given(promptDecider, submitted, edited(2, { content: 'Write my weekly report, briefly.' }));
    expect(g.state.status).toBe('pending');
    expect(statuses(g.state)).toEqual(['draft', 'pending']);
    expect(g.state.shown).toBe(2);
  });

  it('given a pending prompt, when the admin edits it, then it is edited by the admin', () => {
    given(promptDecider, submitted)
      .when(edit({ categoryId: 2 }, admin))
      .then(edited(2, { categoryId: 2 }, 1));
  });

  it('given my rejected prompt, when I edit it, then it is edited and stays rejected; the rejected content keeps its status', () => {
    given(promptDecider, submitted, rejected)
      .when(edit({ description: 'A clearer description of it.' }))
      .then(edited(2, { description: 'A clearer description of it.' }));
    const g = given(promptDecider, submitted, rejected, edited(2, { description: 'A clearer description of it.' }));
    expect(g.state.status).toBe('rejected');
    expect(statuses(g.state)).toEqual(['rejected', 'draft']);
  });

  it('given an edit equal to the current content, then nothing is appended', () => {
    given(promptDecider, kept)
      .when(edit({ title: v1.title, categoryId: v1.categoryId }, author, 'no change'))
      .then();
  });
});

describe('editing a published prompt', () => {
  it('given my published prompt, when I edit it, then a revision is proposed (the public keeps version 1)', () => {
    given(promptDecider, submitted, approved)
      .when(edit({ content: 'Write my weekly report in bullets.' }))
      .then(proposed(2, { content: 'Write my weekly report in bullets.' }));
    const g = given(promptDecider, submitted, approved, proposed(2, { content: 'Write my weekly report in bullets.' }));
    expect(g.state.shown).toBe(1);
    expect(g.state.pendingRevision).toBe(2);
    expect(statuses(g.state)).toEqual(['published', 'pending']);
  });

  it('given a pending revision, when I propose another, then it is version 3 and the older one reads as withdrawn', () => {
    const g = given(promptDecider, submitted, approved, proposed(2, { title: 'Second title' }));
    g.when(edit({ content: 'Another content entirely.' })).then(proposed(3, { title: 'Second title', content: 'Another content entirely.' }));
    const after = given(promptDecider, submitted, approved, proposed(2, { title: 'Second title' }), proposed(3, { content: 'Another content entirely.' }));
    expect(statuses(after.state)).toEqual(['published', 'withdrawn', 'pending']);
    expect(after.state.pendingRevision).toBe(3);
  });

  it('given a pending revision, when I send the same content again, then nothing is appended', () => {
    given(promptDecider, submitted, approved, proposed(2, { title: 'Second title' }))
      .when(edit({ title: 'Second title' }))
      .then();
  });

  it('given a published prompt, when the admin edits it, then the edit applies at once and is published', () => {
    given(promptDecider, submitted, approved)
      .when(edit({ title: 'Edited by the admin' }, admin))
      // Public at once: nobody's private text, so in clear in the log.
      .then(edited(2, { title: 'Edited by the admin' }, 1, { privateTo: null }));
    const g = given(promptDecider, submitted, approved, edited(2, { title: 'Edited by the admin' }, 1));
    expect(statuses(g.state)).toEqual(['published', 'published']);
    expect(g.state.shown).toBe(2);
  });

  it('given a pending revision, when the admin approves it, then it becomes the public version', () => {
    given(promptDecider, submitted, approved, proposed(2, { title: 'Second title' }))
      .when({ kind: 'review-revision', promptId: 7, version: 2, isApproved: true, actor: admin })
      // The approval writes the text it publishes in clear: the proposal is sealed with the author's key.
      .then(revisionReviewed(2, true, { ...v1, title: 'Second title', note: null }));
    const g = given(promptDecider, submitted, approved, proposed(2, { title: 'Second title' }), revisionReviewed(2, true));
    expect(g.state.shown).toBe(2);
    expect(g.state.pendingRevision).toBeNull();
    expect(statuses(g.state)).toEqual(['published', 'published']);
  });

  it('given a pending revision, when the admin rejects it, then the public version stays', () => {
    const g = given(promptDecider, submitted, approved, proposed(2, { title: 'Second title' }), revisionReviewed(2, false));
    expect(g.state.shown).toBe(1);
    expect(statuses(g.state)).toEqual(['published', 'rejected']);
  });

  it('given a revision that is not the pending one, when the admin reviews it, then it is a conflict; an unknown version is not found', () => {
    const g = given(promptDecider, submitted, approved, proposed(2, { title: 'Second title' }), proposed(3, { title: 'Third title' }));
    g.when({ kind: 'review-revision', promptId: 7, version: 2, isApproved: true, actor: admin }).thenRefuses(PROMPT_REFUSALS.revisionNotPending);
    g.when({ kind: 'review-revision', promptId: 7, version: 9, isApproved: true, actor: admin }).thenRefuses(PROMPT_REFUSALS.versionNotFound);
    g.when({ kind: 'review-revision', promptId: 7, version: 3, isApproved: true, actor: author }).thenRefuses(PROMPT_REFUSALS.adminOnly);
  });

  it('given a pending revision, when I withdraw it, then it is withdrawn; with none pending it is a conflict', () => {
    given(promptDecider, submitted, approved, proposed(2, { title: 'Second title' }))
      .when({ kind: 'withdraw-revision', promptId: 7, actor: author })
      .then({ type: 'PromptRevisionWithdrawn', data: { promptId: 7, version: 2, withdrawnBy: 2 } });
    given(promptDecider, submitted, approved).when({ kind: 'withdraw-revision', promptId: 7, actor: author }).thenRefuses(PROMPT_REFUSALS.noPendingRevision);
    given(promptDecider, submitted, approved, proposed(2, { title: 'Second title' }))
      .when({ kind: 'withdraw-revision', promptId: 7, actor: admin })
      .thenRefuses(PROMPT_REFUSALS.revisionAuthorOnly);
  });

  it('given a pending revision, when the prompt is withdrawn, then the revision reads as withdrawn and nothing is pending', () => {
    const g = given(promptDecider, submitted, approved, proposed(2, { title: 'Second title' }), withdrawn);
    expect(statuses(g.state)).toEqual(['published', 'withdrawn']);
    expect(g.state.pendingRevision).toBeNull();
    // A pending prompt's content, never public, is a draft once the prompt is withdrawn.
    expect(statuses(given(promptDecider, submitted, withdrawn).state)).toEqual(['draft']);
  });
});

describe('who may edit', () => {
  it('given someone else’s prompt, when I edit, restore or withdraw its revision, then it is not found', () => {
    for (const past of [[submitted], [submitted, approved], [kept]]) {
      const g = given(promptDecider, ...past);
      g.when(edit({ title: 'Not mine at all' }, other)).thenRefuses(PROMPT_REFUSALS.notFound);
      g.when({ kind: 'restore', promptId: 7, version: 1, note: null, actor: other }).thenRefuses(PROMPT_REFUSALS.notFound);
      g.when({ kind: 'withdraw-revision', promptId: 7, actor: other }).thenRefuses(PROMPT_REFUSALS.notFound);
    }
  });

  it('given a private prompt, when the admin edits it, then it is not found (it is its author’s alone)', () => {
    given(promptDecider, kept)
      .when(edit({ title: 'The admin edits' }, admin))
      .thenRefuses(PROMPT_REFUSALS.notFound);
    given(promptDecider, kept).when({ kind: 'review-revision', promptId: 7, version: 1, isApproved: true, actor: admin }).thenRefuses(PROMPT_REFUSALS.notFound);
  });

  it('given a withdrawn prompt, when its author or the admin edits it, then it is a conflict', () => {
    given(promptDecider, submitted, withdrawn)
      .when(edit({ title: 'Edited anyway' }))
      .thenRefuses(PROMPT_REFUSALS.withdrawnPrompt);
    given(promptDecider, submitted, withdrawn)
      .when(edit({ title: 'Edited anyway' }, admin))
      .thenRefuses(PROMPT_REFUSALS.withdrawnPrompt);
  });

  it('given no prompt, when anyone edits it, then it is not found', () => {
    given(promptDecider)
      .when(edit({ title: 'Nothing here' }))
      .thenRefuses(PROMPT_REFUSALS.notFound);
  });
});

describe('restoring a version', () => {
  const later = { title: 'Monthly report', content: 'Write my monthly report.' };

  it('given my private prompt edited once, when I restore version 1, then version 3 equals version 1 and names it', () => {
    given(promptDecider, kept, edited(2, later))
      .when({ kind: 'restore', promptId: 7, version: 1, note: 'back to weekly', actor: author })
      .then(edited(3, {}, 2, { note: 'back to weekly', restoredFrom: 1 }));
  });

  it('given my published prompt edited by a revision, when I restore version 1, then the restore is a pending revision', () => {
    given(promptDecider, submitted, approved, proposed(2, later), revisionReviewed(2, true))
      .when({ kind: 'restore', promptId: 7, version: 1, note: null, actor: author })
      .then(proposed(3, {}, { restoredFrom: 1 }));
  });

  it('given a version equal to the current one, when I restore it, then nothing is appended; an unknown version is not found', () => {
    given(promptDecider, kept, edited(2, later)).when({ kind: 'restore', promptId: 7, version: 2, note: null, actor: author }).then();
    given(promptDecider, kept).when({ kind: 'restore', promptId: 7, version: 5, note: null, actor: author }).thenRefuses(PROMPT_REFUSALS.versionNotFound);
  });
});

describe('versions as each viewer sees them', () => {
  const history = [submitted, approved, proposed(2, { title: 'Second title' }), revisionReviewed(2, true), proposed(3, { title: 'Third title' })];

  it('given a published prompt with a pending revision, then its author and the admin see every version, anyone else only the published ones', () => {
    const { state } = given(promptDecider, ...history);
    expect(visibleVersions(state, author)!.map((v) => [v.version, v.status, v.current])).toEqual([
      [1, 'published', false],
      [2, 'published', true],
      [3, 'pending', false],
    ]);
    expect(visibleVersions(state, admin)).toHaveLength(3);
    expect(visibleVersions(state, other)!.map((v) => v.version)).toEqual([1, 2]);
    expect(visibleVersions(state, { userId: null, isAdmin: false })!.map((v) => v.title)).toEqual([v1.title, 'Second title']);
  });

  it('given a private or pending prompt, then only its author (and the admin for a pending one) sees its versions', () => {
    expect(visibleVersions(given(promptDecider, kept).state, admin)).toBeNull();
    expect(visibleVersions(given(promptDecider, kept).state, other)).toBeNull();
    expect(visibleVersions(given(promptDecider, kept).state, author)).toHaveLength(1);
    expect(visibleVersions(given(promptDecider, submitted).state, admin)).toHaveLength(1);
    expect(visibleVersions(given(promptDecider, submitted).state, other)).toBeNull();
  });
});

describe('uses, ratings, bookmarks and collection items record the public version', () => {
  const revised = [submitted, approved, proposed(2, { title: 'Second title' }), revisionReviewed(2, true)];
  const pending = [submitted, approved, proposed(2, { title: 'Second title' })];

  it('a use of each published version records it (the version history counts them apart); a use stored before that reads as no version', () => {
    const now = new Date();
    const used = (...history: NewEvent[]) =>
      given(usageDecider, ...history)
        .when({ promptId: 7, actor: other, now })
        .events();
    expect(used(submitted, approved)).toEqual([{ type: 'Used', data: { promptId: 7, userId: 3, version: 1 } }]);
    expect(used(...revised)).toEqual([{ type: 'Used', data: { promptId: 7, userId: 3, version: 2 } }]);
    // Version 1 of the event had no `version`: it counts in the prompt's total only.
    const { Used } = eventContracts;
    expect(Used.schema.parse(Used.upcast({ promptId: 7, userId: null, count: 3 }))).toEqual({ promptId: 7, userId: null, count: 3, version: null });
  });

  it('given an approved revision, then a use, a bookmark and a collection item record version 2; while it waits, version 1', () => {
    const now = new Date();
    expect(
      given(usageDecider, ...revised)
        .when({ promptId: 7, actor: other, now })
        .events(),
    ).toEqual([{ type: 'Used', data: { promptId: 7, userId: 3, version: 2 } }]);
    given(bookmarkDecider, ...pending)
      .when({ kind: 'bookmark', userId: 3, promptId: 7 })
      .then({ type: 'Bookmarked', data: { userId: 3, promptId: 7, version: 1 } });
    const created: NewEvent = { type: 'CollectionCreated', data: { collectionId: 4, userId: 3, name: 'Kit', description: null, isPublic: false } };
    given(collectionDecider, ...revised, created)
      .when({ kind: 'add', collectionId: 4, userId: 3, promptId: 7 })
      .then({ type: 'PromptAddedToCollection', data: { collectionId: 4, promptId: 7, version: 2 } });
  });

  it('given my Helpful rating of version 1, when I rate Helpful again on version 2, then the rating moves to version 2', () => {
    const helpful: NewEvent = { type: 'Rated', data: { userId: 3, promptId: 7, value: 5, version: 1 } };
    given(ratingDecider, ...revised, helpful)
      .when({ userId: 3, promptId: 7, value: 5 })
      .then({ type: 'Rated', data: { userId: 3, promptId: 7, value: 5, previous: 5, version: 2 } });
    given(ratingDecider, ...pending, helpful)
      .when({ userId: 3, promptId: 7, value: 5 })
      .then();
  });
});

describe('the edit request', () => {
  it('given no field to change, then it is refused; a note alone is not an edit', () => {
    expect(editPromptRequest.safeParse({}).success).toBe(false);
    expect(editPromptRequest.safeParse({ note: 'only a note' }).success).toBe(false);
    expect(editPromptRequest.parse({ title: 'A new title' })).toEqual({ title: 'A new title', note: null });
  });

  it("given fields past the create page's limits or a long note, then each gets its message", () => {
    const result = editPromptRequest.safeParse({ title: 'abc', description: 'short', content: 'x'.repeat(5001), note: 'n'.repeat(201) });
    const issues = result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['title', 'Title must be at least 5 characters.'],
      ['description', 'Description must be at least 20 characters.'],
      ['content', 'Prompt content must not exceed 5000 characters.'],
      ['note', EDIT_MESSAGES.noteTooLong],
    ]);
    expect(restoreVersionRequest.parse({ note: '  ' })).toEqual({ note: null });
    expect(editPromptRequest.safeParse({ categoryId: 999 }).success).toBe(false);
  });
});
