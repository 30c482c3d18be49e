import { deleteImportedCollectionsIn } from '../../../../../modules/collections';
import { undoImport } from '../../../../../modules/prompts';
import { portabilityRoutes } from '../../../../../modules/portability/routes';
import { serve } from '../../../../server/route';

/** Undoes one import of the user's: its prompts still private go, those shared since stay, and the collections it made go. */
export const DELETE = serve(portabilityRoutes.undoImport, async ({ params: { batchId }, actor, user, app, metadata, settle }) => {
  const undone = await undoImport(app.store, batchId, actor, metadata, (tx, collectionIds) =>
    deleteImportedCollectionsIn(tx, user.id, collectionIds, metadata),
  );
  await settle(undone);
  return undone.result;
});
