import type { APIContext } from 'astro';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ErrorCode, GetPromptRequestSchema, ListPromptsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { findAccessToken, isAccessToken } from '../../../modules/tokens';
import { bearerToken } from '../accounts/bearer-auth';
import { errorJson, errorResponse, readJsonBody, refusalOf } from '../http';
import { loadSessionUser } from '../accounts/sessions';
import { MCP_REFUSALS, MEMBER_TEXT_NOTICE, type McpCaller } from './caller';
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

/** One MCP server for one request's caller: stateless, so nothing outlives the request. */
function serverFor(caller: McpCaller): McpServer {
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
  server.server.setRequestHandler(GetPromptRequestSchema, (request) =>
    getMcpPrompt(caller, request.params.name, request.params.arguments).catch((e) => Promise.reject(asMcpError(e, caller))),
  );
  registerTools(server, caller);
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
  if (!bearer) return { app, context, user: null, token: null };
  const token = isAccessToken(bearer) ? await findAccessToken(app.db, bearer) : null;
  const found = token && (await loadSessionUser(app, token.userId));
  if (!token || !found) return null;
  // A token acts as its user, never as the admin.
  const user = { ...found, isAdmin: false };
  context.locals.user = user;
  context.locals.accessTokenId = token.tokenId;
  return { app, context, user, token };
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
    const server = serverFor(caller);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(context.request, { parsedBody: body });
    } finally {
      await server.close();
    }
  } catch (error) {
    return errorResponse(error, context.locals.requestId);
  }
}
