import { revokeAccessToken } from '../../../../modules/tokens';
import { tokenRoutes } from '../../../../modules/tokens/routes';
import { serve } from '../../../server/route';

export const DELETE = serve(tokenRoutes.revokeAccessToken, async ({ params: { id }, user, app, metadata }) => {
  await revokeAccessToken(app.store, user.id, id, metadata);
  return new Response(null, { status: 204 });
});
