import { idParams } from '../../events/ids';
import { route } from '../../events/route';
import { deleteTagRequest, renameTagRequest, setTagsRequest, type PromptTagsView, type TagChangeView, type TagView } from './contracts';

/** A person's tags over HTTP: theirs alone, on their own prompts (private and published alike). */
export const tagRoutes = {
  myTags: route<{ items: TagView[] }>()({
    method: 'GET',
    path: '/api/me/tags',
    caller: 'user',
    device: true,
    summary: "The signed-in user's tags, each with how many of their prompts carry it, A to Z (at most 200: the library's limit, so not paged).",
  }),
  promptTags: route<PromptTagsView>()({
    method: 'GET',
    path: '/api/prompts/{id}/tags',
    caller: 'user',
    params: idParams,
    summary: "The tags of one of the user's own prompts (whatever its status); someone else's prompt is not found, so nobody learns another's tags.",
  }),
  setPromptTags: route<PromptTagsView>()({
    method: 'PUT',
    path: '/api/prompts/{id}/tags',
    caller: 'user',
    reads: ['tags'],
    params: idParams,
    body: setTagsRequest,
    summary: "Sets the tags of one of the user's own prompts (the whole set; empty removes them): at most 10, each at most 30 characters.",
  }),
  renameTag: route<TagChangeView>()({
    method: 'POST',
    path: '/api/me/tags/rename',
    caller: 'user',
    reads: ['tags'],
    body: renameTagRequest,
    summary: "Renames one of the user's tags on every prompt that has it; renaming into another of their tags merges the two (`merged`).",
  }),
  deleteTag: route<TagChangeView>()({
    method: 'POST',
    path: '/api/me/tags/delete',
    caller: 'user',
    reads: ['tags'],
    body: deleteTagRequest,
    summary: "Removes one of the user's tags from every prompt that has it (the prompts stay).",
  }),
  undoDeleteTag: route<TagChangeView>()({
    method: 'POST',
    path: '/api/me/tags/undo-delete',
    caller: 'user',
    reads: ['tags'],
    body: deleteTagRequest,
    summary:
      "The toast's Undo of a tag's deletion: each prompt that carried it has its tags back, within 30 seconds and while the user's tags have not changed since (409 otherwise).",
  }),
};
