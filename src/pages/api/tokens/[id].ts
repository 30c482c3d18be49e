import { revokeAccessToken } from '../../../../modules/tokens';
import { tokenRoutes } from '../../../../modules/tokens/routes';
import { throttleAccount } from '../../../server/library';
import { serve } from '../../../server/route';

export const DELETE = serve(tokenRoutes.revokeAccessToken, async ({ params: { id }, user, app, context, metadata }) => {
  await throttleAccount(app, context, 'token', user.id);
  await revokeAccessToken(app.store, user.id, id, metadata);
  return new Response(null, { status: 204 });
});
