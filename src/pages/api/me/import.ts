import { deleteImportedCollectionsIn, importCollectionIn } from '../../../../modules/collections';
import { importPrompts } from '../../../../modules/prompts';
import { tagImportedIn } from '../../../../modules/tags';
import type { ImportResult } from '../../../../modules/portability';
import { portabilityRoutes } from '../../../../modules/portability/routes';
import { listPromptsBy } from '../../../../projections/catalog/queries';
import { planImportYielding } from '../../../server/portability/import-plan';
import { trackImport } from '../../../server/portability/import-progress';
import { throttleAccount } from '../../../server/library';
import { replyWith, serve } from '../../../server/route';
import { bylineOf } from '../../../server/review/submit';

/**
 * Imports a file of prompts as the user's private prompts, with a Promptory export's
 * collections, in one batch written in short parts (its undo: DELETE /api/me/imports/{batchId}); with ?dryRun=1
 * answers what it would do and changes nothing.
 */
export const POST = serve(portabilityRoutes.importMyData, async ({ query: { dryRun }, body, user, actor, app, context, metadata, settle }) => {
  // The Check is a preview that writes nothing: it counts as a library read, not against the import limit.
  await throttleAccount(app, context, dryRun ? 'library' : 'data', user.id);
  const existing: string[] = [];
  for await (const page of listPromptsBy(app.db, user.id)) existing.push(...page.map((p) => p.content));
  const { importable, planned, ...preview } = await planImportYielding(body, user.name, existing, app.config.publicUrl);
  const { format } = preview;
  // A named import's saving is readable while it runs (GET /api/me/imports/{importId}/progress).
  const progress = !dryRun && body.importId ? trackImport(user.id, body.importId, importable.length) : null;
  if (dryRun || importable.length === 0) {
    progress?.end();
    return { ...preview, batchId: null } satisfies ImportResult;
  }
  const prompts = importable.map(({ request, edits }) => ({ submission: { ...request, ...bylineOf(user, request.authorName) }, edits }));
  const imported = await importPrompts(
    app.store,
    prompts,
    format,
    actor,
    metadata,
    planned.map(
      ({ collection, promptIds }) =>
        (tx) =>
          importCollectionIn(tx, user.id, collection, promptIds, metadata),
    ),
    (tx, collectionIds) => deleteImportedCollectionsIn(tx, user.id, collectionIds, metadata),
    // The file's tags, with the prompts they tag: one append on the person's tag stream per part.
    (tx, started) =>
      tagImportedIn(
        tx,
        user.id,
        started.map(({ index, promptId }) => ({ promptId, tags: importable[index].tags })),
        metadata,
      ),
    progress?.saved,
  ).finally(() => progress?.end());
  await settle(imported);
  const promptIdOf = new Map(importable.map(({ item }, i) => [item, imported.result.promptIds[i]]));
  const items = preview.items.map((view) => ({ ...view, promptId: promptIdOf.get(view.item) ?? null }));
  return replyWith({ ...preview, items, batchId: imported.result.batchId } satisfies ImportResult, { status: 201 });
});
