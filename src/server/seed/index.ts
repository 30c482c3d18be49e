import type { EventMetadata, EventStore, NewEvent } from '../../../events';
import { categoryBySlug, promptStream, usageStream } from '../../../modules/prompts';
import { seedPrompts } from './prompts-data';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Appends the demo catalog to an empty log, in one transaction, under a lock: a
 * database that has ever held an event is never seeded again.
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
      const events: NewEvent[] = [
        {
          type: 'PromptSubmitted',
          data: {
            promptId,
            title: seed.title,
            description: seed.description,
            content: seed.content,
            categoryId: category.id,
            authorName: seed.authorName,
            isFeatured: seed.isFeatured ?? false,
            isEditorsPick: seed.isEditorsPick ?? false,
            submittedAt: new Date(now.getTime() - seed.daysAgo * DAY).toISOString(),
          },
        },
        { type: 'PromptReviewed', data: { promptId, isApproved: true, reviewedBy: null } },
      ];
      await tx.append(promptStream(promptId), events, { expectedVersion: 'no_stream', metadata });
      if (seed.uses > 0) {
        const uses: NewEvent[] = Array.from({ length: seed.uses }, () => ({
          type: 'Used' as const,
          data: { promptId, userId: null },
        }));
        await tx.append(usageStream(promptId), uses, { expectedVersion: 'no_stream', metadata });
      }
    }
    return seedPrompts.length;
  });
  return result;
}
