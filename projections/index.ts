import { catalogProjection } from './catalog/projection';
import { accountsProjection } from './accounts/projection';
import { engagementProjection } from './engagement/projection';
import { collectionsProjection } from './collections/projection';
import { reviewProjection } from './review/projection';
import { recentValuesProjection } from './recent-values/projection';
import { discussionProjection } from './discussion/projection';
import { communityProjection } from './community/projection';
import { duplicatesProjection } from './duplicates/projection';
import { auditProjection } from './audit/projection';
import { notificationsProjection } from './notifications/projection';
import { tagsProjection } from './tags/projection';
import type { Projection } from './types';

/** Every read model, in the order they are prepared. Add a projection here to run it. */
export const projections: readonly Projection[] = [
  catalogProjection,
  accountsProjection,
  engagementProjection,
  collectionsProjection,
  reviewProjection,
  recentValuesProjection,
  discussionProjection,
  communityProjection,
  duplicatesProjection,
  auditProjection,
  notificationsProjection,
  tagsProjection,
];

export { ProjectionRunner, type RebuildProgress, type Replay } from './runner';
export { ProjectionWorker, queueName } from './worker';
export { statementsFor, type Projection, type Statement } from './types';
