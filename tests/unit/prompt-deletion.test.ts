import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../events';
import { promptDecider, RESTORE_WINDOW_MS, visibleVersions } from '../../modules/prompts/domain/prompt';
import { PROMPT_REFUSALS, UNDO_DELETE_MS } from '../../modules/prompts/contracts';
import { given } from '../support/given';

const author = { userId: 2, isAdmin: false };
const admin = { userId: 1, isAdmin: true };
const someoneElse = { userId: 3, isAdmin: false };
const now = new Date('2026-11-01T10:00:00.000Z');
const purgeAfter = new Date(now.getTime() + RESTORE_WINDOW_MS).toISOString();

const text = { promptId: 7, title: 't', description: 'd', content: 'c', categoryId: 1, authorName: 'Ada' };
const kept: NewEvent = { type: 'PromptSavedPrivately', data: { ...text, savedBy: 2 } } as NewEvent;
const submitted: NewEvent = { type: 'PromptSubmitted', data: { ...text, submittedBy: 2 } } as NewEvent;
const approved: NewEvent = {
  type: 'PromptReviewed',
  data: { promptId: 7, isApproved: true, reviewedBy: 1, published: { title: 't', description: 'd', content: 'c', categoryId: 1, note: null } },
};
const rejected: NewEvent = { type: 'PromptReviewed', data: { promptId: 7, isApproved: false, reviewedBy: 1 } };
const withdrawnByAuthor: NewEvent = { type: 'PromptWithdrawn', data: { promptId: 7, withdrawnBy: 2, byAuthor: true } };
const deletedFrom = (withdrew: 'pending' | 'approved' | null): NewEvent => ({
  type: 'PromptDeleted',
  data: { promptId: 7, deletedBy: 2, purgeAfter, withdrew },
});
const deleted = deletedFrom(null);
const del = (actor = author) => ({ kind: 'delete' as const, promptId: 7, actor, now });
/** Restored later than the Undo (from Recently deleted), unless `at` says when. */
const undelete = (actor = author, at = new Date(now.getTime() + UNDO_DELETE_MS + 1)) => ({ kind: 'undelete' as const, promptId: 7, actor, now: at });
const purge = (at: Date) => ({ kind: 'purge' as const, promptId: 7, now: at });
const restored = (status: 'private' | 'rejected' | 'withdrawn' | 'pending' | 'approved'): NewEvent => ({
  type: 'PromptUndeleted',
  data: { promptId: 7, restoredBy: 2, status },
});

describe('deleting your own prompt', () => {
  it('given a private or rejected prompt, when its author deletes it, then it is deleted, restorable for 30 days', () => {
    given(promptDecider, kept).when(del()).then(deleted);
    given(promptDecider, submitted, rejected).when(del()).then(deleted);
  });

  it('given a pending or published prompt, when its author deletes it, then it is withdrawn from the public lists first', () => {
    given(promptDecider, submitted).when(del()).then(withdrawnByAuthor, deletedFrom('pending'));
    given(promptDecider, submitted, approved).when(del()).then(withdrawnByAuthor, deletedFrom('approved'));
  });

  it('given a deleted prompt, when its author deletes it again, then nothing is appended', () => {
    given(promptDecider, kept, deleted).when(del()).then();
  });

  it('given someone else’s prompt, when a member or the admin deletes it, then it is not found', () => {
    given(promptDecider, submitted, approved).when(del(someoneElse)).thenRefuses(PROMPT_REFUSALS.notFound);
    given(promptDecider, submitted, approved).when(del(admin)).thenRefuses(PROMPT_REFUSALS.notFound);
    given(promptDecider).when(del()).thenRefuses(PROMPT_REFUSALS.notFound);
  });

  it('given a deleted prompt, when anyone edits, shares or reviews it, then it is not found, and no version is visible', () => {
    const after = given(promptDecider, kept, deleted);
    after.when({ kind: 'edit', promptId: 7, change: { title: 'x' }, note: null, actor: author }).thenRefuses(PROMPT_REFUSALS.notFound);
    after.when({ kind: 'share', promptId: 7, actor: author }).thenRefuses(PROMPT_REFUSALS.notFound);
    after.when({ kind: 're-review', promptId: 7, isApproved: true, actor: admin }).thenRefuses(PROMPT_REFUSALS.notFound);
    expect(visibleVersions(after.state, author)).toBeNull();
  });
});

describe('restoring a deleted prompt', () => {
  it('given a deleted prompt, when its author restores it from Recently deleted, then it stands as the deletion left it: private, rejected, or withdrawn (a published or pending one was withdrawn)', () => {
    given(promptDecider, kept, deleted).when(undelete()).then(restored('private'));
    given(promptDecider, submitted, rejected, deleted).when(undelete()).then(restored('rejected'));
    given(promptDecider, submitted, approved, withdrawnByAuthor, [deletedFrom('approved'), now])
      .when(undelete())
      .then(restored('withdrawn'));
    given(promptDecider, submitted, withdrawnByAuthor, [deletedFrom('pending'), now])
      .when(undelete())
      .then(restored('withdrawn'));
    expect(given(promptDecider, kept, deleted, restored('private')).state.status).toBe('private');
  });

  it('given a published or pending prompt just deleted, when its author undoes it within the undo window, then it is back as it was', () => {
    const justNow = new Date(now.getTime() + UNDO_DELETE_MS);
    const published = given(promptDecider, submitted, approved, withdrawnByAuthor, [deletedFrom('approved'), now]);
    published.when(undelete(author, justNow)).then(restored('approved'));
    const back = given(promptDecider, submitted, approved, withdrawnByAuthor, [deletedFrom('approved'), now], restored('approved')).state;
    expect(back).toMatchObject({ status: 'approved', withdrawnByAuthor: false, deletedAt: null });
    expect(visibleVersions(back, someoneElse)?.map((v) => v.status)).toEqual(['published']);
    given(promptDecider, submitted, withdrawnByAuthor, [deletedFrom('pending'), now])
      .when(undelete(author, justNow))
      .then(restored('pending'));
    const queued = given(promptDecider, submitted, withdrawnByAuthor, [deletedFrom('pending'), now], restored('pending')).state;
    expect(queued.versions.map((v) => v.status)).toEqual(['pending']);
    // A private prompt has no public status to come back to: as it was, either way.
    given(promptDecider, kept, deleted).when(undelete(author, justNow)).then(restored('private'));
  });

  it('given a published prompt with a revision waiting for review, when it is deleted and the deletion undone at once, then the revision waits again; restored later, it stays withdrawn', () => {
    const revision: NewEvent = {
      type: 'PromptRevisionProposed',
      data: { promptId: 7, version: 2, title: 't2', description: 'd', content: 'c2', categoryId: 1, note: null, restoredFrom: null, proposedBy: 2 },
    };
    const deletedWithRevision: NewEvent = { type: 'PromptDeleted', data: { promptId: 7, deletedBy: 2, purgeAfter, withdrew: 'approved', withdrewRevision: 2 } };
    given(promptDecider, submitted, approved, revision).when(del()).then(withdrawnByAuthor, deletedWithRevision);
    const justDeleted = given(promptDecider, submitted, approved, revision, withdrawnByAuthor, [deletedWithRevision, now]);
    const undone: NewEvent = { type: 'PromptUndeleted', data: { promptId: 7, restoredBy: 2, status: 'approved', revision: 2 } };
    justDeleted.when(undelete(author, new Date(now.getTime() + UNDO_DELETE_MS))).then(undone);
    justDeleted.when(undelete()).then(restored('withdrawn'));
    const back = given(promptDecider, submitted, approved, revision, withdrawnByAuthor, [deletedWithRevision, now], undone).state;
    expect(back).toMatchObject({ status: 'approved', pendingRevision: 2 });
    expect(back.versions.map((v) => v.status)).toEqual(['published', 'pending']);
    // Waiting again, it can be decided as any pending revision.
    given(promptDecider, submitted, approved, revision, withdrawnByAuthor, [deletedWithRevision, now], undone)
      .when({ kind: 'review-revision', promptId: 7, version: 2, isApproved: false, actor: admin })
      .then({ type: 'PromptRevisionReviewed', data: { promptId: 7, version: 2, isApproved: false, reviewedBy: 1, reason: null, note: null } });
  });

  it('given a deletion from before the undo window was recorded, when its author restores it at once, then it comes back withdrawn', () => {
    const older: NewEvent = { type: 'PromptDeleted', data: { promptId: 7, deletedBy: 2, purgeAfter } } as NewEvent;
    given(promptDecider, submitted, approved, withdrawnByAuthor, [older, now]).when(undelete(author, now)).then(restored('withdrawn'));
  });

  it('given a prompt not deleted, when its author restores it, then it is a conflict; someone else’s is not found', () => {
    given(promptDecider, kept).when(undelete()).thenRefuses(PROMPT_REFUSALS.notDeleted);
    given(promptDecider, kept, deleted).when(undelete(someoneElse)).thenRefuses(PROMPT_REFUSALS.notFound);
  });
});

describe('purging deleted prompts', () => {
  const due = new Date(now.getTime() + RESTORE_WINDOW_MS);

  it('given a prompt deleted 30 days ago, when the purge runs, then it is purged and gone for every later command', () => {
    given(promptDecider, kept, deleted)
      .when(purge(due))
      .then({ type: 'PromptPurged', data: { promptId: 7, userId: 2 } });
    const gone = given(promptDecider, kept, deleted, { type: 'PromptPurged', data: { promptId: 7, userId: 2 } });
    gone.when(undelete()).thenRefuses(PROMPT_REFUSALS.notFound);
  });

  it('given a prompt deleted less than 30 days ago, or restored, when the purge runs, then nothing is appended', () => {
    given(promptDecider, kept, deleted)
      .when(purge(new Date(due.getTime() - 1)))
      .then();
    given(promptDecider, kept, deleted, restored('private')).when(purge(due)).then();
  });
});
