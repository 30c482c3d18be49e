import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../events';
import { promptDecider, RESTORE_WINDOW_MS, visibleVersions } from '../../modules/prompts/domain/prompt';
import { PROMPT_REFUSALS } from '../../modules/prompts/contracts';
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
const deleted: NewEvent = { type: 'PromptDeleted', data: { promptId: 7, deletedBy: 2, purgeAfter } };
const del = (actor = author) => ({ kind: 'delete' as const, promptId: 7, actor, now });
const undelete = (actor = author) => ({ kind: 'undelete' as const, promptId: 7, actor });
const purge = (at: Date) => ({ kind: 'purge' as const, promptId: 7, now: at });
const restored = (status: 'private' | 'rejected' | 'withdrawn'): NewEvent => ({ type: 'PromptUndeleted', data: { promptId: 7, restoredBy: 2, status } });

describe('deleting your own prompt', () => {
  it('given a private or rejected prompt, when its author deletes it, then it is deleted, restorable for 30 days', () => {
    given(promptDecider, kept).when(del()).then(deleted);
    given(promptDecider, submitted, rejected).when(del()).then(deleted);
  });

  it('given a pending or published prompt, when its author deletes it, then it is withdrawn from the public lists first', () => {
    given(promptDecider, submitted).when(del()).then(withdrawnByAuthor, deleted);
    given(promptDecider, submitted, approved).when(del()).then(withdrawnByAuthor, deleted);
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
  it('given a deleted prompt, when its author restores it, then it stands as before: private, rejected, or withdrawn (a published one was withdrawn)', () => {
    given(promptDecider, kept, deleted).when(undelete()).then(restored('private'));
    given(promptDecider, submitted, rejected, deleted).when(undelete()).then(restored('rejected'));
    given(promptDecider, submitted, approved, withdrawnByAuthor, deleted).when(undelete()).then(restored('withdrawn'));
    expect(given(promptDecider, kept, deleted, restored('private')).state.status).toBe('private');
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
