import { handle, type Actor, type EventMetadata, type EventStore } from '../../events';
import { memberDecider, memberPlan } from './domain/member';

/** The admin features a member on the Community page, or takes them off it. */
export async function featureMember(store: EventStore, userId: number, featured: boolean, actor: Actor, metadata: EventMetadata) {
  const decided = await handle(store, memberDecider, memberPlan({ kind: featured ? 'feature' : 'unfeature', userId, actor }), metadata);
  return { result: { featured: decided.state.featured }, events: decided.events, last: decided.last };
}
