import { pathFor, type Declared, type ReplyOf, type RouteInput, type RouteRef, type RouteSpec } from '../../events/route';

/** One HTTP request of a declared route, as a transport sends it. */
export interface ApiRequest {
  method: string;
  /** Path and query string, e.g. `/api/prompts/7/use`. */
  path: string;
  /** The JSON body, when the route takes one. */
  body?: unknown;
}

/** Sends a request and answers the parsed JSON body, or throws its own error kind. */
export type Transport = (request: ApiRequest) => Promise<unknown>;

type Input<R> = Declared<R> extends RouteSpec ? RouteInput<Declared<R>> : never;
/** A call's arguments after the route: its input, optional when every part of it is. */
export type ClientArgs<R> = Partial<Input<R>> extends Input<R> ? [input?: Input<R>] : [input: Input<R>];

/**
 * The one typed client of the declared routes: the islands give it a same-origin transport
 * (src/client/http.ts), the extension one with its device token (extension/src/lib/api.ts).
 * The path, the query and the reply's type come from the route's declaration, so no caller
 * spells an /api path or casts an answer.
 */
export function apiClient(transport: Transport) {
  return <R extends RouteRef>(route: R, ...[input]: ClientArgs<R>): Promise<ReplyOf<R>> => {
    const request: ApiRequest = { method: route.method, path: pathFor(route, input) };
    const body = (input as { body?: unknown } | undefined)?.body;
    if (body !== undefined) request.body = body;
    return transport(request) as Promise<ReplyOf<R>>;
  };
}

/** The URL of a GET route for a link the browser follows itself (a download): built from its declaration like a call's. */
export function hrefFor<R extends RouteRef>(route: R, ...[input]: ClientArgs<R>): string {
  return pathFor(route, input);
}
