import type { APIRoute } from 'astro';
import { unsubscribeQuery } from '../../../../modules/notifications/contracts';
import { errorResponse, metadataFor } from '../../../server/http';
import { unsubscribeDigest, unsubscribePagePath } from '../../../server/notifications/digest';

/**
 * A digest's one-click unsubscribe (RFC 8058), without sign-in: the link's token is the proof.
 * A mail client posts `List-Unsubscribe=One-Click` to the List-Unsubscribe address and gets a
 * plain answer (a link that is not valid: a 400 or 403 JSON refusal). The unsubscribe page's
 * form (a person in a browser) is sent back to the page, which says it is done or that the
 * link is not valid. Unsubscribing twice changes nothing.
 */
export const POST: APIRoute = async (context) => {
  const form = await context.request.formData().catch(() => null);
  const oneClick = form?.get('List-Unsubscribe') === 'One-Click';
  const query = unsubscribeQuery.safeParse(Object.fromEntries(context.url.searchParams));
  if (!query.success) return oneClick ? errorResponse(query.error) : context.redirect('/notifications/unsubscribe', 303);
  const { u, t } = query.data;
  const { app } = context.locals;
  try {
    // Settled before the answer: the page the browser is sent back to reads the read model.
    await app.settle(await unsubscribeDigest(app, u, t, metadataFor(context)), ['notifications']);
  } catch (error) {
    if (oneClick) return errorResponse(error);
    return context.redirect(unsubscribePagePath(u, t), 303);
  }
  if (!oneClick) return context.redirect(unsubscribePagePath(u, t), 303);
  return new Response('Unsubscribed\n', { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
};
