import { PROMPT_REFUSALS } from '../../../../../modules/prompts/contracts';
import { portabilityRoutes } from '../../../../../modules/portability/routes';
import { notFound } from '../../../../server/http';
import { promptFileFor } from '../../../../server/portability/my-data';
import { serve } from '../../../../server/route';

/**
 * One prompt as a file, for whoever may read it (anyone else: not found, as the page): the
 * exporters' own writing of it (modules/portability/export.ts). The file name is the title's
 * slug, in any script: `filename*` carries it, `filename` an ASCII stand-in for old clients.
 */
export const GET = serve(portabilityRoutes.downloadPrompt, async ({ params: { id }, query: { format }, actor, app }) => {
  const file = await promptFileFor(app, id, actor, format);
  if (!file) notFound(PROMPT_REFUSALS.notFound);
  const ascii = `prompt-${id}.${file.name.split('.').pop()}`;
  return new Response(file.text, {
    headers: {
      'content-type': file.type,
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      // Someone's own unpublished prompt is theirs alone; a public one changes with its next version.
      'cache-control': 'private, no-store',
    },
  });
});
