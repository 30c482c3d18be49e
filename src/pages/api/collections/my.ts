import { collectionRoutes } from '../../../../modules/collections/routes';
import { listCollections } from '../../../../projections/collections/queries';
import { serve } from '../../../server/route';

export const GET = serve(collectionRoutes.myCollections, ({ query, user, app }) => listCollections(app.db, user.id, query));
