import type { z } from 'zod';

/**
 * One HTTP route as data: its method, path, who may call it, what it takes and what it
 * answers. Modules declare their routes (`modules/<m>/routes.ts`) with `route()`; everything
 * else derives from that one declaration: the endpoint wrapper (parse, guard, settle, error
 * mapping: src/server/route.ts), the typed client of the islands and the extension
 * (src/shared/api-client.ts), the device scope, the OpenAPI document and the tests' client.
 * Pure: browsers import it.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `anyone` (visitors too), `user` (signed in, by cookie or device token),
 * `web-user` (signed in on the website itself, never a device acting for them), `admin`.
 * Whether a signed-in caller owns the thing is the command's decision, not the route's.
 */
export type Caller = 'anyone' | 'user' | 'web-user' | 'admin';

/**
 * What a write needs before it answers: `settle` catches the read models it fed up to it
 * (the writer's next read shows it), `defer-catalog` the same but leaves the catalog to the
 * writer's next read (the catalog_written cookie), `none` for writes no read model needs now.
 */
export type ReadYourWrites = 'settle' | 'defer-catalog' | 'none';

type Schema = z.ZodType;

export interface RouteSpec {
  method: Method;
  /** `/api/prompts/{id}/use`: `{name}` segments are the params, named as the endpoint file's `[name]`. */
  path: string;
  caller: Caller;
  /** A connected extension device may call it with its token (its scope is the routes that say so). */
  device?: boolean;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /**
   * The largest body it takes, in bytes, when more than every other route's 64 KB (an import
   * file); the request is refused with 413 before it is read past it.
   */
  maxBodyBytes?: number;
  /** Writes only; default `settle`. */
  readYourWrites?: ReadYourWrites;
  /**
   * Whether a successful write answers with the `catalog_written` cookie (default true). The
   * account routes say false: how far the log moved differs between a registered and an
   * unknown email, so the cookie would tell them apart, and they change no catalog page.
   */
  writtenPosition?: boolean;
  /** One line for the OpenAPI document. */
  summary: string;
}

/** A declared route; `Reply` is the answer's type (a phantom: nothing of it exists at run time). */
export type Route<S extends RouteSpec = RouteSpec, Reply = unknown> = S & { readonly __reply?: Reply };

/** Declares a route answering `Reply`: `route<PromptView>()({ method: 'GET', ... })`. */
export const route =
  <Reply = unknown>() =>
  <const S extends RouteSpec>(spec: S): Route<S, Reply> =>
    spec;

export type ReplyOf<R> = R extends Route<RouteSpec, infer Reply> ? Reply : R extends RouteRef<infer D> ? ReplyOf<D> : never;

/**
 * What a client needs of a route at run time: its method and path, with the declaration as a
 * type only, so a browser bundle carries no schema (src/shared/api-routes.generated/).
 */
export interface RouteRef<R extends RouteSpec = RouteSpec> {
  method: Method;
  path: string;
  readonly __route?: R;
}

/** The declaration behind a reference (or the declaration itself). */
export type Declared<R> = R extends RouteRef<infer D> ? D : R;

type InputOf<S> = S extends Schema ? z.input<S> : never;
type Optional<T> = undefined extends T ? true : Partial<T> extends T ? true : false;
type Part<K extends string, S> = S extends Schema
  ? Optional<InputOf<S>> extends true
    ? { [P in K]?: InputOf<S> }
    : { [P in K]: InputOf<S> }
  : { [P in K]?: never };
/** What a caller passes: `{ params?, query?, body? }`, each typed by its schema's input. */
export type RouteInput<R extends RouteSpec> = Part<'params', R['params']> & Part<'query', R['query']> & Part<'body', R['body']>;
/** What a handler receives: the parsed (output) values. */
export type Parsed<R extends RouteSpec> = {
  params: R['params'] extends Schema ? z.output<R['params']> : Record<string, never>;
  query: R['query'] extends Schema ? z.output<R['query']> : Record<string, never>;
  body: R['body'] extends Schema ? z.output<R['body']> : undefined;
};

const PARAM = /\{(\w+)\}/g;

/** The URL path (and query string) a call goes to. Params are URL-encoded; undefined query values are left out. */
export function pathFor(spec: Pick<RouteSpec, 'path'>, input: { params?: unknown; query?: unknown } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = spec.path.replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${spec.path}: missing param ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The path as a pattern: matches a concrete pathname and gives the raw params. */
export function pathPattern(spec: Pick<RouteSpec, 'path'>): RegExp {
  const source = spec.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(PARAM, '(?<$1>[^/]+)');
  return new RegExp(`^${source}/?$`);
}

const paramCount = (spec: Pick<RouteSpec, 'path'>) => spec.path.split('{').length - 1;

/**
 * Each declared path once, as a pattern, fewest params first. Compiled once per route table:
 * the security middleware asks on every request, pages included (compiling every pattern per
 * request was 3-4% of a web process's CPU).
 */
const pathTables = new WeakMap<readonly RouteSpec[], { path: string; pattern: RegExp }[]>();
function pathTable(routes: readonly RouteSpec[]) {
  let table = pathTables.get(routes);
  if (!table) {
    const paths = [...new Set(routes.map((r) => r.path))].sort((a, b) => paramCount({ path: a }) - paramCount({ path: b }));
    table = paths.map((path) => ({ path, pattern: pathPattern({ path }) }));
    pathTables.set(routes, table);
  }
  return table;
}

/**
 * The declared routes of the path a request is served by, one per method. Like Astro's router,
 * a literal segment wins over a param: `/api/prompts/my` is its own path (whatever the method),
 * not `/api/prompts/{id}`.
 */
export function servedRoutes<R extends RouteSpec>(routes: readonly R[], pathname: string): R[] {
  const served = pathTable(routes).find(({ pattern }) => pattern.test(pathname));
  return served ? routes.filter((r) => r.path === served.path) : [];
}

/** The declared route a request is for, if any (see servedRoutes). */
export function findRoute<R extends RouteSpec>(routes: readonly R[], method: string, pathname: string): R | undefined {
  return servedRoutes(routes, pathname).find((r) => r.method === method);
}
