import { changeCollection } from '../../../../../../modules/collections';
import { idParam } from '../../../../../../modules/engagement/contracts';
import { requireUser } from '../../../../../server/guards';
import { endpoint, json, metadataFor, readParam } from '../../../../../server/http';

/** Takes a prompt out of one of the user's collections. */
export const DELETE = endpoint(async (context) => {
  const user = requireUser(context);
  const collectionId = readParam(context.params.id, idParam, 'collection id');
  const promptId = readParam(context.params.promptId, idParam, 'prompt id');
  const { app } = context.locals;
  const result = await changeCollection(app.store, { kind: 'remove', collectionId, userId: user.id, promptId }, metadataFor(context));
  await app.settle(result);
  return json({ collectionId, promptId, promptCount: result.promptCount });
});
