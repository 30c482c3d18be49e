import type { APIContext } from 'astro';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ErrorCode, GetPromptRequestSchema, ListPromptsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { findAccessToken, isAccessToken } from '../../../modules/tokens';
import { bearerToken } from '../accounts/bearer-auth';
import { errorJson, errorResponse, readJsonBody, refusalOf } from '../http';
import { loadSessionUser } from '../accounts/sessions';
import { MCP_REFUSALS, MEMBER_TEXT_NOTICE, type McpCaller } from './caller';
import { deliverAnswer, sessionElicits, sessionForCapabilities, waitInSession, type Asker, type SendRequest } from './elicit';
import { getMcpPrompt, listMcpPrompts } from './prompts';
import { registerTools } from './tools';

/**
 * A failure as a JSON-RPC error (its `data`: the refusal's code and values), through the REST API's mapping and logging (refusalOf): bad
 * input and what is not there are InvalidParams, other refusals InvalidRequest, anything
 * unexpected an InternalError with the generic message (logged, never the error's own text).
 */
function asMcpError(error: unknown, caller: McpCaller): McpError {
  if (error instanceof McpError) return error;
  const { status, error: message, code: refusal, values } = refusalOf(error, caller.context.locals.requestId);
  const code = status === 400 || status === 404 ? ErrorCode.InvalidParams : status >= 500 ? ErrorCode.InternalError : ErrorCode.InvalidRequest;
  // The refusal's code and values ride in the JSON-RPC error's data, as REST answers them.
  return new McpError(code, message, values ? { code: refusal, values } : { code: refusal });
}

/**
 * How a request's handler asks the user (elicit.ts): null unless the session's client can be
 * asked and this answer streams; while it waits, the client's answer (another POST) reaches
 * this request's transport through the session's entry.
 */
type AskerFor = (send: SendRequest) => Asker | null;

/** One MCP server for one request's caller: stateless, so nothing outlives the request. */
function serverFor(caller: McpCaller, askerFor: AskerFor): McpServer {
  const server = new McpServer(
    { name: 'promptory', title: 'Promptory', version: '1.0.0' },
    {
      instructions: `Promptory is a library of AI prompts. Search it, fill in a prompt's {{variables}}, and save prompts to your own library. ${MEMBER_TEXT_NOTICE} Publishing a prompt (save_prompt with visibility "public") sends the user's text for public review: do it only when the user asked for it in their own words.`,
    },
  );
  server.server.registerCapabilities({ prompts: { listChanged: false } });
  server.server.setRequestHandler(ListPromptsRequestSchema, (request) =>
    listMcpPrompts(caller, request.params?.cursor).catch((e) => Promise.reject(asMcpError(e, caller))),
  );
  server.server.setRequestHandler(GetPromptRequestSchema, (request, extra) =>
    getMcpPrompt(caller, request.params.name, request.params.arguments, askerFor(extra.sendRequest as SendRequest)).catch((e) =>
      Promise.reject(asMcpError(e, caller)),
    ),
  );
  registerTools(server, caller, askerFor);
  return server;
}

/**
 * The caller of an /mcp request: `Authorization: Bearer <personal access token>` names the
 * user; no header is the public catalog, read-only. The session cookie is never read here
 * (the session middleware leaves /mcp alone), so a page on another site cannot act through a
 * visitor's browser, and an extension's device token is not a credential here (null: 401).
 */
async function callerOf(context: APIContext): Promise<McpCaller | null> {
  const { app } = context.locals;
  const bearer = bearerToken(context.request);
  const header = context.request.headers.get('mcp-session-id');
  const sessionId = sessionElicits(header) ? header : null;
  if (!bearer) return { app, context, user: null, token: null, sessionId };
  const token = isAccessToken(bearer) ? await findAccessToken(app.db, bearer) : null;
  const found = token && (await loadSessionUser(app, token.userId));
  if (!token || !found) return null;
  // A token acts as its user, never as the admin.
  const user = { ...found, isAdmin: false };
  context.locals.user = user;
  context.locals.accessTokenId = token.tokenId;
  return { app, context, user, token, sessionId };
}

type Message = { method?: unknown; id?: unknown; params?: { capabilities?: unknown } };
const messagesOf = (body: unknown): Message[] => (Array.isArray(body) ? body : [body]).filter((m): m is Message => !!m && typeof m === 'object');

/** Requests that may ask the user for values: their answers stream (SSE) for a client that can be asked. */
const ASKING_METHODS = new Set(['tools/call', 'prompts/get']);

/** The stream's body, closing the request's server once it ends (or the client goes away). */
function closingWhenDone(response: Response, server: McpServer): Response {
  const reader = response.body!.getReader();
  const close = () => void server.close().catch(() => undefined);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          close();
        } else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
        close();
      }
    },
    cancel(reason) {
      close();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

/**
 * POST /mcp: one JSON-RPC message (or batch) in, its answer out as JSON, through the SDK's
 * web-standard transport. The body is read by the one body reader of every route (64 KB, by
 * Content-Length or while a chunked body streams, its text checked) before any token is looked
 * up, and handed to the transport parsed, so the SDK's own 4 MB reader never runs.
 */
export async function handleMcp(context: APIContext): Promise<Response> {
  try {
    const body = await readJsonBody(context.request);
    const caller = await callerOf(context);
    if (!caller) {
      const response = errorJson(401, MCP_REFUSALS.invalidToken);
      response.headers.set('www-authenticate', 'Bearer realm="promptory", error="invalid_token"');
      return response;
    }
    const tokenId = caller.token?.tokenId ?? null;
    // The client's answer to an elicitation goes to the request waiting for it in this process.
    if (deliverAnswer(caller.sessionId, tokenId, body)) return new Response(null, { status: 202 });
    const messages = messagesOf(body);
    const streams = caller.sessionId !== null && messages.some((m) => typeof m.method === 'string' && ASKING_METHODS.has(m.method));
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !streams });
    const askerFor: AskerFor = (send) => {
      const sessionId = caller.sessionId;
      if (!streams || sessionId === null) return null;
      return {
        send: async (request, schema, options) => {
          const release = waitInSession(sessionId, tokenId, (message) => transport.onmessage?.(message));
          if (!release) throw new Error('another request of this session is waiting for the user');
          try {
            return await send(request, schema, options);
          } finally {
            release();
          }
        },
      };
    };
    const server = serverFor(caller, askerFor);
    await server.connect(transport);
    let response: Response;
    try {
      response = await transport.handleRequest(context.request, { parsedBody: body });
    } catch (error) {
      await server.close();
      throw error;
    }
    if (streams && response.body && response.headers.get('content-type')?.startsWith('text/event-stream')) return closingWhenDone(response, server);
    await server.close();
    // A client that can be asked is told so by its session id (nothing is kept for it).
    const initialize = messages.find((m) => m.method === 'initialize');
    const sessionId = initialize && response.ok ? sessionForCapabilities(initialize.params?.capabilities) : undefined;
    if (sessionId) response.headers.set('mcp-session-id', sessionId);
    return response;
  } catch (error) {
    return errorResponse(error, context.locals.requestId);
  }
}
