import { createCollection } from '../../../../modules/collections';
import { collectionRequest } from '../../../../modules/collections/contracts';
import { getCollection } from '../../../../projections/collections/queries';
import { requireUser } from '../../../server/guards';
import { endpoint, json, metadataFor, readBody } from '../../../server/http';

/** Creates a collection for the signed-in user and answers it (201). */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const body = await readBody(context.request, collectionRequest);
  const { app } = context.locals;
  const result = await createCollection(app.store, user.id, body, metadataFor(context));
  await app.settle(result);
  return json(await getCollection(app.db, result.collectionId, user.id), { status: 201 });
});
