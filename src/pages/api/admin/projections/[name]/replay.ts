import { promptRoutes } from '../../../../../../modules/prompts/routes';
import { notFound } from '../../../../../server/http';
import { SERVER_REFUSALS } from '../../../../../server/refusals';
import { serve } from '../../../../../server/route';

/** Readers keep the old tables until the swap. */
export const POST = serve(promptRoutes.replay, async ({ params: { name }, app }) => {
  if (!app.runner.byName.has(name)) notFound(SERVER_REFUSALS.unknownProjection({ name }));
  const started = Date.now();
  let events = 0;
  await app.runner.rebuild(name, (p) => (events = p.total));
  return { name, events, ms: Date.now() - started };
});
