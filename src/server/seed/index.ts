import { executeIn, SYSTEM_ACTOR, type EventMetadata, type EventStore } from '../../../events';
import { categoryBySlug, promptDecider, promptStream, usageDecider, useStream } from '../../../modules/prompts';
import { seedPrompts } from './prompts-data';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Appends the demo catalog to an empty log, in one transaction, under a lock: a
 * database that has ever held an event is never seeded again. It goes through the same
 * decisions as users: submitted and approved by the system, and its demo uses brought
 * in as past uses (one event per prompt, as only the system may).
 */
export async function seedIfEmpty(store: EventStore, now = new Date()): Promise<number> {
  const metadata: EventMetadata = { actor: null, requestId: 'seed', at: now.toISOString() };
  const { result } = await store.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('promptory:seed'))`);
    const [{ any }] = await tx.query<{ any: boolean }>('select exists (select 1 from events) as any');
    if (any) return 0;
    for (const seed of seedPrompts) {
      const promptId = await tx.nextId('prompt');
      const category = categoryBySlug(seed.category);
      if (!category) throw new Error(`Seed prompt "${seed.title}" has unknown category ${seed.category}`);
      const submission = {
        title: seed.title,
        description: seed.description,
        content: seed.content,
        categoryId: category.id,
        authorName: seed.authorName,
        isFeatured: seed.isFeatured ?? false,
        isEditorsPick: seed.isEditorsPick ?? false,
        submittedAt: new Date(now.getTime() - seed.daysAgo * DAY).toISOString(),
      };
      const stream = promptStream(promptId);
      await executeIn(tx, promptDecider, { stream, command: { kind: 'submit', promptId, submission, actor: SYSTEM_ACTOR } }, metadata);
      await executeIn(tx, promptDecider, { stream, command: { kind: 'review', promptId, isApproved: true, actor: SYSTEM_ACTOR } }, metadata);
      if (seed.uses > 0) {
        await executeIn(
          tx,
          usageDecider,
          { stream: useStream(promptId, 'seed'), reads: [stream], command: { promptId, actor: SYSTEM_ACTOR, now, imported: seed.uses } },
          metadata,
        );
      }
    }
    return seedPrompts.length;
  });
  return result;
}
