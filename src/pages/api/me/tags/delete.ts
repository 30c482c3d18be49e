import { tagRoutes } from '../../../../../modules/tags/routes';
import { changeLibraryTag } from '../../../../server/library/tags';
import { serve } from '../../../../server/route';

export const POST = serve(tagRoutes.deleteTag, ({ body: { tag }, user, app, context, metadata, settle }) =>
  changeLibraryTag(app, context, { kind: 'delete', userId: user.id, tag }, metadata, settle),
);
