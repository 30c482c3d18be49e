import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../events';
import { RESUBMIT_MESSAGES, reviewRequest, PROMPT_REFUSALS } from '../../modules/prompts/contracts';
import { promptDecider } from '../../modules/prompts/domain/prompt';
import { given } from '../support/given';

/** Reasons for decisions: a rejection says why, and its author may resubmit a changed prompt. */
const admin = { userId: 1, isAdmin: true };
const author = { userId: 2, isAdmin: false };
const other = { userId: 3, isAdmin: false };

const submitted: NewEvent = {
  type: 'PromptSubmitted',
  data: { promptId: 7, title: 'Translate', description: 'Translates text.', content: 'Translate {{text}}', categoryId: 1, authorName: 'Ada', submittedBy: 2 },
};
const rejected: NewEvent = {
  type: 'PromptReviewed',
  data: { promptId: 7, isApproved: false, reviewedBy: 1, reason: 'low-quality', note: 'Say which languages.' },
};
const edit = (version: number): NewEvent => ({
  type: 'PromptEdited',
  data: {
    promptId: 7,
    version,
    title: 'Translate',
    description: 'Translates text.',
    content: `Translate {{text}} v${version}`,
    categoryId: 1,
    note: null,
    restoredFrom: null,
    editedBy: 2,
    privateTo: 2,
  },
});
/** What approving version `version` publishes, in clear. */
const text = (version: number) => ({
  title: 'Translate',
  description: 'Translates text.',
  content: `Translate {{text}}${version > 1 ? ` v${version}` : ''}`,
  categoryId: 1,
  note: null,
});
const approval = (version: number): NewEvent => ({ type: 'PromptReviewed', data: { promptId: 7, isApproved: true, reviewedBy: 1, published: text(version) } });
const published = approval(1);
const proposed: NewEvent = {
  type: 'PromptRevisionProposed',
  data: {
    promptId: 7,
    version: 2,
    title: 'Translate',
    description: 'Translates text.',
    content: 'Translate it',
    categoryId: 1,
    note: null,
    restoredFrom: null,
    proposedBy: 2,
  },
};

describe('rejecting with a reason', () => {
  it('given a pending prompt, when the admin rejects it with a reason and a note, then the decision carries both', () => {
    given(promptDecider, submitted)
      .when({ kind: 'review', promptId: 7, isApproved: false, actor: admin, rejection: { reason: 'duplicate', note: 'See #3.' } })
      .then({ type: 'PromptReviewed', data: { promptId: 7, isApproved: false, reviewedBy: 1, reason: 'duplicate', note: 'See #3.' } });
  });

  it('given a pending prompt, when the admin approves it with a reason, then the approval records none', () => {
    given(promptDecider, submitted)
      .when({ kind: 'review', promptId: 7, isApproved: true, actor: admin, rejection: { reason: 'other', note: 'x' } })
      .then(approval(1));
  });

  it('given a pending revision, when the admin rejects it with a reason, then the decision carries it', () => {
    given(promptDecider, submitted, published, proposed)
      .when({ kind: 'review-revision', promptId: 7, version: 2, isApproved: false, actor: admin, rejection: { reason: 'needs-translation', note: null } })
      .then({ type: 'PromptRevisionReviewed', data: { promptId: 7, version: 2, isApproved: false, reviewedBy: 1, reason: 'needs-translation', note: null } });
  });

  it('a decision over HTTP is `{ isApproved }` as the API states it; a reason, if sent, is a known code, and the note is bounded', () => {
    expect(reviewRequest.parse({ isApproved: true })).toEqual({ isApproved: true, note: null });
    expect(reviewRequest.parse({ isApproved: false })).toEqual({ isApproved: false, note: null });
    expect(reviewRequest.safeParse({ isApproved: false, reason: 'spam' }).success).toBe(false);
    expect(reviewRequest.parse({ isApproved: false, reason: 'unsafe', note: '  ' })).toEqual({ isApproved: false, reason: 'unsafe', note: null });
    expect(reviewRequest.safeParse({ isApproved: false, reason: 'other', note: 'x'.repeat(501) }).success).toBe(false);
  });
});

describe('resubmitting a rejected prompt', () => {
  it('given a rejected prompt its author changed since, when they resubmit, then it is pending again against the rejected version', () => {
    const { state } = given(promptDecider, submitted, rejected, edit(2));
    expect(state.status).toBe('rejected');
    given(promptDecider, submitted, rejected, edit(2))
      .when({ kind: 'resubmit', promptId: 7, actor: author })
      .then({ type: 'PromptResubmitted', data: { promptId: 7, version: 2, rejectedVersion: 1, resubmittedBy: 2 } });
  });

  it('given a resubmitted prompt, then it is pending with its new version waiting and the rejected one kept as rejected', () => {
    const resubmitted: NewEvent = { type: 'PromptResubmitted', data: { promptId: 7, version: 2, rejectedVersion: 1, resubmittedBy: 2 } };
    const { state } = given(promptDecider, submitted, rejected, edit(2), resubmitted);
    expect(state.status).toBe('pending');
    expect(state.versions.map((v) => v.status)).toEqual(['rejected', 'pending']);
    // Reviewed again like any pending prompt.
    given(promptDecider, submitted, rejected, edit(2), resubmitted).when({ kind: 'review', promptId: 7, isApproved: true, actor: admin }).then(approval(2));
  });

  it('given a rejected prompt not changed since, when its author resubmits, then it is a conflict that says to change it first', () => {
    given(promptDecider, submitted, rejected).when({ kind: 'resubmit', promptId: 7, actor: author }).thenRefuses(PROMPT_REFUSALS.unchanged);
    expect(() => promptDecider.decide({ kind: 'resubmit', promptId: 7, actor: author }, given(promptDecider, submitted, rejected).state)).toThrow(
      RESUBMIT_MESSAGES.unchanged,
    );
  });

  it('given a pending or published prompt, when its author resubmits, then it is a conflict', () => {
    given(promptDecider, submitted).when({ kind: 'resubmit', promptId: 7, actor: author }).thenRefuses(PROMPT_REFUSALS.notRejected);
    given(promptDecider, submitted, published).when({ kind: 'resubmit', promptId: 7, actor: author }).thenRefuses(PROMPT_REFUSALS.notRejected);
  });

  it('given a rejected prompt, when someone else (even the admin) resubmits it, then it is not found', () => {
    given(promptDecider, submitted, rejected, edit(2)).when({ kind: 'resubmit', promptId: 7, actor: other }).thenRefuses(PROMPT_REFUSALS.notFound);
    given(promptDecider, submitted, rejected, edit(2)).when({ kind: 'resubmit', promptId: 7, actor: admin }).thenRefuses(PROMPT_REFUSALS.notFound);
  });

  it('given an author at the pending limit, when they resubmit, then it is refused (429)', () => {
    given(promptDecider, submitted, rejected, edit(2))
      .when({ kind: 'resubmit', promptId: 7, actor: author, pendingByAuthor: 20 })
      .thenRefuses(PROMPT_REFUSALS.tooManyPending);
  });
});
