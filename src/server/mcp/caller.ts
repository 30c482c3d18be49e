import type { APIContext } from 'astro';
import { DomainError } from '../../../events';
import type { TokenCredential } from '../../../modules/tokens';
import { TOKEN_MESSAGES } from '../../../modules/tokens/contracts';
import type { App } from '../app';
import { actorFor, metadataFor } from '../http';
import { clientIp } from '../rate-limit';
import type { SessionUser } from '../session-user';

/** Who is asking /mcp: the token's user (never as the admin), or nobody (the public catalog). */
export interface McpCaller {
  app: App;
  context: APIContext;
  user: SessionUser | null;
  token: TokenCredential | null;
}

export const MCP_MESSAGES = {
  tokenRequired: 'This needs a personal access token: create one under Access tokens on your Promptory dashboard.',
  invalidToken: 'This access token is not valid: it was revoked, it expired, or it was never issued.',
  promptNotFound: 'Prompt not found',
} as const;

/** The signed-in user behind the token, or a refusal the client shows. */
export function requireTokenUser(caller: McpCaller, scope: 'read' | 'read-write' = 'read'): SessionUser {
  if (!caller.user || !caller.token) throw new DomainError('unauthenticated', MCP_MESSAGES.tokenRequired);
  if (scope === 'read-write' && caller.token.scope !== 'read-write') throw new DomainError('forbidden', TOKEN_MESSAGES.readOnly);
  return caller.user;
}

/** One tool call or prompt fill, counted per token (else per address) by the one rate limiter: `mcp`. */
export async function throttleCall(caller: McpCaller): Promise<void> {
  const ip = clientIp(caller.context, caller.app.config.trustProxy);
  await caller.app.limiter.hit('mcp', { ip, account: caller.token ? `token:${caller.token.tokenId}` : undefined });
}

export const actorOf = (caller: McpCaller) => actorFor(caller.context);
export const metadataOf = (caller: McpCaller) => metadataFor(caller.context);
