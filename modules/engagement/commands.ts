import { handle, type EventMetadata, type EventStore, type Sql } from '../../events';
import type { RatingValue } from './contracts';
import { bookmarkDecider, bookmarkPlan } from './domain/bookmark';
import { historyDecider, historyPlan, recentValuesDecider, recentValuesPlan } from './domain/history';
import { ratingDecider, ratingPlan } from './domain/rating';

/**
 * Bookmarks a public prompt. Concurrent double clicks race on the pair's stream: the loser
 * decides again, finds the bookmark and appends nothing, so both answer the same favorite.
 */
export async function bookmark(store: EventStore, userId: number, promptId: number, metadata: EventMetadata) {
  const decided = await handle(store, bookmarkDecider, { ...bookmarkPlan(userId, promptId), command: { kind: 'bookmark', userId, promptId } }, metadata);
  return { favoriteId: decided.state.favoriteId!, created: decided.events.length > 0, events: decided.events, last: decided.last };
}

export async function removeBookmark(store: EventStore, userId: number, promptId: number, metadata: EventMetadata, quiet = false) {
  const decided = await handle(store, bookmarkDecider, { ...bookmarkPlan(userId, promptId), command: { kind: 'remove', userId, promptId, quiet } }, metadata);
  return { events: decided.events, last: decided.last };
}

/**
 * DELETE /api/favorites/{id} takes a favorite id or, when the client never learnt it, a
 * prompt id. A favorite id is the position of the user's own Bookmarked
 * event, looked up in the log itself (never an async read table); anything else is taken
 * as a prompt id. Another user's favorite id is therefore just an id this user has no
 * bookmark for.
 */
export async function resolveFavorite(sql: Sql, userId: number, id: number): Promise<{ promptId: number; byFavoriteId: boolean }> {
  const [row] = await sql.query<{ prompt_id: number }>(
    `select (data->>'promptId')::int as prompt_id from events
     where position = $1 and type = 'Bookmarked' and (data->>'userId')::int = $2`,
    [id, userId],
  );
  return row ? { promptId: row.prompt_id, byFavoriteId: true } : { promptId: id, byFavoriteId: false };
}

export async function rate(store: EventStore, userId: number, promptId: number, value: RatingValue, metadata: EventMetadata) {
  const decided = await handle(store, ratingDecider, { ...ratingPlan(userId, promptId), command: { userId, promptId, value } }, metadata);
  return { value: decided.state.value!, events: decided.events, last: decided.last };
}

export async function recordHistory(
  store: EventStore,
  userId: number,
  promptId: number,
  metadata: EventMetadata,
  modifiedContent?: string,
  values?: Readonly<Record<string, string>>,
) {
  const decided = await handle(store, historyDecider, { ...historyPlan(userId, promptId), command: { userId, promptId, modifiedContent, values } }, metadata);
  const entry = decided.events[0];
  return { entryId: entry.position, usedAt: entry.createdAt, events: decided.events, last: decided.last };
}

/** Forgets the user's remembered fill-in values (the suggestions); the history entries stay. */
export async function clearRecentValues(store: EventStore, userId: number, metadata: EventMetadata) {
  const decided = await handle(store, recentValuesDecider, { ...recentValuesPlan(userId), command: { kind: 'clear', userId } }, metadata);
  return { events: decided.events, last: decided.last };
}
