import { changeCollection } from '../../../../../../modules/collections';
import { collectionPromptRequest } from '../../../../../../modules/collections/contracts';
import { idParam } from '../../../../../../modules/engagement/contracts';
import { requireUser } from '../../../../../server/guards';
import { endpoint, json, metadataFor, readBody, readParam } from '../../../../../server/http';

/** Adds a public prompt to one of the user's collections (adding it twice keeps one). */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const collectionId = readParam(context.params.id, idParam, 'collection id');
  const { promptId } = await readBody(context.request, collectionPromptRequest);
  const { app } = context.locals;
  const result = await changeCollection(app.store, { kind: 'add', collectionId, userId: user.id, promptId }, metadataFor(context));
  await app.settle(result);
  return json({ collectionId, promptId, promptCount: result.promptCount });
});
