import type { APIContext, APIRoute } from 'astro';
import { DomainError, type Actor, type Appended, type EventMetadata } from '../../events';
import type { Parsed, ReplyOf, Route, RouteSpec } from '../../events/route';
import { DEVICE_REFUSALS } from '../../modules/devices/contracts';
import type { App } from './app';
import { noteWritten } from './freshness';
import { requireAdmin, requireUser } from './guards';
import { actorFor, errorResponse, json, metadataFor, readBody, refuseUnstorableText } from './http';
import { REQUEST_REFUSALS } from './refusals';
import type { SessionUser } from './accounts/session-user';

type UserFor<R extends RouteSpec> = R['caller'] extends 'anyone' ? SessionUser | null : SessionUser;

/** What a route's handler gets: the parsed input, the caller (already checked), the app. */
export type Call<R extends RouteSpec> = Parsed<R> & {
  user: UserFor<R>;
  app: App;
  context: APIContext;
  actor: Actor;
  metadata: EventMetadata;
  /** Read-your-writes as the route declares it (`reads`): waits for what the answer reads, notes the rest for the written cookie. */
  settle(appended: Appended): Promise<void>;
};

/** An answer with another status or headers than 200 JSON; the body is still typed by the route. */
export class Reply<T> {
  constructor(
    readonly data: T,
    readonly init: ResponseInit,
  ) {}
}

/** `return replyWith(view, { status: 201 })`: the declared reply type, another status. */
export const replyWith = <T>(data: T, init: ResponseInit) => new Reply(data, init);

type Answer<R> = ReplyOf<R> | Reply<ReplyOf<R>> | Response;
export type Handler<R extends RouteSpec> = (call: Call<R>) => Answer<R> | Promise<Answer<R>>;

/** An endpoint made from its declaration: Astro calls it; tests and the route check read `.route`. */
export type Served<R extends RouteSpec> = APIRoute & { readonly route: R };

function caller(spec: RouteSpec, context: APIContext): SessionUser | null {
  switch (spec.caller) {
    case 'anyone':
      return context.locals.user;
    case 'user':
      return requireUser(context);
    case 'admin':
      return requireAdmin(context);
    case 'web-user': {
      const user = requireUser(context);
      if (context.locals.deviceId || context.locals.accessTokenId) throw new DomainError(DEVICE_REFUSALS.sessionOnly);
      return user;
    }
  }
}

function parseParams(spec: RouteSpec, raw: Record<string, string | undefined>): unknown {
  refuseUnstorableText(raw);
  if (!spec.params) return {};
  const parsed = spec.params.safeParse(raw);
  if (parsed.success) return parsed.data;
  const name = String(parsed.error.issues[0]?.path[0] ?? 'parameter');
  const reason = REQUEST_REFUSALS.invalidParam({ name });
  throw new DomainError(reason, { issues: [{ path: [name], message: reason.message, code: 'invalid_param' }] });
}

/** Every key and value is checked, a repeated key's too; the schema reads the last of each. */
function parseQuery(spec: RouteSpec, search: URLSearchParams): unknown {
  refuseUnstorableText([...search.keys(), ...search.values()]);
  return spec.query ? spec.query.parse(Object.fromEntries(search)) : {};
}

/**
 * The endpoint for a declared route: checks the caller, parses params, query and body with
 * the declaration's schemas (a bad request is a 4xx JSON answer and changes nothing), runs the
 * handler and maps whatever it throws (src/server/http.ts). A plain value is answered as
 * 200 JSON.
 */
export function serve<R extends Route>(spec: R, handler: Handler<R>): Served<R> {
  const endpoint: APIRoute = async (context) => {
    try {
      const user = caller(spec, context);
      const params = parseParams(spec, context.params);
      const query = parseQuery(spec, context.url.searchParams);
      const body = spec.body ? await readBody(context.request, spec.body, spec.maxBodyBytes) : undefined;
      const { app } = context.locals;
      const call = {
        params,
        query,
        body,
        user,
        app,
        context,
        actor: actorFor(context),
        metadata: metadataFor(context),
        async settle(appended: Appended) {
          noteWritten(context.locals, appended, await app.settle(appended, spec.reads ?? []));
        },
      } as Call<R>;
      const answer = await handler(call);
      if (answer instanceof Response) return answer;
      if (answer instanceof Reply) return json(answer.data, answer.init);
      return json(answer);
    } catch (error) {
      return errorResponse(error, context.locals.requestId);
    }
  };
  return Object.assign(endpoint, { route: spec });
}
