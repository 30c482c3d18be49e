import {
  DomainError,
  evolvePromptAccess,
  promptStream,
  UNKNOWN_PROMPT,
  type Decider,
  type NewEvent,
  type PromptAccess,
  type StoredEvent,
} from '../../../events';
import { normalizeTag, normalizeTags, TAG_LIMITS, TAG_REFUSALS, tagKey } from '../contracts';

/** One person's tags live in one stream: renaming or deleting a tag is one event, whatever the number of prompts. */
export const tagStream = (userId: number) => `tags-${userId}`;

export interface TagState {
  /** Each prompt's tags, in the owner's order. */
  byPrompt: ReadonlyMap<number, readonly string[]>;
  /** Who owns the prompt a command is about (read from its stream, when it names one). */
  prompt: PromptAccess;
  /** The last change, when it deleted a tag: what the prompts carrying it had, for the toast's Undo. */
  deleted: { key: string; tag: string; at: number; before: readonly (readonly [number, readonly string[]])[] } | null;
}

export type TagCommand =
  | { kind: 'set'; userId: number; promptId: number; tags: readonly string[] }
  | { kind: 'rename'; userId: number; from: string; to: string }
  | { kind: 'delete'; userId: number; tag: string }
  | { kind: 'undo-delete'; userId: number; tag: string; now: Date };

/** The streams a command works on: tagging a prompt reads the prompt's stream (is it the person's own?). */
export function tagPlan(command: TagCommand) {
  return { stream: tagStream(command.userId), reads: command.kind === 'set' ? [promptStream(command.promptId)] : [], command };
}

/** Every tag of the library by key, with its spelling (one spelling per tag: the first given). */
export function libraryTags(state: TagState): Map<string, string> {
  const out = new Map<string, string>();
  for (const tags of state.byPrompt.values()) for (const tag of tags) if (!out.has(tag.toLowerCase())) out.set(tag.toLowerCase(), tag);
  return out;
}

/** The tags with `from` (by key) replaced by `to`, each once. */
export function renamed(tags: readonly string[], from: string, to: string): string[] {
  const key = tagKey(from);
  return normalizeTags(tags.map((t) => (t.toLowerCase() === key ? to : t)));
}

function checkLength(tag: string) {
  if (!tag) throw new DomainError(TAG_REFUSALS.empty);
  if (Array.from(tag).length > TAG_LIMITS.length) throw new DomainError(TAG_REFUSALS.tooLong({ limit: TAG_LIMITS.length }));
}

function decideSet(state: TagState, command: Extract<TagCommand, { kind: 'set' }>): NewEvent[] {
  // Someone else's prompt, a deleted or unknown one: not found, as every read of it answers.
  if (state.prompt.authorId !== command.userId) throw new DomainError(TAG_REFUSALS.promptNotFound);
  const library = libraryTags(state);
  // A tag the library has already keeps its spelling: `AI` on one prompt and `ai` on another are one tag.
  const tags = normalizeTags(command.tags).map((t) => library.get(t.toLowerCase()) ?? t);
  tags.forEach(checkLength);
  if (tags.length > TAG_LIMITS.perPrompt) throw new DomainError(TAG_REFUSALS.tooManyOnPrompt({ limit: TAG_LIMITS.perPrompt }));
  const fresh = tags.filter((t) => !library.has(t.toLowerCase()));
  if (fresh.length > 0 && library.size + fresh.length > TAG_LIMITS.perLibrary)
    throw new DomainError(TAG_REFUSALS.tooManyInLibrary({ limit: TAG_LIMITS.perLibrary }));
  const before = state.byPrompt.get(command.promptId) ?? [];
  if (before.length === tags.length && before.every((t, i) => t === tags[i])) return [];
  return [{ type: 'PromptTagsSet', data: { userId: command.userId, promptId: command.promptId, tags } }];
}

function decideRename(state: TagState, command: Extract<TagCommand, { kind: 'rename' }>): NewEvent[] {
  const library = libraryTags(state);
  const from = library.get(tagKey(command.from));
  if (from === undefined) throw new DomainError(TAG_REFUSALS.tagNotFound({ tag: normalizeTag(command.from) }));
  const wanted = normalizeTag(command.to);
  checkLength(wanted);
  // Renaming into another tag merges the two under that tag's spelling; changing only the case keeps one tag.
  const to = tagKey(wanted) === tagKey(from) ? wanted : (library.get(tagKey(wanted)) ?? wanted);
  if (to === from) return [];
  return [{ type: 'TagRenamed', data: { userId: command.userId, from, to } }];
}

function decideDelete(state: TagState, command: Extract<TagCommand, { kind: 'delete' }>): NewEvent[] {
  const tag = libraryTags(state).get(tagKey(command.tag));
  if (tag === undefined) throw new DomainError(TAG_REFUSALS.tagNotFound({ tag: normalizeTag(command.tag) }));
  return [{ type: 'TagDeleted', data: { userId: command.userId, tag } }];
}

/**
 * The toast's Undo of a tag's deletion: each prompt that carried it gets back the tags it had,
 * when nothing changed the tags since and the deletion is under TAG_LIMITS.undoDeleteMs old.
 */
function decideUndoDelete(state: TagState, command: Extract<TagCommand, { kind: 'undo-delete' }>): NewEvent[] {
  const { deleted } = state;
  if (!deleted || deleted.key !== tagKey(command.tag) || command.now.getTime() - deleted.at > TAG_LIMITS.undoDeleteMs)
    throw new DomainError(TAG_REFUSALS.undoGone({ tag: normalizeTag(command.tag) }));
  return deleted.before.map(([promptId, tags]) => ({ type: 'PromptTagsSet', data: { userId: command.userId, promptId, tags: [...tags] } }));
}

export const tagDecider: Decider<TagState, TagCommand> = {
  initialState: { byPrompt: new Map(), prompt: UNKNOWN_PROMPT, deleted: null },
  evolve(state: TagState, event: StoredEvent): TagState {
    switch (event.type) {
      case 'PromptTagsSet': {
        const byPrompt = new Map(state.byPrompt);
        if (event.data.tags.length) byPrompt.set(event.data.promptId, event.data.tags);
        else byPrompt.delete(event.data.promptId);
        return { ...state, byPrompt, deleted: null };
      }
      case 'TagRenamed': {
        const { from, to } = event.data;
        const byPrompt = new Map([...state.byPrompt].map(([id, tags]) => [id, renamed(tags, from, to)] as const));
        return { ...state, byPrompt, deleted: null };
      }
      case 'TagDeleted': {
        const key = tagKey(event.data.tag);
        const byPrompt = new Map<number, readonly string[]>();
        const before: (readonly [number, readonly string[]])[] = [];
        for (const [id, tags] of state.byPrompt) {
          const kept = tags.filter((t) => t.toLowerCase() !== key);
          if (kept.length < tags.length) before.push([id, tags]);
          if (kept.length) byPrompt.set(id, kept);
        }
        return { ...state, byPrompt, deleted: { key, tag: event.data.tag, at: new Date(event.createdAt).getTime(), before } };
      }
      default:
        return { ...state, prompt: evolvePromptAccess(state.prompt, event) };
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case 'set':
        return decideSet(state, command);
      case 'rename':
        return decideRename(state, command);
      case 'delete':
        return decideDelete(state, command);
      case 'undo-delete':
        return decideUndoDelete(state, command);
    }
  },
};
