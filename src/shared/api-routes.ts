import { findRoute, route, type RouteSpec } from '../../events/route';
import { accountRoutes } from '../../modules/accounts/routes';
import { auditRoutes } from '../../modules/audit/routes';
import { collectionRoutes } from '../../modules/collections/routes';
import { discussionRoutes } from '../../modules/discussion/routes';
import { deviceRoutes } from '../../modules/devices/routes';
import { engagementRoutes } from '../../modules/engagement/routes';
import { portabilityRoutes } from '../../modules/portability/routes';
import { promptRoutes } from '../../modules/prompts/routes';
import { tokenRoutes } from '../../modules/tokens/routes';
import { memberRoutes } from '../../modules/members/routes';
import { notificationRoutes } from '../../modules/notifications/routes';
import { tagRoutes } from '../../modules/tags/routes';

/**
 * Every declared HTTP route, by name: what the islands and the extension call
 * (`api.call(routes.rate, { body })`), what the device scope and the OpenAPI document are made
 * of. An endpoint file under src/pages/api serves exactly one of these per method
 * (tests/unit/routes.test.ts).
 */
/** The API's own description, made from these declarations. */
const metaRoutes = {
  openApi: route<Record<string, unknown>>()({
    method: 'GET',
    path: '/api/openapi.json',
    caller: 'anyone',
    summary: 'This API as an OpenAPI 3.1 document, made from the route declarations.',
  }),
};

export const routes = {
  ...accountRoutes,
  ...promptRoutes,
  ...engagementRoutes,
  ...collectionRoutes,
  ...deviceRoutes,
  ...tokenRoutes,
  ...portabilityRoutes,
  ...discussionRoutes,
  ...memberRoutes,
  ...auditRoutes,
  ...notificationRoutes,
  ...tagRoutes,
  ...metaRoutes,
};

export type RouteName = keyof typeof routes;
export const allRoutes: readonly RouteSpec[] = Object.values(routes);

/**
 * Whether a connected extension device may make this call with its token: the routes whose
 * declaration says `device: true`. Everything else (admin, collections, ratings, account
 * changes, approving more devices) needs the website's session.
 */
export function deviceMayCall(method: string, pathname: string): boolean {
  return findRoute(allRoutes, method, pathname)?.device === true;
}
