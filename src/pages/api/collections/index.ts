import { createCollection } from '../../../../modules/collections';
import { collectionRoutes } from '../../../../modules/collections/routes';
import { getCollection } from '../../../../projections/collections/queries';
import { throttleAccount } from '../../../server/library';
import { replyWith, serve } from '../../../server/route';

export const POST = serve(collectionRoutes.createCollection, async ({ body, user, app, context, metadata, settle }) => {
  await throttleAccount(app, context, 'library', user.id);
  const result = await createCollection(app.store, user.id, body, metadata);
  await settle(result);
  const created = await getCollection(app.db, result.collectionId, user.id);
  if (!created) throw new Error(`created collection ${result.collectionId} is not readable after settling`);
  return replyWith(created, { status: 201 });
});
