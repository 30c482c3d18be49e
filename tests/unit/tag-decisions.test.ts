import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../events';
import { tagDecider, TAG_LIMITS, TAG_REFUSALS, normalizeTags } from '../../modules/tags';
import { given } from '../support/given';

const saved = (promptId: number, savedBy = 2): NewEvent => ({
  type: 'PromptSavedPrivately',
  data: { promptId, title: 't', description: 'd', content: 'c', categoryId: 1, authorName: 'Ada', savedBy },
});
const submitted: NewEvent = {
  type: 'PromptSubmitted',
  data: { promptId: 8, title: 't', description: 'd', content: 'c', categoryId: 1, authorName: 'Ada', submittedBy: 2 },
};
const published: NewEvent = { type: 'PromptReviewed', data: { promptId: 8, isApproved: true, reviewedBy: 1 } };
const tagsSet = (promptId: number, tags: string[]): NewEvent => ({ type: 'PromptTagsSet', data: { userId: 2, promptId, tags } });
const set = (promptId: number, tags: string[], userId = 2) => ({ kind: 'set' as const, userId, promptId, tags });

describe('tagging a prompt', () => {
  it('given their private prompt, when its owner tags it, then its tags are set, normalised and each once', () => {
    given(tagDecider, saved(7))
      .when(set(7, ['  #writing ', 'Email  drafts', 'WRITING', '']))
      .then(tagsSet(7, ['writing', 'Email drafts']));
  });

  it('given their published prompt, when its owner tags it, then it is tagged (tags are theirs, whatever the status)', () => {
    given(tagDecider, submitted, published)
      .when(set(8, ['work']))
      .then(tagsSet(8, ['work']));
  });

  it("given someone else's prompt, or a deleted one, when a user tags it, then it is not found", () => {
    given(tagDecider, saved(7, 3))
      .when(set(7, ['x']))
      .thenRefuses(TAG_REFUSALS.promptNotFound);
    given(tagDecider, saved(7), { type: 'PromptDeleted', data: { promptId: 7, deletedBy: 2, purgeAfter: new Date().toISOString() } })
      .when(set(7, ['x']))
      .thenRefuses(TAG_REFUSALS.promptNotFound);
    given(tagDecider)
      .when(set(7, ['x']))
      .thenRefuses(TAG_REFUSALS.promptNotFound);
  });

  it('given a tag spelled one way in the library, when another prompt gets it in another case, then it keeps the library spelling', () => {
    given(tagDecider, saved(7), tagsSet(5, ['AI']))
      .when(set(7, ['ai', 'new']))
      .then(tagsSet(7, ['AI', 'new']));
  });

  it('given the same tags, when set again, then nothing is appended; an empty set removes them', () => {
    given(tagDecider, saved(7), tagsSet(7, ['a', 'b']))
      .when(set(7, ['a', 'b']))
      .then();
    given(tagDecider, saved(7), tagsSet(7, ['a', 'b']))
      .when(set(7, []))
      .then(tagsSet(7, []));
  });

  it('refuses a tag over the length limit, more tags than a prompt may have, and more than a library may have', () => {
    given(tagDecider, saved(7))
      .when(set(7, ['x'.repeat(TAG_LIMITS.length + 1)]))
      .thenRefuses(TAG_REFUSALS.tooLong);
    given(tagDecider, saved(7))
      .when(set(7, ['中'.repeat(TAG_LIMITS.length)]))
      .then(tagsSet(7, ['中'.repeat(TAG_LIMITS.length)]));
    const many = Array.from({ length: TAG_LIMITS.perPrompt + 1 }, (_, i) => `t${i}`);
    given(tagDecider, saved(7)).when(set(7, many)).thenRefuses(TAG_REFUSALS.tooManyOnPrompt);
    const full = Array.from({ length: TAG_LIMITS.perLibrary / TAG_LIMITS.perPrompt }, (_, p) =>
      tagsSet(
        100 + p,
        Array.from({ length: TAG_LIMITS.perPrompt }, (_, i) => `p${p}-${i}`),
      ),
    );
    given(tagDecider, saved(7), ...full)
      .when(set(7, ['one more']))
      .thenRefuses(TAG_REFUSALS.tooManyInLibrary);
    // A tag the library has already is not a new one.
    given(tagDecider, saved(7), ...full)
      .when(set(7, ['p0-0']))
      .then(tagsSet(7, ['p0-0']));
  });
});

describe('renaming, merging and deleting a tag', () => {
  const library = [tagsSet(5, ['work', 'ideas']), tagsSet(6, ['Ideas later'])];

  it('given a tag, when renamed, then every prompt is renamed by one event', () => {
    given(tagDecider, ...library)
      .when({ kind: 'rename', userId: 2, from: 'WORK', to: ' job ' })
      .then({ type: 'TagRenamed', data: { userId: 2, from: 'work', to: 'job' } });
  });

  it('given two tags, when one is renamed into the other, then it merges under the spelling kept', () => {
    const g = given(tagDecider, ...library, tagsSet(7, ['Work', 'x']));
    g.when({ kind: 'rename', userId: 2, from: 'ideas', to: 'WORK' }).then({ type: 'TagRenamed', data: { userId: 2, from: 'ideas', to: 'work' } });
  });

  it('folds a merge: a prompt that had both keeps one, in its place', () => {
    const g = given(tagDecider, tagsSet(5, ['a', 'b', 'c']), { type: 'TagRenamed', data: { userId: 2, from: 'c', to: 'a' } });
    expect(g.state.byPrompt.get(5)).toEqual(['a', 'b']);
  });

  it('given a tag, when only its case changes, then it is one rename; the same name changes nothing', () => {
    given(tagDecider, ...library)
      .when({ kind: 'rename', userId: 2, from: 'work', to: 'Work' })
      .then({ type: 'TagRenamed', data: { userId: 2, from: 'work', to: 'Work' } });
    given(tagDecider, ...library)
      .when({ kind: 'rename', userId: 2, from: 'work', to: 'work' })
      .then();
  });

  it('refuses an unknown tag, an empty or too long new name', () => {
    given(tagDecider, ...library)
      .when({ kind: 'rename', userId: 2, from: 'nope', to: 'x' })
      .thenRefuses(TAG_REFUSALS.tagNotFound);
    given(tagDecider, ...library)
      .when({ kind: 'rename', userId: 2, from: 'work', to: ' # ' })
      .thenRefuses(TAG_REFUSALS.empty);
    given(tagDecider, ...library)
      .when({ kind: 'rename', userId: 2, from: 'work', to: 'y'.repeat(TAG_LIMITS.length + 1) })
      .thenRefuses(TAG_REFUSALS.tooLong);
    given(tagDecider, ...library)
      .when({ kind: 'delete', userId: 2, tag: 'nope' })
      .thenRefuses(TAG_REFUSALS.tagNotFound);
  });

  it('given a tag, when deleted, then it leaves every prompt (a prompt left without tags has none)', () => {
    const g = given(tagDecider, ...library, tagsSet(7, ['ideas']));
    g.when({ kind: 'delete', userId: 2, tag: 'IDEAS' }).then({ type: 'TagDeleted', data: { userId: 2, tag: 'ideas' } });
    const after = given(tagDecider, ...library, tagsSet(7, ['ideas']), { type: 'TagDeleted', data: { userId: 2, tag: 'ideas' } });
    expect([...after.state.byPrompt]).toEqual([
      [5, ['work']],
      [6, ['Ideas later']],
    ]);
  });
});

describe("undoing a tag's deletion", () => {
  const deletedAt = new Date('2026-11-01T10:00:00.000Z');
  const within = new Date(deletedAt.getTime() + TAG_LIMITS.undoDeleteMs);
  const deletion: [NewEvent, Date] = [{ type: 'TagDeleted', data: { userId: 2, tag: 'ideas' } }, deletedAt];
  const library = [tagsSet(5, ['work', 'ideas', 'later']), tagsSet(6, ['Ideas later']), tagsSet(7, ['ideas'])];
  const undo = (tag = 'Ideas', now = within) => ({ kind: 'undo-delete' as const, userId: 2, tag, now });

  it('given a tag just deleted, when its Undo comes in time, then each prompt that carried it has its tags back, in their order', () => {
    given(tagDecider, ...library, deletion)
      .when(undo())
      .then(tagsSet(5, ['work', 'ideas', 'later']), tagsSet(7, ['ideas']));
    const back = given(tagDecider, ...library, deletion, tagsSet(5, ['work', 'ideas', 'later']), tagsSet(7, ['ideas']));
    expect([...back.state.byPrompt].sort()).toEqual([
      [5, ['work', 'ideas', 'later']],
      [6, ['Ideas later']],
      [7, ['ideas']],
    ]);
  });

  it('given a deletion too long ago, another tag deleted, or tags changed since, when the Undo comes, then it is refused and nothing is appended', () => {
    given(tagDecider, ...library, deletion)
      .when(undo('ideas', new Date(within.getTime() + 1)))
      .thenRefuses(TAG_REFUSALS.undoGone);
    given(tagDecider, ...library, deletion)
      .when(undo('work'))
      .thenRefuses(TAG_REFUSALS.undoGone);
    given(tagDecider, ...library, deletion, tagsSet(6, ['fresh']))
      .when(undo())
      .thenRefuses(TAG_REFUSALS.undoGone);
    given(tagDecider, ...library, deletion, { type: 'TagRenamed', data: { userId: 2, from: 'work', to: 'job' } })
      .when(undo())
      .thenRefuses(TAG_REFUSALS.undoGone);
    // Undone once, it is not undone twice.
    given(tagDecider, ...library, deletion, tagsSet(5, ['work', 'ideas', 'later']), tagsSet(7, ['ideas']))
      .when(undo())
      .thenRefuses(TAG_REFUSALS.undoGone);
    given(tagDecider, ...library)
      .when(undo())
      .thenRefuses(TAG_REFUSALS.undoGone);
  });
});

describe('normalizeTags', () => {
  it('trims, drops a leading #, collapses spaces and keeps the first spelling of each', () => {
    expect(normalizeTags(['#a', ' A ', 'b  c', '  ', '##中文'])).toEqual(['a', 'b c', '中文']);
  });
});
