import { z } from 'zod';
import { requireAdmin } from '../../../../../server/guards';
import { endpoint, json, notFound, readParam } from '../../../../../server/http';

/**
 * Admin: rebuilds one read model from the whole log into fresh tables and swaps them in
 * (readers keep the old tables until then). Answers when done, with the events replayed.
 */
export const POST = endpoint(async (context) => {
  requireAdmin(context);
  const name = readParam(context.params.name, z.string().regex(/^[a-z][a-z0-9_-]{0,40}$/), 'projection');
  const { app } = context.locals;
  if (!app.runner.byName.has(name)) notFound(`Unknown projection ${name}`);
  const started = Date.now();
  let events = 0;
  await app.runner.rebuild(name, (p) => (events = p.total));
  return json({ name, events, ms: Date.now() - started });
});
