import type { APIRoute } from 'astro';
import { idParam } from '../../../../events/ids';
import { commentRequest } from '../../../../modules/discussion/contracts';
import { postFromForm } from '../../../server/discussion';
import { metadataFor } from '../../../server/http';
import { signInHref } from '../../../shared/return-to';

/**
 * The comment form's action before the page's JavaScript runs (a plain form post): the same
 * command, limits and rate as POST /api/prompts/{id}/comments, then back to the thread (303).
 * A visitor (or a device or token: the website's session only) is sent to sign in first; a
 * refused comment comes back to the thread unposted, where the hydrated form says why.
 */
export const POST: APIRoute = async (context) => {
  const id = idParam.safeParse(context.params.id);
  if (!id.success) return new Response(null, { status: 404 });
  const back = `/prompts/${id.data}#comments`;
  const { user, app } = context.locals;
  if (!user || context.locals.deviceId || context.locals.accessTokenId) return context.redirect(signInHref(back), 303);
  const form = await context.request.formData().catch(() => null);
  const parsed = commentRequest.safeParse({ body: form?.get('body') ?? '' });
  if (parsed.success) await postFromForm(app, context, id.data, user.id, parsed.data.body, metadataFor(context));
  return context.redirect(back, 303);
};
