import type { APIContext } from 'astro';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ErrorCode, GetPromptRequestSchema, ListPromptsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { DomainError } from '../../../events';
import { findAccessToken, isAccessToken } from '../../../modules/tokens';
import { bearerToken } from '../bearer-auth';
import { errorJson } from '../http';
import { loadSessionUser } from '../sessions';
import { MCP_MESSAGES, type McpCaller } from './caller';
import { getMcpPrompt, listMcpPrompts } from './prompts';
import { registerTools } from './tools';

/** A DomainError as a JSON-RPC error: bad input is InvalidParams, everything else keeps its message. */
const asMcpError = (error: unknown) =>
  error instanceof DomainError
    ? new McpError(error.kind === 'invalid' || error.kind === 'not_found' ? ErrorCode.InvalidParams : ErrorCode.InvalidRequest, error.message)
    : error;

/** One MCP server for one request's caller: stateless, so nothing outlives the request. */
function serverFor(caller: McpCaller): McpServer {
  const server = new McpServer(
    { name: 'promptory', title: 'Promptory', version: '1.0.0' },
    { instructions: "Promptory is a library of AI prompts. Search it, fill in a prompt's {{variables}}, and save prompts to your own library." },
  );
  server.server.registerCapabilities({ prompts: { listChanged: false } });
  server.server.setRequestHandler(ListPromptsRequestSchema, (request) =>
    listMcpPrompts(caller, request.params?.cursor).catch((e) => Promise.reject(asMcpError(e))),
  );
  server.server.setRequestHandler(GetPromptRequestSchema, (request) =>
    getMcpPrompt(caller, request.params.name, request.params.arguments).catch((e) => Promise.reject(asMcpError(e))),
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

/** POST /mcp: one JSON-RPC message (or batch) in, its answer out as JSON, through the SDK's web-standard transport. */
export async function handleMcp(context: APIContext): Promise<Response> {
  const caller = await callerOf(context);
  if (!caller) {
    const response = errorJson(401, MCP_MESSAGES.invalidToken);
    response.headers.set('www-authenticate', 'Bearer realm="promptory", error="invalid_token"');
    return response;
  }
  const server = serverFor(caller);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(context.request);
  } finally {
    await server.close();
  }
}
