import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, type Actor, type NewEvent } from '../../events';
import { promptDecider, visibleVersions, type SubmitCommand } from '../../modules/prompts/domain/prompt';
import { USE_WINDOW_MS, usageDecider } from '../../modules/prompts/domain/usage';
import { MAX_PENDING_PER_AUTHOR, SUBMIT_MESSAGES, submitPromptRequest, PROMPT_REFUSALS } from '../../modules/prompts/contracts';
import { given } from '../support/given';

const admin = { userId: 1, isAdmin: true };
const member = { userId: 2, isAdmin: false };
const visitor = { userId: null, isAdmin: false };
const submission: SubmitCommand = {
  title: 'Summarise a paper',
  description: 'Turns a research paper into a one-page brief.',
  content: 'Summarise this paper for a busy engineer: [PASTE]',
  categoryId: 5,
  authorName: 'Ada',
  isFeatured: true,
  isEditorsPick: true,
};

const submitted: NewEvent = {
  type: 'PromptSubmitted',
  data: { promptId: 7, title: 't', description: 'd', content: 'c', categoryId: 1, authorName: 'Ada' },
};
/** An approval writes the text it publishes in clear (the submission is sealed with its author's key). */
const published = { title: 't', description: 'd', content: 'c', categoryId: 1, note: null };
const approved: NewEvent = { type: 'PromptReviewed', data: { promptId: 7, isApproved: true, reviewedBy: 1, published } };
const rejected: NewEvent = { type: 'PromptReviewed', data: { promptId: 7, isApproved: false, reviewedBy: 1 } };
const used = (count = 1): NewEvent => ({ type: 'Used', data: { promptId: 7, userId: null, count, version: 1 } });

describe('submitting a prompt', () => {
  it(`given a member with ${MAX_PENDING_PER_AUTHOR} prompts waiting for review, when they submit another, then it is refused (429) with a clear message`, () => {
    given(promptDecider)
      .when({ kind: 'submit', promptId: 7, submission, actor: member, pendingByAuthor: MAX_PENDING_PER_AUTHOR })
      .thenRefuses(PROMPT_REFUSALS.tooManyPending);
    expect(() =>
      promptDecider.decide({ kind: 'submit', promptId: 7, submission, actor: member, pendingByAuthor: MAX_PENDING_PER_AUTHOR }, promptDecider.initialState),
    ).toThrow(SUBMIT_MESSAGES.tooManyPending);
  });

  it('given a member with one prompt fewer than the limit waiting, when they submit, then it is submitted', () => {
    const [event] = given(promptDecider)
      .when({ kind: 'submit', promptId: 7, submission, actor: member, pendingByAuthor: MAX_PENDING_PER_AUTHOR - 1 })
      .events();
    expect(event.type).toBe('PromptSubmitted');
  });

  it("given a member, when the author name is their account's own, then the byline is theirs; any other name (or none known) is a pen name", () => {
    const penNameOf = (command: Partial<SubmitCommand>, actor: Actor = member) =>
      (
        given(promptDecider)
          .when({ kind: 'submit', promptId: 7, submission: { ...submission, ...command }, actor })
          .events()[0].data as { penName: boolean }
      ).penName;
    expect(penNameOf({ authorName: 'Ada', accountName: 'Ada' })).toBe(false);
    expect(penNameOf({ authorName: 'Anonymous', accountName: 'Ada' })).toBe(true);
    expect(penNameOf({ authorName: 'Ada' })).toBe(true);
    expect(penNameOf({ authorName: 'Anonymous', accountName: 'Ada', visibility: 'private' })).toBe(true);
    // The seed and the system have no account to hide.
    expect(penNameOf({ authorName: 'Promptory' }, SYSTEM_ACTOR)).toBe(false);
  });

  it('given the admin with a full queue of their own, when they submit, then it is submitted (the admin and imports are exempt)', () => {
    const [event] = given(promptDecider)
      .when({ kind: 'submit', promptId: 7, submission, actor: admin, pendingByAuthor: 10 * MAX_PENDING_PER_AUTHOR })
      .events();
    expect(event.type).toBe('PromptSubmitted');
  });

  it('given a member, when they submit with curation flags, then the prompt is submitted without them', () => {
    const [event] = given(promptDecider).when({ kind: 'submit', promptId: 7, submission, actor: member }).events();
    expect(event).toMatchObject({ type: 'PromptSubmitted', data: { promptId: 7, isFeatured: false, isEditorsPick: false, submittedBy: 2 } });
  });

  it('given the admin, when they submit with curation flags, then the flags are kept', () => {
    const [event] = given(promptDecider).when({ kind: 'submit', promptId: 7, submission, actor: admin }).events();
    expect(event.data).toMatchObject({ isFeatured: true, isEditorsPick: true, submittedBy: 1 });
  });

  it('given a member, when they send an original submission date, then it is ignored (only the system imports dates)', () => {
    const dated = { ...submission, submittedAt: '2020-01-01T00:00:00.000Z' };
    expect(given(promptDecider).when({ kind: 'submit', promptId: 7, submission: dated, actor: member }).events()[0].data).not.toHaveProperty('submittedAt');
    expect(given(promptDecider).when({ kind: 'submit', promptId: 7, submission: dated, actor: SYSTEM_ACTOR }).events()[0].data).toHaveProperty(
      'submittedAt',
      dated.submittedAt,
    );
  });

  it('given a submitted prompt, when the same id is submitted again, then it is a conflict', () => {
    given(promptDecider, submitted).when({ kind: 'submit', promptId: 7, submission, actor: admin }).thenRefuses(PROMPT_REFUSALS.exists);
  });

  it('given a submission request, when fields break the limits, then each gets the spec message', () => {
    const result = submitPromptRequest.safeParse({ title: 'ab', description: 'short', content: 'tiny', categoryId: 'x', authorName: 'A' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Title must be at least 3 characters.',
        'Description must be at least 10 characters.',
        'Prompt content must be at least 10 characters.',
        'Please select a category.',
        'Author name must be at least 2 characters.',
      ]),
    );
    const long = submitPromptRequest.safeParse({ ...submission, title: 'x'.repeat(101), description: 'y'.repeat(501) });
    expect(long.error!.issues.map((i) => i.message)).toEqual(['Title must not exceed 100 characters.', 'Description must not exceed 500 characters.']);
  });
});

describe('reviewing a prompt', () => {
  const review = (isApproved: boolean, actor = admin) => ({ kind: 'review' as const, promptId: 7, isApproved, actor });

  it('given a pending prompt, when the admin approves it, then it is reviewed as approved by them', () => {
    given(promptDecider, submitted).when(review(true)).then(approved);
  });

  it('given a pending prompt, when a member reviews it, then they are forbidden', () => {
    given(promptDecider, submitted).when(review(true, member)).thenRefuses(PROMPT_REFUSALS.adminOnly);
  });

  it('given no prompt, when the admin reviews it, then it is not found', () => {
    given(promptDecider).when(review(true)).thenRefuses(PROMPT_REFUSALS.notFound);
  });

  it('given a reviewed prompt, when the admin reviews it again, then it is a conflict', () => {
    given(promptDecider, submitted, rejected).when(review(true)).thenRefuses(PROMPT_REFUSALS.alreadyReviewed);
  });
});

describe('who may submit', () => {
  it.each(['Promptory', '  promptory ', 'PROMPTORY', 'Prompt ory', 'P-r-o-m-p-t-o-r-y', 'ＰＲＯＭＰＴＯＲＹ', 'Promptory Team'])(
    'given a member, when they submit as %j, then it is refused (only the admin publishes under the product name)',
    (authorName) => {
      given(promptDecider)
        .when({ kind: 'submit', promptId: 7, submission: { ...submission, authorName }, actor: member })
        .thenRefuses(PROMPT_REFUSALS.reservedAuthor);
    },
  );

  it('given the admin, when they submit as Promptory, then it is accepted', () => {
    const [event] = given(promptDecider)
      .when({ kind: 'submit', promptId: 7, submission: { ...submission, authorName: 'Promptory' }, actor: admin })
      .events();
    expect(event.data).toMatchObject({ authorName: 'Promptory' });
  });

  it('given a visitor, when they submit, then they are asked to sign in (no anonymous submissions)', () => {
    given(promptDecider).when({ kind: 'submit', promptId: 7, submission, actor: visitor }).thenRefuses(PROMPT_REFUSALS.signInToSubmit);
  });
});

describe('changing a decision later (re-review)', () => {
  const reReview = (isApproved: boolean, actor = admin) => ({ kind: 're-review' as const, promptId: 7, isApproved, actor });
  const submittedByMember: NewEvent = { type: 'PromptSubmitted', data: { ...submitted.data, submittedBy: 2 } as never };
  const withdrawnByAdmin: NewEvent = { type: 'PromptWithdrawn', data: { promptId: 7, withdrawnBy: 1, byAuthor: false } };
  const withdrawnByAuthor: NewEvent = { type: 'PromptWithdrawn', data: { promptId: 7, withdrawnBy: 2, byAuthor: true } };

  it('given a rejected prompt, when the admin approves it, then it is reviewed as approved', () => {
    given(promptDecider, submitted, rejected).when(reReview(true)).then(approved);
  });

  it('given an approved prompt, when the admin takes the approval back, then it is withdrawn by the admin', () => {
    given(promptDecider, submitted, approved).when(reReview(false)).then(withdrawnByAdmin);
  });

  it('given a prompt the admin withdrew, when the admin approves it again, then it is approved', () => {
    given(promptDecider, submitted, approved, withdrawnByAdmin).when(reReview(true)).then(approved);
  });

  it('given a prompt its author withdrew, when the admin approves it, then it is a conflict (the author decided)', () => {
    given(promptDecider, submittedByMember, approved, withdrawnByAuthor).when(reReview(true)).thenRefuses(PROMPT_REFUSALS.withdrawnByAuthor);
  });

  it('given a decision, when the admin repeats it, then it is a conflict and nothing is added', () => {
    given(promptDecider, submitted, approved).when(reReview(true)).thenRefuses(PROMPT_REFUSALS.alreadyApproved);
    given(promptDecider, submitted, rejected).when(reReview(false)).thenRefuses(PROMPT_REFUSALS.notPublished);
  });

  it('given a pending prompt, when the admin re-reviews it, then it is a conflict (the queue reviews it)', () => {
    given(promptDecider, submitted).when(reReview(true)).thenRefuses(PROMPT_REFUSALS.stillPending);
  });

  it('given a rejected prompt, when a member re-reviews it, then they are forbidden', () => {
    given(promptDecider, submitted, rejected).when(reReview(true, member)).thenRefuses(PROMPT_REFUSALS.adminOnly);
  });
});

describe('withdrawing a prompt', () => {
  const withdraw = (actor: { userId: number | null; isAdmin: boolean }) => ({ kind: 'withdraw' as const, promptId: 7, actor });
  const mine: NewEvent = { type: 'PromptSubmitted', data: { ...submitted.data, submittedBy: 2 } as never };
  const other = { userId: 3, isAdmin: false };

  it('given my pending or published prompt, when I withdraw it, then it is withdrawn by its author', () => {
    const event = { type: 'PromptWithdrawn', data: { promptId: 7, withdrawnBy: 2, byAuthor: true } } as const;
    given(promptDecider, mine).when(withdraw(member)).then(event);
    given(promptDecider, mine, approved).when(withdraw(member)).then(event);
  });

  it('given my withdrawn prompt, when I withdraw it again, then nothing more happens', () => {
    given(promptDecider, mine, { type: 'PromptWithdrawn', data: { promptId: 7, withdrawnBy: 2, byAuthor: true } })
      .when(withdraw(member))
      .then();
  });

  it("given someone else's prompt, when I withdraw it, then a published one is forbidden and an unpublished one not found", () => {
    given(promptDecider, mine, approved).when(withdraw(other)).thenRefuses(PROMPT_REFUSALS.withdrawForbidden);
    given(promptDecider, mine).when(withdraw(other)).thenRefuses(PROMPT_REFUSALS.notFound);
    given(promptDecider, mine).when(withdraw(visitor)).thenRefuses(PROMPT_REFUSALS.notFound);
  });

  it("given anyone's prompt, when the admin withdraws it, then it is withdrawn by the admin", () => {
    given(promptDecider, mine, approved)
      .when(withdraw(admin))
      .then({ type: 'PromptWithdrawn', data: { promptId: 7, withdrawnBy: 1, byAuthor: false } });
  });
});

describe('using a prompt', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const use = (actor: typeof visitor | typeof member = visitor, at = now) => ({ promptId: 7, actor, now: at });

  it('given an approved prompt, when a visitor uses it, then a use is recorded', () => {
    given(usageDecider, submitted, approved)
      .when(use())
      .then({ type: 'Used', data: { promptId: 7, userId: null, version: 1 } });
  });

  it('given a signed-in user, when they use it, then the use names them', () => {
    given(usageDecider, submitted, approved)
      .when(use(member))
      .then({ type: 'Used', data: { promptId: 7, userId: 2, version: 1 } });
  });

  it('given a pending, rejected or withdrawn prompt, when anyone uses it, then it is not found', () => {
    given(usageDecider, submitted).when(use(member)).thenRefuses(PROMPT_REFUSALS.notFound);
    given(usageDecider, submitted, rejected).when(use()).thenRefuses(PROMPT_REFUSALS.notFound);
    given(usageDecider, submitted, approved, { type: 'PromptWithdrawn', data: { promptId: 7, withdrawnBy: 1, byAuthor: false } })
      .when(use())
      .thenRefuses(PROMPT_REFUSALS.notFound);
  });

  it('given a use by this visitor inside the window, when they use it again, then nothing more is counted', () => {
    const earlier = new Date(now.getTime() - USE_WINDOW_MS + 60_000);
    given(usageDecider, submitted, approved, [used(), earlier]).when(use()).then();
  });

  it('given a use by this visitor before the window, when they use it again, then it counts again', () => {
    const earlier = new Date(now.getTime() - USE_WINDOW_MS);
    given(usageDecider, submitted, approved, [used(), earlier])
      .when(use())
      .then({ type: 'Used', data: { promptId: 7, userId: null, version: 1 } });
  });

  it('given past uses to bring in, when anyone but the system imports them, then it is forbidden', () => {
    given(usageDecider, submitted, approved)
      .when({ ...use(), imported: 40 })
      .thenRefuses(PROMPT_REFUSALS.systemImportsUses);
    given(usageDecider, submitted, approved)
      .when({ ...use(), actor: admin, imported: 40 })
      .thenRefuses(PROMPT_REFUSALS.systemImportsUses);
    given(usageDecider, submitted, approved)
      .when({ ...use(), actor: SYSTEM_ACTOR, imported: 40 })
      .then(used(40));
  });
});

describe('forgetting a deleted author', () => {
  const mine: NewEvent = { type: 'PromptSubmitted', data: { ...submitted.data, submittedBy: 2 } } as NewEvent;
  const forget = { kind: 'forget' as const, promptId: 7, userId: 2 };
  const forgotten: NewEvent = { type: 'PromptForgotten', data: { promptId: 7, userId: 2 } };
  const proposed: NewEvent = {
    type: 'PromptRevisionProposed',
    data: { promptId: 7, version: 2, title: 't2', description: 'd', content: 'c', categoryId: 1, note: null, restoredFrom: null, proposedBy: 2 },
  };
  const withdrawn: NewEvent = { type: 'PromptWithdrawn', data: { promptId: 7, withdrawnBy: 1, byAuthor: false } };

  it('given their pending, rejected or withdrawn prompt, when they are forgotten, then it is forgotten and no review finds it', () => {
    for (const history of [[mine], [mine, rejected], [mine, approved, withdrawn]]) {
      given(promptDecider, ...history)
        .when(forget)
        .then(forgotten);
      const after = given(promptDecider, ...history, forgotten);
      after.when({ kind: 'review', promptId: 7, isApproved: true, actor: admin }).thenRefuses(PROMPT_REFUSALS.notFound);
      after.when({ kind: 're-review', promptId: 7, isApproved: true, actor: admin }).thenRefuses(PROMPT_REFUSALS.notFound);
      expect(visibleVersions(after.state, admin)).toBeNull();
    }
  });

  it('given their published prompt, when they are forgotten, then it stays; a pending revision of it is withdrawn', () => {
    given(promptDecider, mine, approved).when(forget).then();
    given(promptDecider, mine, approved, proposed)
      .when(forget)
      .then({ type: 'PromptRevisionWithdrawn', data: { promptId: 7, version: 2, withdrawnBy: 2 } });
  });

  it('given someone else’s prompt, when a member is forgotten, then nothing is appended', () => {
    given(promptDecider, mine)
      .when({ ...forget, userId: 3 })
      .then();
  });

  it('given a submission whose sealed text reads as forgotten, then the approval’s own text is the published version', () => {
    const sealedAway: NewEvent = { type: 'PromptSubmitted', data: { ...mine.data, title: '', description: '', content: '' } } as NewEvent;
    const { state } = given(promptDecider, sealedAway, approved);
    expect(visibleVersions(state, visitor)!.map(({ title, description, content }) => ({ title, description, content }))).toEqual([
      { title: 't', description: 'd', content: 'c' },
    ]);
  });
});
