import type { StoredEvent } from '../../events';
import { RECENT_VALUES_LIMITS } from '../../modules/engagement/contracts';
import type { Projection, Statement } from '../types';

/**
 * Each user's remembered fill-in values: one row per (user, prompt, variable, distinct value)
 * with the log position of its latest use, from the values on HistoryRecorded. Only the
 * newest few per (user, prompt, variable) are kept: the suggestions never need more (a value
 * pruned from a prompt has that many newer ones there, which all rank above it), so the table
 * grows with users and prompts used, not with uses. RecentValuesCleared forgets a user's rows.
 *
 * Not inline: a clear deletes rows an earlier event wrote, so applying the history again
 * after it (as the runner does behind an inline write) would bring them back for a moment.
 */
export const recentValuesProjection: Projection = {
  name: 'recent_values',
  // v2: AccountDeleted.
  version: 2,
  tables: ['recent_values'],
  handles: ['HistoryRecorded', 'RecentValuesCleared', 'AccountDeleted'],
  ddl: `
    create table recent_values (
      user_id integer not null,
      prompt_id integer not null,
      name text not null,
      value text not null,
      last_pos bigint not null
    );
    -- A value may be 5,000 characters, too long for a btree entry: its digest keys it.
    create unique index recent_values_key on recent_values (user_id, prompt_id, name, md5(value));
    create index recent_values_user_name on recent_values (user_id, name);
  `,
  evolve(event: StoredEvent): Statement[] {
    switch (event.type) {
      case 'HistoryRecorded': {
        const { userId, promptId, values } = event.data;
        const entries = Object.entries(values ?? {});
        if (entries.length === 0) return [];
        return [
          {
            text: `insert into recent_values (user_id, prompt_id, name, value, last_pos)
                   select $1, $2, e.key, e.value, $4 from jsonb_each_text($3::text::jsonb) e
                   on conflict (user_id, prompt_id, name, md5(value)) do update set last_pos = greatest(recent_values.last_pos, excluded.last_pos)`,
            params: [userId, promptId, JSON.stringify(values), event.position],
          },
          {
            text: `delete from recent_values r
                   where r.user_id = $1 and r.prompt_id = $2 and r.name = any($3::text[])
                     and (select count(*) from recent_values n
                          where n.user_id = r.user_id and n.prompt_id = r.prompt_id and n.name = r.name and n.last_pos > r.last_pos) >= $4`,
            params: [userId, promptId, entries.map(([name]) => name), RECENT_VALUES_LIMITS.suggestions],
          },
        ];
      }
      case 'RecentValuesCleared':
      case 'AccountDeleted':
        return [{ text: 'delete from recent_values where user_id = $1', params: [event.data.userId] }];
      default:
        return [];
    }
  },
};
