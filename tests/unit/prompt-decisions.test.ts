import { describe, expect, it } from 'vitest';
import { DomainError, type StoredEvent } from '../../events';
import {
  decideReview,
  decideSubmit,
  decideUse,
  evolvePrompt,
  initialPromptState,
  type SubmitCommand,
} from '../../modules/prompts/domain/prompt';
import { submitPromptRequest } from '../../modules/prompts/contracts';

const admin = { userId: 1, isAdmin: true };
const member = { userId: 2, isAdmin: false };
const visitor = { userId: null, isAdmin: false };
const command: SubmitCommand = {
  title: 'Summarise a paper',
  description: 'Turns a research paper into a one-page brief.',
  content: 'Summarise this paper for a busy engineer: [PASTE]',
  categoryId: 5,
  authorName: 'Ada',
  isFeatured: true,
  isEditorsPick: true,
};

let position = 0;
function stored(event: { type: string; data: unknown }): StoredEvent {
  position++;
  return { ...event, position, streamId: 'prompt-7', streamVersion: position, txId: '1', metadata: { actor: null, requestId: 't', at: '' }, createdAt: new Date() } as StoredEvent;
}
const given = (...events: { type: string; data: unknown }[]) => events.map(stored).reduce(evolvePrompt, initialPromptState);
const submitted = { type: 'PromptSubmitted', data: { promptId: 7 } };
const approved = { type: 'PromptReviewed', data: { promptId: 7, isApproved: true, reviewedBy: 1 } };
const rejected = { type: 'PromptReviewed', data: { promptId: 7, isApproved: false, reviewedBy: 1 } };

function refusal(fn: () => unknown): DomainError['kind'] | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error.kind;
    throw error;
  }
  return undefined;
}

describe('submitting a prompt', () => {
  it('given a member, when they submit with curation flags, then the prompt is submitted without them', () => {
    const [event] = decideSubmit(7, command, member);
    expect(event).toMatchObject({ type: 'PromptSubmitted', data: { promptId: 7, isFeatured: false, isEditorsPick: false, submittedBy: 2 } });
  });

  it('given the admin, when they submit with curation flags, then the flags are kept', () => {
    const [event] = decideSubmit(7, command, admin);
    expect(event.data).toMatchObject({ isFeatured: true, isEditorsPick: true, submittedBy: 1 });
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
    const long = submitPromptRequest.safeParse({ ...command, title: 'x'.repeat(101), description: 'y'.repeat(501) });
    expect(long.error!.issues.map((i) => i.message)).toEqual(['Title must not exceed 100 characters.', 'Description must not exceed 500 characters.']);
  });
});

describe('reviewing a prompt', () => {
  it('given a pending prompt, when the admin approves it, then it is reviewed as approved by them', () => {
    expect(decideReview(given(submitted), 7, true, admin)).toEqual([
      { type: 'PromptReviewed', data: { promptId: 7, isApproved: true, reviewedBy: 1 } },
    ]);
  });

  it('given a pending prompt, when a member reviews it, then they are forbidden', () => {
    expect(refusal(() => decideReview(given(submitted), 7, true, member))).toBe('forbidden');
  });

  it('given no prompt, when the admin reviews it, then it is not found', () => {
    expect(refusal(() => decideReview(given(), 7, true, admin))).toBe('not_found');
  });

  it('given a reviewed prompt, when the admin reviews it again, then it is a conflict', () => {
    expect(refusal(() => decideReview(given(submitted, rejected), 7, true, admin))).toBe('conflict');
  });
});

describe('using a prompt', () => {
  it('given an approved prompt, when a visitor uses it, then a use is recorded', () => {
    expect(decideUse(given(submitted, approved), 7, visitor)).toEqual([{ type: 'Used', data: { promptId: 7, userId: null } }]);
  });

  it('given a pending or rejected prompt, when anyone uses it, then it is not found', () => {
    expect(refusal(() => decideUse(given(submitted), 7, member))).toBe('not_found');
    expect(refusal(() => decideUse(given(submitted, rejected), 7, admin))).toBe('not_found');
  });
});
