import { eventTypes } from '../../events';
import type { ReadModel } from '../../events/read-models';
import type { Projection } from '../../projections';

/** A read model that records how many times it saw each event: exactly-once means all ones. */
export const probeProjection: Projection = {
  // A test's own read model, beside the app's named ones: no route or page reads it.
  name: 'probe' as ReadModel,
  version: 1,
  tables: ['probe_seen'],
  handles: eventTypes,
  ddl: 'create table probe_seen (position bigint primary key, seen integer not null)',
  evolve: (event) => [
    {
      text: 'insert into probe_seen (position, seen) values ($1, 1) on conflict (position) do update set seen = probe_seen.seen + 1',
      params: [event.position],
    },
  ],
};
