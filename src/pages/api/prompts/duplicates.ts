import { promptRoutes } from '../../../../modules/prompts/routes';
import { duplicateFinder } from '../../../server/review/duplicates';
import { throttleAccount } from '../../../server/library';
import { serve } from '../../../server/route';

/** Asked by the submit forms before submitting; counted with the library's reads so a script cannot spin the CPU. */
export const POST = serve(promptRoutes.duplicates, async ({ body: { title, content, excludeId }, user, app, actor, context }) => {
  await throttleAccount(app, context, 'library', user.id);
  return { matches: await duplicateFinder(app).find({ title, content }, actor, excludeId) };
});
