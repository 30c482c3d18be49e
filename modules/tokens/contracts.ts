import { z } from 'zod';
import { numbered, refusals } from '../../events/refusals';

/**
 * Personal access tokens: a user's own credential for their AI tools (the MCP server at /mcp)
 * and scripts. Pure: the dashboard's island imports this file.
 */
/**
 * What a token may do, each scope all that the one before may: `read`; `read-write` (save
 * privately, bookmark, collect); `publish` (also send a prompt for public review from an AI
 * tool: the model acts on text other people wrote, so making something public takes a token the
 * user chose to let publish).
 */
export const TOKEN_SCOPES = ['read', 'read-write', 'publish'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
/** Whether a token of scope `has` may do what `needs` allows. */
export const scopeAllows = (has: TokenScope, needs: TokenScope) => TOKEN_SCOPES.indexOf(has) >= TOKEN_SCOPES.indexOf(needs);

/** The lifetimes the dashboard offers, in days: a token always expires. */
export const TOKEN_LIFETIMES_DAYS = [30, 90, 365] as const;
export type TokenLifetime = (typeof TOKEN_LIFETIMES_DAYS)[number];
export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every token starts with this, so the site tells it from an extension's device token without
 * a second lookup, and secret scanners can recognise one pasted where it should not be.
 */
export const TOKEN_PREFIX = 'pat_';
export const isAccessToken = (bearer: string) => bearer.startsWith(TOKEN_PREFIX);

/** A user keeps at most this many working tokens (one per tool, with room to rotate). */
export const MAX_TOKENS_PER_USER = 20;

export const TOKEN_MESSAGES = {
  name: 'Token name must be 1 to 60 characters.',
  notFound: 'Token not found',
  tooMany: `You already have ${MAX_TOKENS_PER_USER} access tokens. Revoke one you no longer use first.`,
  readOnly: 'This access token is read-only.',
  cannotPublish:
    'This access token may not publish. Save the prompt privately and submit it for review on the site, or use a token with "Read, write and publish" access.',
  outOfScope: 'An access token may not call this endpoint.',
  tooFast: 'Too many access token changes. Please wait a few minutes and try again.',
} as const;

/** What the tokens' decisions and the bearer check refuse, by code (texts in `refusals:tokens.*`). */
export const TOKEN_REFUSALS = refusals('tokens', {
  notFound: { kind: 'not_found', text: TOKEN_MESSAGES.notFound },
  tooMany: numbered('conflict', 'You already have {{limit}} access tokens. Revoke one you no longer use first.'),
  readOnly: { kind: 'forbidden', text: TOKEN_MESSAGES.readOnly },
  cannotPublish: { kind: 'forbidden', text: TOKEN_MESSAGES.cannotPublish },
  outOfScope: { kind: 'forbidden', text: TOKEN_MESSAGES.outOfScope },
});

/** POST /api/tokens: what the dashboard's form sends. */
export const createTokenRequest = z.object({
  name: z.string().trim().min(1, TOKEN_MESSAGES.name).max(60, TOKEN_MESSAGES.name),
  scope: z.enum(TOKEN_SCOPES),
  expiresInDays: z.union(TOKEN_LIFETIMES_DAYS.map((days) => z.literal(days)) as [z.ZodLiteral<30>, z.ZodLiteral<90>, z.ZodLiteral<365>]),
});
export type CreateTokenRequest = z.output<typeof createTokenRequest>;

/** A token as the dashboard lists it: never the token, nor its hash. */
export interface AccessTokenView {
  id: number;
  name: string;
  scope: TokenScope;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
}

/** The answer to creating one: the only time the token itself is shown. */
export interface CreatedTokenView extends AccessTokenView {
  token: string;
}
