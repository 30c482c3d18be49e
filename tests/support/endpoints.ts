/// <reference types="vite/client" />
import type { APIRoute } from 'astro';
import type { Method, RouteRef, RouteSpec } from '../../events/route';

/**
 * Every endpoint file under src/pages/api, loaded as Astro would route it: the file path
 * gives the URL (`[id]` is a param, `index` is its folder), each exported method a handler.
 */
const files = import.meta.glob<Record<string, unknown>>('../../src/pages/api/**/*.ts', { eager: true });

export interface Endpoint {
  file: string;
  method: Method;
  /** The URL the file serves, in the declarations' form: `/api/prompts/{id}/use`. */
  path: string;
  handler: APIRoute & { route?: RouteSpec };
}

export function pathOfFile(file: string): string {
  const route = file
    .replace(/^.*\/src\/pages/, '')
    .replace(/\.ts$/, '')
    .replace(/\/index$/, '')
    .replace(/\[(\w+)\]/g, '{$1}');
  return route;
}

export const endpoints: Endpoint[] = Object.entries(files).flatMap(([file, exports]) =>
  (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)
    .filter((method) => typeof exports[method] === 'function')
    .map((method) => ({ file: file.replace(/^(\.\.\/)+/, ''), method, path: pathOfFile(file), handler: exports[method] as Endpoint['handler'] })),
);

/** The handler that serves a declared route (by its method and path), for the tests' client. */
export function handlerFor(route: Pick<RouteRef, 'method' | 'path'>): APIRoute {
  const found = endpoints.find((e) => e.method === route.method && e.path === route.path);
  if (!found) throw new Error(`no endpoint serves ${route.method} ${route.path}`);
  return found.handler;
}
