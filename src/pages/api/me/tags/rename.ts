import { tagRoutes } from '../../../../../modules/tags/routes';
import { changeLibraryTag } from '../../../../server/library/tags';
import { serve } from '../../../../server/route';

export const POST = serve(tagRoutes.renameTag, ({ body: { from, to }, user, app, context, metadata, settle }) =>
  changeLibraryTag(app, context, { kind: 'rename', userId: user.id, from, to }, metadata, settle),
);
