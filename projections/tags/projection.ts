import type { StoredEvent } from '../../events';
import { tagKey } from '../../modules/tags/contracts';
import { fold } from '../search-fold';
import type { Projection, Statement } from '../types';

/**
 * A person's tags on their prompts, one row per tag of a prompt: `tag_key` (lower case) is what
 * filters and renames match, `folded` what a search in My Prompts matches (search-fold.ts, as
 * the engine folds). A prompt in Recently deleted keeps its tags, hidden, for its restore.
 */
export const tagsProjection: Projection = {
  name: 'tags',
  // v2: \`folded\` without Taiwan's phrase rules that turn a word into another (search-fold.ts).
  version: 2,
  tables: ['prompt_tags'],
  handles: [
    'PromptTagsSet',
    'TagRenamed',
    'TagDeleted',
    'PromptDeleted',
    'PromptUndeleted',
    'PromptPurged',
    'PromptForgotten',
    'PromptDiscarded',
    'AccountDeleted',
  ],
  ddl: `
    create table prompt_tags (
      user_id integer not null,
      prompt_id integer not null,
      tag text not null,
      tag_key text not null,
      folded text not null,
      position integer not null,
      hidden boolean not null default false,
      primary key (user_id, prompt_id, tag_key)
    );
    create index prompt_tags_by_tag on prompt_tags (user_id, tag_key);
    create index prompt_tags_by_prompt on prompt_tags (prompt_id);
  `,
  evolve(event: StoredEvent): Statement[] {
    switch (event.type) {
      case 'PromptTagsSet': {
        const { userId, promptId, tags } = event.data;
        return [
          { text: 'delete from prompt_tags where user_id = $1 and prompt_id = $2', params: [userId, promptId] },
          ...(tags.length
            ? [
                {
                  text: `insert into prompt_tags (user_id, prompt_id, tag, tag_key, folded, position)
                         select $1, $2, t, k, f, o::int from unnest($3::text[], $4::text[], $5::text[]) with ordinality as x(t, k, f, o)
                         on conflict do nothing`,
                  params: [userId, promptId, tags, tags.map(tagKey), tags.map(fold)],
                },
              ]
            : []),
        ];
      }
      case 'TagRenamed': {
        const { userId, from, to } = event.data;
        const [fromKey, toKey] = [tagKey(from), tagKey(to)];
        // A merge: a prompt that has both keeps the one it is renamed into.
        const merge: Statement[] =
          fromKey === toKey
            ? []
            : [
                {
                  text: `delete from prompt_tags p where p.user_id = $1 and p.tag_key = $2
                         and exists (select 1 from prompt_tags q where q.user_id = $1 and q.prompt_id = p.prompt_id and q.tag_key = $3)`,
                  params: [userId, fromKey, toKey],
                },
              ];
        return [
          ...merge,
          {
            text: 'update prompt_tags set tag = $3, tag_key = $4, folded = $5 where user_id = $1 and tag_key = $2',
            params: [userId, fromKey, to, toKey, fold(to)],
          },
        ];
      }
      case 'TagDeleted':
        return [{ text: 'delete from prompt_tags where user_id = $1 and tag_key = $2', params: [event.data.userId, tagKey(event.data.tag)] }];
      case 'PromptDeleted':
      case 'PromptUndeleted':
        return [{ text: 'update prompt_tags set hidden = $2 where prompt_id = $1', params: [event.data.promptId, event.type === 'PromptDeleted'] }];
      case 'PromptPurged':
      case 'PromptForgotten':
      case 'PromptDiscarded':
        return [{ text: 'delete from prompt_tags where prompt_id = $1', params: [event.data.promptId] }];
      case 'AccountDeleted':
        return [{ text: 'delete from prompt_tags where user_id = $1', params: [event.data.userId] }];
      default:
        return [];
    }
  },
};
