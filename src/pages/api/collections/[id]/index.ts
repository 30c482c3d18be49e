import { changeCollection } from '../../../../../modules/collections';
import { COLLECTION_REFUSALS } from '../../../../../modules/collections/contracts';
import { collectionRoutes } from '../../../../../modules/collections/routes';
import { notFound } from '../../../../server/http';
import { collectionWithPrompts, throttleAccount } from '../../../../server/library';
import { serve } from '../../../../server/route';

export const GET = serve(collectionRoutes.collection, async ({ params: { id }, query: { tag }, user, app }) => {
  const collection = await collectionWithPrompts(app, id, user?.id ?? null, tag);
  if (!collection) notFound(COLLECTION_REFUSALS.notFound);
  return collection;
});

export const DELETE = serve(collectionRoutes.deleteCollection, async ({ params: { id }, user, app, context, metadata, settle }) => {
  await throttleAccount(app, context, 'library', user.id);
  await settle(await changeCollection(app.store, { kind: 'delete', collectionId: id, userId: user.id }, metadata));
  return { id };
});
