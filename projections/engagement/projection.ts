import type { StoredEvent } from '../../events';
import type { Projection, Statement } from '../types';

/**
 * Each user's bookmarks, ratings and usage history. Read by the user's own lists only;
 * decisions never read these tables (they fold the pair's stream). Rows are never deleted:
 * a removed bookmark is marked, so applying any event twice leaves the same rows.
 */
export const engagementProjection: Projection = {
  name: 'engagement',
  // v2: ratings indexed by prompt (the rating answer's tally reads them); v3: the version a
  // bookmark saved and a rating was given on; v4: history keeps its fill-in values.
  // v5: AccountDeleted (the person's rows go; the prompts' counts stay).
  version: 5,
  // Every row is keyed by one event (favorites, history) or by one decision stream with a
  // watermark (ratings), so applying in the write transaction and again later is safe.
  inline: true,
  tables: ['favorites', 'ratings', 'usage_history'],
  handles: ['Bookmarked', 'BookmarkRemoved', 'Rated', 'HistoryRecorded', 'AccountDeleted'],
  ddl: `
    create table favorites (
      id bigint primary key,
      user_id integer not null,
      prompt_id integer not null,
      created_at timestamptz not null,
      -- the prompt's public version when bookmarked (null: before versions were recorded)
      saved_version integer,
      removed boolean not null default false
    );
    create index favorites_user on favorites (user_id, id desc) where not removed;
    create table ratings (
      user_id integer not null,
      prompt_id integer not null,
      value integer not null,
      -- the public version rated (null: before versions were recorded)
      version integer,
      rated_at timestamptz not null,
      applied_tx xid8 not null,
      applied_pos bigint not null,
      primary key (user_id, prompt_id)
    );
    create index ratings_prompt on ratings (prompt_id, value);
    create index ratings_prompt_version on ratings (prompt_id, version);
    create table usage_history (
      id bigint primary key,
      user_id integer not null,
      prompt_id integer not null,
      used_at timestamptz not null,
      modified_content text,
      filled_values jsonb
    );
    create index usage_history_user on usage_history (user_id, id desc);
  `,
  evolve(event: StoredEvent): Statement[] {
    switch (event.type) {
      case 'Bookmarked':
        return [
          {
            text: `insert into favorites (id, user_id, prompt_id, created_at, saved_version) values ($1, $2, $3, $4, $5) on conflict (id) do nothing`,
            params: [event.position, event.data.userId, event.data.promptId, event.createdAt, event.data.version],
          },
        ];
      case 'BookmarkRemoved':
        return [{ text: 'update favorites set removed = true where id = $1', params: [event.data.favoriteId] }];
      case 'Rated':
        return [
          {
            text: `insert into ratings (user_id, prompt_id, value, version, rated_at, applied_tx, applied_pos)
                   values ($1, $2, $3, $7, $4, $5::xid8, $6)
                   on conflict (user_id, prompt_id) do update set value = excluded.value, version = excluded.version, rated_at = excluded.rated_at,
                     applied_tx = excluded.applied_tx, applied_pos = excluded.applied_pos
                   where (ratings.applied_tx, ratings.applied_pos) < (excluded.applied_tx, excluded.applied_pos)`,
            params: [event.data.userId, event.data.promptId, event.data.value, event.createdAt, event.txId, event.position, event.data.version],
          },
        ];
      case 'HistoryRecorded':
        return [
          {
            text: `insert into usage_history (id, user_id, prompt_id, used_at, modified_content, filled_values) values ($1, $2, $3, $4, $5, $6::text::jsonb)
                   on conflict (id) do nothing`,
            params: [
              event.position,
              event.data.userId,
              event.data.promptId,
              event.createdAt,
              event.data.modifiedContent,
              event.data.values && JSON.stringify(event.data.values),
            ],
          },
        ];
      case 'AccountDeleted':
        return ['favorites', 'ratings', 'usage_history'].map((table) => ({ text: `delete from ${table} where user_id = $1`, params: [event.data.userId] }));
      default:
        return [];
    }
  },
};
