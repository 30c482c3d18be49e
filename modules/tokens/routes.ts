import { idParams } from '../../events/ids';
import { route } from '../../events/route';
import { createTokenRequest, type AccessTokenView, type CreatedTokenView } from './contracts';

/** The website's management of a user's personal access tokens: the session only, never a token or a device. */
export const tokenRoutes = {
  accessTokens: route<AccessTokenView[]>()({
    method: 'GET',
    path: '/api/tokens',
    caller: 'web-user',
    summary: "The signed-in user's working personal access tokens, newest first (never the tokens themselves).",
  }),
  createAccessToken: route<CreatedTokenView>()({
    method: 'POST',
    path: '/api/tokens',
    caller: 'web-user',
    reads: [],
    body: createTokenRequest,
    summary:
      'Creates a personal access token (scope read, read-write or publish: read-write that may also send a prompt for public review over MCP; expiring in 30, 90 or 365 days): 201 with the token, shown this once.',
  }),
  revokeAccessToken: route<null>()({
    method: 'DELETE',
    path: '/api/tokens/{id}',
    caller: 'web-user',
    reads: [],
    params: idParams,
    summary: "Revokes one of the user's access tokens: it stops working on the next call (204).",
  }),
};
