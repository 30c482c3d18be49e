import { describe, it } from 'vitest';
import type { NewEvent } from '../../events';
import { promptDecider, type PromptCommand } from '../../modules/prompts/domain/prompt';
import { PROMPT_REFUSALS } from '../../modules/prompts/contracts';
import { given } from '../support/given';

const author = { userId: 2, isAdmin: false };
const reuser = { userId: 3, isAdmin: false };

const text = {
  title: 'Weekly report',
  description: 'Turns notes into the weekly report.',
  content: 'Write my weekly report from {{notes}} in a {{tone:calm|brisk}} tone.',
};
const submitted: NewEvent = {
  type: 'PromptSubmitted',
  data: {
    promptId: 7,
    ...text,
    categoryId: 2,
    authorName: 'Quill',
    authorImage: null,
    isFeatured: false,
    isEditorsPick: false,
    submittedBy: 2,
    similarTo: [],
    duplicateNote: null,
    penName: true,
  },
};
const approved: NewEvent = {
  type: 'PromptReviewed',
  data: { promptId: 7, isApproved: true, reviewedBy: 1, published: { ...text, categoryId: 2, note: null } },
};
const v2 = { title: 'Weekly report, shorter', description: text.description, content: 'Report on {{notes}}.', categoryId: 3, note: 'Shorter' };
const revised: NewEvent = { type: 'PromptRevisionProposed', data: { promptId: 7, version: 2, ...v2, restoredFrom: null, proposedBy: 2 } };
const revisionApproved: NewEvent = { type: 'PromptRevisionReviewed', data: { promptId: 7, version: 2, isApproved: true, reviewedBy: 1, published: v2 } };
const v3 = { title: 'Waiting wording', description: text.description, content: 'Not public yet.', categoryId: 3, note: null };
const waiting: NewEvent = { type: 'PromptRevisionProposed', data: { promptId: 7, version: 3, ...v3, restoredFrom: null, proposedBy: 2 } };

const copy = (actor: { userId: number | null; isAdmin: boolean } = reuser): PromptCommand => ({
  kind: 'copy',
  promptId: 40,
  sourceId: 7,
  authorName: 'Rae',
  actor,
});
const copied = (version: number, content: { title: string; description: string; content: string; categoryId: number }): NewEvent => ({
  type: 'PromptSavedPrivately',
  data: {
    promptId: 40,
    title: content.title,
    description: content.description,
    content: content.content,
    categoryId: content.categoryId,
    authorName: 'Rae',
    authorImage: null,
    savedBy: 3,
    penName: false,
    copiedFrom: { promptId: 7, version },
  },
});

describe('saving a copy of a public prompt', () => {
  it('given a published prompt, when another member saves a copy, then it is their private prompt with its text and variables, linked to the version copied', () => {
    given(promptDecider, submitted, approved)
      .when(copy())
      .then(copied(1, { ...text, categoryId: 2 }));
  });

  it('given an approved revision and another waiting, when someone copies it, then the copy is the published version, never the waiting one', () => {
    given(promptDecider, submitted, approved, revised, revisionApproved, waiting).when(copy()).then(copied(2, v2));
  });

  it('given its own author (under a pen name), when they copy it, then they are told it is already theirs', () => {
    given(promptDecider, submitted, approved).when(copy(author)).thenRefuses(PROMPT_REFUSALS.copyOwn);
  });

  it('given a prompt not public (pending, withdrawn, deleted, or none), when someone copies it, then it is not found', () => {
    given(promptDecider, submitted).when(copy()).thenRefuses(PROMPT_REFUSALS.notFound);
    given(promptDecider, submitted, approved, { type: 'PromptWithdrawn', data: { promptId: 7, withdrawnBy: 2, byAuthor: true } })
      .when(copy())
      .thenRefuses(PROMPT_REFUSALS.notFound);
    given(promptDecider).when(copy()).thenRefuses(PROMPT_REFUSALS.notFound);
    const deleted: NewEvent = { type: 'PromptDeleted', data: { promptId: 7, deletedBy: 2, purgeAfter: '2026-12-27T00:00:00.000Z' } };
    given(promptDecider, submitted, approved, deleted).when(copy()).thenRefuses(PROMPT_REFUSALS.notFound);
  });

  it('given a visitor, when they copy a prompt, then only a signed-in member may keep one', () => {
    given(promptDecider, submitted, approved)
      .when(copy({ userId: null, isAdmin: false }))
      .thenRefuses(PROMPT_REFUSALS.privateNeedsUser);
  });
});
