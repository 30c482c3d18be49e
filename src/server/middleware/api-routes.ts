import type { MiddlewareHandler } from 'astro';
import { servedRoutes } from '../../../events/route';
import { allRoutes } from '../../shared/api-routes';
import { errorJson } from '../http';
import { REQUEST_REFUSALS } from '../refusals';

const API = '/api/';

/**
 * A caller of the API gets JSON, whatever it asks: a path no route declares is a 404
 * `{ error }`, and a declared path asked with another method a 405 naming the methods it takes
 * (`Allow`). Left to the router, both would be the site's HTML "not found" page.
 */
export const apiRoutes: MiddlewareHandler = (context, next) => {
  const { pathname } = context.url;
  if (!pathname.startsWith(API)) return next();
  // The methods of the path the router serves: PATCH /api/prompts/my is not /api/prompts/{id}'s.
  const methods = new Set<string>(servedRoutes(allRoutes, pathname).map((r) => r.method));
  if (methods.size === 0) return errorJson(404, REQUEST_REFUSALS.notFound);
  const method = context.request.method === 'HEAD' ? 'GET' : context.request.method;
  if (methods.has(method)) return next();
  const allow = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].join(', ');
  const response = errorJson(405, REQUEST_REFUSALS.methodNotAllowed({ method: context.request.method, allow }));
  response.headers.set('allow', allow);
  return response;
};
