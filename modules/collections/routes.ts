import { z } from 'zod';
import { idParam as id, idParams } from '../../events/ids';
import { route } from '../../events/route';
import { pageQuery, type Page } from '../../events/paging';
import type { PromptView } from '../prompts/contracts';
import { collectionPromptRequest, collectionQuery, collectionRequest, type CollectionView } from './contracts';

/**
 * A collection with its prompts, as GET /api/collections/{id} answers; `savedVersion`: the
 * prompt's public version when added (null: added before versions were recorded).
 */
export type CollectionWithPrompts = CollectionView & { prompts: (PromptView & { savedVersion: number | null })[] };

/** Collections over HTTP: the owner changes them; a public one is readable by anyone. */
export const collectionRoutes = {
  myCollections: route<Page<CollectionView>>()({
    method: 'GET',
    path: '/api/collections/my',
    caller: 'user',
    query: pageQuery,
    summary: "The signed-in user's collections with their prompt counts, newest first (paged: limit ≤ 100).",
  }),
  createCollection: route<CollectionView>()({
    method: 'POST',
    path: '/api/collections',
    caller: 'user',
    reads: ['collections'],
    body: collectionRequest,
    summary: 'Creates a collection for the signed-in user (201).',
  }),
  collection: route<CollectionWithPrompts>()({
    method: 'GET',
    path: '/api/collections/{id}',
    caller: 'anyone',
    params: idParams,
    query: collectionQuery,
    summary:
      'A collection with its prompts: a public one for anyone, a private one for its owner (404 to others). Its owner sees their own unpublished prompts in it too (isApproved false); others see its public prompts only. `tag` (optional): its owner gets only their prompts in it carrying that tag of theirs; anyone else, the whole collection (tags are private).',
  }),
  deleteCollection: route<{ id: number }>()({
    method: 'DELETE',
    path: '/api/collections/{id}',
    caller: 'user',
    reads: ['collections'],
    params: idParams,
    summary: "Deletes one of the user's collections.",
  }),
  addToCollection: route<{ collectionId: number; promptId: number; promptCount: number }>()({
    method: 'POST',
    path: '/api/collections/{id}/prompts',
    caller: 'user',
    reads: ['collections'],
    params: idParams,
    body: collectionPromptRequest,
    summary: "Adds a public prompt, or one of the user's own (private ones too), to one of the user's collections (adding it twice keeps one).",
  }),
  removeFromCollection: route<{ collectionId: number; promptId: number; promptCount: number }>()({
    method: 'DELETE',
    path: '/api/collections/{id}/prompts/{promptId}',
    caller: 'user',
    reads: ['collections'],
    params: z.object({ id, promptId: id }),
    summary: "Removes a prompt from one of the user's collections.",
  }),
};
