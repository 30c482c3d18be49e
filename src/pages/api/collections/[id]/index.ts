import { changeCollection } from '../../../../../modules/collections';
import { COLLECTION_MESSAGES } from '../../../../../modules/collections/contracts';
import { idParam } from '../../../../../modules/engagement/contracts';
import { requireUser } from '../../../../server/guards';
import { endpoint, json, metadataFor, notFound, readParam } from '../../../../server/http';
import { collectionWithPrompts } from '../../../../server/library';

/** A collection with its prompts: a public one for anyone, a private one for its owner (404 to others). */
export const GET = endpoint(async (context) => {
  const id = readParam(context.params.id, idParam, 'collection id');
  const { app } = context.locals;
  const collection = await collectionWithPrompts(app, id, context.locals.user?.id ?? null);
  if (!collection) notFound(COLLECTION_MESSAGES.notFound);
  return json(collection);
});

/** Deletes one of the user's collections. */
export const DELETE = endpoint(async (context) => {
  const user = requireUser(context);
  const id = readParam(context.params.id, idParam, 'collection id');
  const { app } = context.locals;
  await app.settle(await changeCollection(app.store, { kind: 'delete', collectionId: id, userId: user.id }, metadataFor(context)));
  return json({ id });
});
