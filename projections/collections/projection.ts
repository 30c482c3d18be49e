import type { StoredEvent } from '../../events';
import type { Projection, Statement } from '../types';

/**
 * Collections and their prompts. Rows are never deleted (a deleted collection, a removed
 * prompt are marked), and item rows keep a watermark, so applying any event twice leaves
 * the same rows.
 */
export const collectionsProjection: Projection = {
  name: 'collections',
  // v2: saved_version (the prompt's public version when added).
  // v3: AccountDeleted (the person's collections go).
  version: 3,
  tables: ['collections', 'collection_items'],
  handles: ['CollectionCreated', 'CollectionDeleted', 'PromptAddedToCollection', 'PromptRemovedFromCollection', 'AccountDeleted'],
  ddl: `
    create table collections (
      id integer primary key,
      user_id integer not null,
      name text not null,
      description text,
      is_public boolean not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted boolean not null default false
    );
    create index collections_user on collections (user_id, id desc) where not deleted;
    create table collection_items (
      collection_id integer not null,
      prompt_id integer not null,
      added_at timestamptz not null,
      active boolean not null,
      -- the prompt's public version when (last) added; null for additions before versions were recorded
      saved_version integer,
      applied_tx xid8 not null,
      applied_pos bigint not null,
      primary key (collection_id, prompt_id)
    );
  `,
  evolve(event: StoredEvent): Statement[] {
    const touch = (collectionId: number): Statement => ({
      text: 'update collections set updated_at = greatest(updated_at, $2) where id = $1',
      params: [collectionId, event.createdAt],
    });
    const item = (collectionId: number, promptId: number, active: boolean, savedVersion: number | null = null): Statement => ({
      text: `insert into collection_items (collection_id, prompt_id, added_at, active, saved_version, applied_tx, applied_pos)
             values ($1, $2, $3, $4, $7, $5::xid8, $6)
             on conflict (collection_id, prompt_id) do update set active = excluded.active,
               added_at = case when excluded.active then excluded.added_at else collection_items.added_at end,
               saved_version = case when excluded.active then excluded.saved_version else collection_items.saved_version end,
               applied_tx = excluded.applied_tx, applied_pos = excluded.applied_pos
             where (collection_items.applied_tx, collection_items.applied_pos) < (excluded.applied_tx, excluded.applied_pos)`,
      params: [collectionId, promptId, event.createdAt, active, event.txId, event.position, savedVersion],
    });
    switch (event.type) {
      case 'CollectionCreated': {
        const d = event.data;
        return [
          {
            text: `insert into collections (id, user_id, name, description, is_public, created_at, updated_at)
                   values ($1, $2, $3, $4, $5, $6, $6) on conflict (id) do nothing`,
            params: [d.collectionId, d.userId, d.name, d.description, d.isPublic, event.createdAt],
          },
        ];
      }
      case 'CollectionDeleted':
        return [{ text: 'update collections set deleted = true where id = $1', params: [event.data.collectionId] }, touch(event.data.collectionId)];
      case 'PromptAddedToCollection':
        return [item(event.data.collectionId, event.data.promptId, true, event.data.version), touch(event.data.collectionId)];
      case 'PromptRemovedFromCollection':
        return [item(event.data.collectionId, event.data.promptId, false), touch(event.data.collectionId)];
      case 'AccountDeleted':
        return [
          { text: 'delete from collection_items i using collections c where c.id = i.collection_id and c.user_id = $1', params: [event.data.userId] },
          { text: 'delete from collections where user_id = $1', params: [event.data.userId] },
        ];
      default:
        return [];
    }
  },
};
