import { tagRoutes } from '../../../../../modules/tags/routes';
import { changeLibraryTag } from '../../../../server/library/tags';
import { serve } from '../../../../server/route';

export const POST = serve(tagRoutes.undoDeleteTag, ({ body: { tag }, user, app, context, metadata, settle }) =>
  changeLibraryTag(app, context, { kind: 'undo-delete', userId: user.id, tag, now: app.clock() }, metadata, settle),
);
