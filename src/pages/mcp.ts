import type { APIRoute } from 'astro';
import { handleMcp } from '../server/mcp/server';

/**
 * The MCP server (Streamable HTTP, stateless: every POST stands alone). There is no
 * server-to-client stream and no session to end, so GET and DELETE are 405 (the transport's
 * answer for what a server does not offer); docs/mcp.md.
 */
export const POST: APIRoute = (context) => handleMcp(context);

const notOffered: APIRoute = () =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }), {
    status: 405,
    headers: { allow: 'POST', 'content-type': 'application/json' },
  });
export const GET = notOffered;
export const DELETE = notOffered;
