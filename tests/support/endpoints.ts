/// <reference types="vite/client" />
import type { APIRoute } from 'astro';
import { pathPattern, servedRoutes, type Method, type RouteSpec } from '../../events/route';

/**
 * Every endpoint file under src/pages, loaded as Astro would route it: the file path
 * gives the URL (`[id]` is a param, `index` is its folder), each exported method a handler.
 */
const files = import.meta.glob<Record<string, unknown>>('../../src/pages/**/*.ts', { eager: true });

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

const served: Endpoint[] = Object.entries(files).flatMap(([file, exports]) =>
  (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)
    .filter((method) => typeof exports[method] === 'function')
    .map((method) => ({ file: file.replace(/^(\.\.\/)+/, ''), method, path: pathOfFile(file), handler: exports[method] as Endpoint['handler'] })),
);

/** The API's endpoints: each serves one declared route (tests/unit/routes.test.ts). */
export const endpoints: Endpoint[] = served.filter((e) => e.path.startsWith('/api/'));

/**
 * The endpoint Astro's router picks for a request (a literal segment wins over a param) and
 * its params, or null when no endpoint file serves it (a page, or nothing). As Astro does, the
 * path is decoded with decodeURI first (left raw when that fails) and the params are what the
 * pattern matched.
 */
export function routeRequest(method: string, pathname: string): { handler: APIRoute; params: Record<string, string> } | null {
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    /* malformed: matched as sent */
  }
  const found = servedRoutes(served, decoded).find((e) => e.method === method);
  if (!found) return null;
  return { handler: found.handler, params: { ...pathPattern(found).exec(decoded)?.groups } };
}
