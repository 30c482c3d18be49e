import { eventContracts, type EventContract } from './contracts';
import { sealLegacyPersonalData } from './personal';
import type { Sql } from './sql';

/** The event store's own tables, applied by the migration runner. */
export const eventStoreMigrations: { id: string; sql: string; run?: (tx: Sql) => Promise<unknown> }[] = [
  {
    id: '0001_events',
    sql: `
      create table if not exists events (
        position bigserial primary key,
        stream_id text not null,
        stream_version integer not null,
        type text not null,
        version integer not null,
        data jsonb not null,
        metadata jsonb not null,
        created_at timestamptz not null default now(),
        -- the writing transaction: readers follow (tx_id, position) to stay gap-safe
        tx_id xid8 not null default pg_current_xact_id(),
        unique (stream_id, stream_version)
      );
      create index if not exists events_tx_order on events (tx_id, position);
      create table if not exists projection_checkpoints (
        name text primary key,
        version integer not null,
        tx_id xid8 not null default '0',
        position bigint not null default 0,
        updated_at timestamptz not null default now()
      );
      create table if not exists id_counters (
        name text primary key,
        value bigint not null
      );
    `,
  },
  {
    // Keys of crypto-shredding (events/personal.ts): one per person whose data the log holds
    // sealed; a null key is a forgotten person.
    id: '0002_person_keys',
    sql: `
      create table if not exists person_keys (
        user_id integer primary key,
        key text,
        forgotten_at timestamptz
      );
    `,
  },
  {
    id: '0003_seal_personal_data',
    sql: '',
    run: (tx: Sql) => sealLegacyPersonalData(tx, eventContracts as Record<string, EventContract>),
  },
  {
    // A prompt's own key for its text (events/personal.ts, `promptText`); a null key is a
    // purged prompt. What the log held before is sealed by the prompts module's 0201.
    id: '0004_prompt_keys',
    sql: `
      create table if not exists prompt_keys (
        prompt_id integer primary key,
        key text,
        purged_at timestamptz
      );
    `,
  },
];
