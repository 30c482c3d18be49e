import { changeCollection } from '../../../../../../modules/collections';
import { collectionRoutes } from '../../../../../../modules/collections/routes';
import { throttleAccount } from '../../../../../server/library';
import { serve } from '../../../../../server/route';

export const POST = serve(
  collectionRoutes.addToCollection,
  async ({ params: { id: collectionId }, body: { promptId }, user, app, context, metadata, settle }) => {
    await throttleAccount(app, context, 'library', user.id);
    const result = await changeCollection(app.store, { kind: 'add', collectionId, userId: user.id, promptId }, metadata);
    await settle(result);
    return { collectionId, promptId, promptCount: result.promptCount };
  },
);
