import { DomainError, promptStream, type Actor, type Decider, type EventData, type NewEvent, type StoredEvent } from '../../../events';

export { promptStream };

export type PromptStatus = 'none' | 'pending' | 'approved' | 'rejected';

export interface PromptState {
  status: PromptStatus;
}

export const initialPromptState: PromptState = { status: 'none' };

export function evolvePrompt(state: PromptState, event: StoredEvent): PromptState {
  switch (event.type) {
    case 'PromptSubmitted':
      return { status: 'pending' };
    case 'PromptReviewed':
      return { status: event.data.isApproved ? 'approved' : 'rejected' };
    default:
      return state;
  }
}

/** Where uses were appended before per-visitor counting (still read by the catalog). */
export const usageStream = (promptId: number) => `prompt-usage-${promptId}`;

export interface SubmitCommand {
  title: string;
  description: string;
  content: string;
  categoryId: number;
  authorName: string;
  authorImage?: string;
  isFeatured: boolean;
  isEditorsPick: boolean;
  /** Imports and the seed only: the original submission date. */
  submittedAt?: string;
}

export type PromptCommand =
  | { kind: 'submit'; promptId: number; submission: SubmitCommand; actor: Actor }
  | { kind: 'review'; promptId: number; isApproved: boolean; actor: Actor };

/** Curation flags are the admin's to set; anyone else's request for them is ignored. */
export function decideSubmit(promptId: number, command: SubmitCommand, actor: Actor): NewEvent[] {
  const curated = actor.isAdmin;
  const data: EventData<'PromptSubmitted'> = {
    promptId,
    title: command.title,
    description: command.description,
    content: command.content,
    categoryId: command.categoryId,
    authorName: command.authorName,
    authorImage: command.authorImage ?? null,
    isFeatured: curated && command.isFeatured,
    isEditorsPick: curated && command.isEditorsPick,
    submittedBy: actor.userId,
    ...(command.submittedAt && curated ? { submittedAt: command.submittedAt } : {}),
  };
  return [{ type: 'PromptSubmitted', data }];
}

export function decideReview(state: PromptState, promptId: number, isApproved: boolean, actor: Actor): NewEvent[] {
  if (!actor.isAdmin) throw new DomainError('forbidden', "You don't have admin permissions.");
  if (state.status === 'none') throw new DomainError('not_found', 'Prompt not found');
  if (state.status !== 'pending') throw new DomainError('conflict', 'This prompt has already been reviewed');
  return [{ type: 'PromptReviewed', data: { promptId, isApproved, reviewedBy: actor.userId } }];
}

export const promptDecider: Decider<PromptState, PromptCommand> = {
  initialState: initialPromptState,
  evolve: evolvePrompt,
  decide(command, state) {
    switch (command.kind) {
      case 'submit':
        if (state.status !== 'none') throw new DomainError('conflict', 'This prompt already exists');
        return decideSubmit(command.promptId, command.submission, command.actor);
      case 'review':
        return decideReview(state, command.promptId, command.isApproved, command.actor);
    }
  },
};
