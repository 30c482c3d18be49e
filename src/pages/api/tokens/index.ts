import { createAccessToken, listAccessTokens } from '../../../../modules/tokens';
import { tokenRoutes } from '../../../../modules/tokens/routes';
import { throttleAccount } from '../../../server/library';
import { replyWith, serve } from '../../../server/route';

export const GET = serve(tokenRoutes.accessTokens, ({ user, app }) => listAccessTokens(app.db, user.id));

/** Website session only, behind the same-origin check: a token never makes another. The answer is not stored anywhere. */
export const POST = serve(tokenRoutes.createAccessToken, async ({ body, user, app, context, metadata }) => {
  await throttleAccount(app, context, 'token', user.id);
  const { result } = await createAccessToken(app.store, user.id, body, metadata);
  return replyWith(result, { status: 201, headers: { 'cache-control': 'no-store' } });
});
