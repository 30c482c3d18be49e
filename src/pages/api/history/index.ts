import { PROMPT_REFUSALS } from '../../../../modules/prompts/contracts';
import { recordHistory } from '../../../../modules/engagement';
import { engagementRoutes } from '../../../../modules/engagement/routes';
import { fillTemplate, parseTemplate } from '../../../../modules/prompts/contracts';
import { getPromptFor } from '../../../../projections/catalog/queries';
import { throttleAccount, throttleUse } from '../../../server/library';
import { notFound } from '../../../server/http';
import { replyWith, serve } from '../../../server/route';

/**
 * With fill-in values the entry's text is filled here, from the prompt as published and the
 * one parser the panel uses, rather than taken from the client: the history then shows what
 * those values make of the prompt, the request stays small, and only the prompt's own
 * variables are remembered (a client cannot store arbitrary names under a prompt).
 */
async function filled(app: App.Locals['app'], actor: { userId: number | null; isAdmin: boolean }, promptId: number, values: Record<string, string>) {
  // The prompt as this user may read it: a public one, or their own in any state.
  const prompt = await getPromptFor(app.db, promptId, actor);
  if (!prompt) notFound(PROMPT_REFUSALS.notFound);
  const template = parseTemplate(prompt.content);
  const known = new Set(template.variables.map((v) => v.name));
  return {
    modifiedContent: fillTemplate(template, values),
    values: Object.fromEntries(Object.entries(values).filter(([name]) => known.has(name))),
  };
}

/** Called after PUT /api/prompts/{id}/use; throttled per client address like uses, and per account like every library write. */
export const POST = serve(
  engagementRoutes.recordHistory,
  async ({ body: { promptId, modifiedContent, values }, user, actor, app, context, metadata, settle }) => {
    await throttleUse(app, context);
    await throttleAccount(app, context, 'library', user.id);
    const entry = values ? await filled(app, actor, promptId, values) : { modifiedContent, values: undefined };
    const result = await recordHistory(app.store, user.id, promptId, metadata, entry.modifiedContent, entry.values);
    await settle(result);
    return replyWith(
      {
        id: result.entryId,
        userId: user.id,
        promptId,
        usedAt: new Date(result.usedAt).toISOString(),
        modifiedContent: entry.modifiedContent ?? null,
        values: entry.values ?? null,
      },
      { status: 201 },
    );
  },
);
