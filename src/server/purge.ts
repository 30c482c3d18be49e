import type { PgBoss } from 'pg-boss';
import type { Db, EventMetadata, EventStore } from '../../events';
import { purgeDeletedPrompts } from '../../modules/prompts';
import { listDueForPurge } from '../../projections/review/queries';
import type { Clock } from './clock';
import type { Config } from './config';

/** What the purge needs of the app (not the App type itself: the app imports this file). */
interface PurgeHost {
  db: Db;
  store: EventStore;
  clock: Clock;
}

/** The pg-boss queue of the hourly purge of deleted prompts whose 30 days in Recently deleted ran out. */
export const PURGE_QUEUE = 'prompt-purge';

/** How many due prompts one run takes (the next run, an hour later, takes the rest). */
const PURGE_BATCH = 500;

/**
 * Purges the deleted prompts due by the app's clock: the review read model finds them, each
 * prompt's own stream decides (a prompt restored since the read model was written stays).
 * Answers how many were purged.
 */
export async function purgeDue(app: PurgeHost): Promise<number> {
  const now = app.clock();
  const due = await listDueForPurge(app.db, now, PURGE_BATCH);
  if (!due.length) return 0;
  const metadata: EventMetadata = { actor: null, requestId: 'purge', at: now.toISOString() };
  return purgeDeletedPrompts(app.store, due, metadata, now);
}

/** Creates the purge queue and, where this process works queues, its worker and hourly schedule (called by createApp). */
export async function startPurge(app: PurgeHost & { boss: PgBoss | undefined; config: Pick<Config, 'workers'> }): Promise<void> {
  const { boss, config } = app;
  if (!boss) return;
  await boss.createQueue(PURGE_QUEUE, { policy: 'stately' });
  if (config.workers <= 0) return;
  await boss.work(PURGE_QUEUE, { batchSize: 1 }, async () => void (await purgeDue(app)));
  await boss.schedule(PURGE_QUEUE, '17 * * * *');
}
