import { allRoutes, routes } from '../../shared/api-routes';
import { cachedJson } from '../../server/http';
import { openApiDocument } from '../../server/openapi';
import { serve } from '../../server/route';

export const GET = serve(routes.openApi, ({ app, context }) => cachedJson(context.request, openApiDocument(allRoutes, app.config.publicUrl), 300));
