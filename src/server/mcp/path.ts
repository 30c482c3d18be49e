/** Where the MCP server answers (Streamable HTTP); the session middleware leaves this path to it. */
export const MCP_PATH = '/mcp';
