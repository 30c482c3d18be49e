import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, type NewEvent } from '../../events';
import { promptDecider, type SubmitCommand } from '../../modules/prompts/domain/prompt';
import { usageDecider } from '../../modules/prompts/domain/usage';
import { MAX_PENDING_PER_AUTHOR, submitPromptRequest, PROMPT_REFUSALS } from '../../modules/prompts/contracts';
import { given } from '../support/given';

const admin = { userId: 1, isAdmin: true };
const author = { userId: 2, isAdmin: false };
const other = { userId: 3, isAdmin: false };
const submission: SubmitCommand = {
  title: 'My weekly report',
  description: 'Turns my notes into the weekly report.',
  content: 'Write my weekly report from these notes: {{notes}}',
  categoryId: 1,
  authorName: 'Ada',
  accountName: 'Ada',
  isFeatured: true,
  isEditorsPick: true,
  visibility: 'private',
};

const kept: NewEvent = {
  type: 'PromptSavedPrivately',
  data: {
    promptId: 7,
    title: submission.title,
    description: submission.description,
    content: submission.content,
    categoryId: 1,
    authorName: 'Ada',
    authorImage: null,
    savedBy: 2,
    penName: false,
  },
};
const shared: NewEvent = { type: 'PromptSharedForReview', data: { promptId: 7, submittedBy: 2 } };
const approved: NewEvent = {
  type: 'PromptReviewed',
  data: {
    promptId: 7,
    isApproved: true,
    reviewedBy: 1,
    published: { title: submission.title, description: submission.description, content: submission.content, categoryId: 1, note: null },
  },
};

describe('keeping a prompt private', () => {
  it('given a member, when they save a private prompt, then it is kept for them, without curation flags or review', () => {
    given(promptDecider).when({ kind: 'submit', promptId: 7, submission, actor: author }).then(kept);
  });

  it('given a member whose pending queue is full, when they save a private prompt, then it is kept (nothing waits for review)', () => {
    given(promptDecider).when({ kind: 'submit', promptId: 7, submission, actor: author, pendingByAuthor: MAX_PENDING_PER_AUTHOR }).then(kept);
  });

  it('given the system, when it saves a private prompt, then it is refused (a private prompt needs an owner)', () => {
    given(promptDecider).when({ kind: 'submit', promptId: 7, submission, actor: SYSTEM_ACTOR }).thenRefuses(PROMPT_REFUSALS.privateNeedsUser);
  });

  it('given a request without visibility, when it is parsed, then it is public; an unknown visibility is refused', () => {
    const base = { title: 'A title', description: 'A description long enough', content: 'Content long enough.', categoryId: 1 };
    expect(submitPromptRequest.parse(base).visibility).toBe('public');
    expect(submitPromptRequest.parse({ ...base, visibility: 'private' }).visibility).toBe('private');
    expect(submitPromptRequest.safeParse({ ...base, visibility: 'secret' }).success).toBe(false);
  });
});

describe('a private prompt is its author’s alone', () => {
  it('given a private prompt, when the admin reviews or re-reviews it, then it is not found', () => {
    given(promptDecider, kept).when({ kind: 'review', promptId: 7, isApproved: true, actor: admin }).thenRefuses(PROMPT_REFUSALS.notFound);
    given(promptDecider, kept).when({ kind: 're-review', promptId: 7, isApproved: true, actor: admin }).thenRefuses(PROMPT_REFUSALS.notFound);
  });

  it('given a private prompt, when the admin or another member withdraws it, then it is not found', () => {
    given(promptDecider, kept).when({ kind: 'withdraw', promptId: 7, actor: admin }).thenRefuses(PROMPT_REFUSALS.notFound);
    given(promptDecider, kept).when({ kind: 'withdraw', promptId: 7, actor: other }).thenRefuses(PROMPT_REFUSALS.notFound);
  });

  it('given a private prompt, when anyone uses it, then it is not found (uses count public prompts only)', () => {
    given(usageDecider, kept).when({ promptId: 7, actor: author, now: new Date() }).thenRefuses(PROMPT_REFUSALS.notFound);
  });
});

describe('submitting a private prompt to the community', () => {
  it('given my private prompt, when I submit it, then it is shared for review', () => {
    given(promptDecider, kept).when({ kind: 'share', promptId: 7, actor: author }).then(shared);
  });

  it('given a shared prompt, then it is pending and the admin approves it as any other', () => {
    const state = given(promptDecider, kept, shared).state;
    expect(state.status).toBe('pending');
    given(promptDecider, kept, shared).when({ kind: 'review', promptId: 7, isApproved: true, actor: admin }).then(approved);
  });

  it('given someone else’s private prompt, when another member or the admin submits it, then it is not found', () => {
    given(promptDecider, kept).when({ kind: 'share', promptId: 7, actor: other }).thenRefuses(PROMPT_REFUSALS.notFound);
    given(promptDecider, kept).when({ kind: 'share', promptId: 7, actor: admin }).thenRefuses(PROMPT_REFUSALS.notFound);
  });

  it('given my prompt that is no longer private, when I submit it again, then it is a conflict', () => {
    given(promptDecider, kept, shared).when({ kind: 'share', promptId: 7, actor: author }).thenRefuses(PROMPT_REFUSALS.alreadyShared);
    given(promptDecider, kept, shared, approved).when({ kind: 'share', promptId: 7, actor: author }).thenRefuses(PROMPT_REFUSALS.alreadyShared);
  });

  it('given my private prompt and a full pending queue, when I submit it, then it is refused (429) like a new submission', () => {
    given(promptDecider, kept)
      .when({ kind: 'share', promptId: 7, actor: author, pendingByAuthor: MAX_PENDING_PER_AUTHOR })
      .thenRefuses(PROMPT_REFUSALS.tooManyPending);
  });

  it('given my private prompt longer than the public library takes (an import keeps it whole), when I submit it, then it says why and stays private', () => {
    const long: NewEvent = { ...kept, data: { ...kept.data, content: 'x'.repeat(5001) } };
    given(promptDecider, long).when({ kind: 'share', promptId: 7, actor: author }).thenRefuses(PROMPT_REFUSALS.shareContentTooLong);
    expect(given(promptDecider, long).when({ kind: 'share', promptId: 7, actor: author }).events).toThrow(
      'This prompt is longer than the 5000 characters the public library takes. Please shorten it before submitting it.',
    );
    const noted: NewEvent = { ...kept, data: { ...kept.data, description: '常用' } };
    given(promptDecider, noted).when({ kind: 'share', promptId: 7, actor: author }).thenRefuses(PROMPT_REFUSALS.shareDescriptionTooShort);
  });

  it('given no prompt, when I submit it, then it is not found', () => {
    given(promptDecider).when({ kind: 'share', promptId: 7, actor: author }).thenRefuses(PROMPT_REFUSALS.notFound);
  });

  it('given my private prompt, when I withdraw it, then it is a conflict (it is in no public list)', () => {
    given(promptDecider, kept).when({ kind: 'withdraw', promptId: 7, actor: author }).thenRefuses(PROMPT_REFUSALS.privateNotListed);
  });
});
