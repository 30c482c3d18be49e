import { eventContracts, type EventContract, type EventType, type NewEvent } from './contracts';
import { decode, openPersonal, sealPersonal, type Key, type KeysOfTransaction } from './personal';
import { sqlState, UNIQUE_VIOLATION, type Db, type Sql } from './sql';
import { ConcurrencyError, InvalidEventError, type Checkpoint, type EventMetadata, type ExpectedVersion, type StoredEvent } from './types';

interface EventRow {
  position: number;
  stream_id: string;
  stream_version: number;
  type: string;
  version: number;
  data: unknown;
  metadata: EventMetadata;
  created_at: Date;
  tx_id: string;
}

export interface AppendOptions {
  expectedVersion: ExpectedVersion;
  metadata: EventMetadata;
}

/** What a transaction appended, in order; `last` is where a reader must reach to see all of it. */
export interface Appended {
  events: StoredEvent[];
  last: Checkpoint | null;
}

/** A transaction that can append events and run SQL in the same commit. */
export interface StoreTx extends Sql {
  append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<StoredEvent[]>;
  /**
   * Appends to several streams in one statement, each after exactly the version it names (a
   * stream that moved since conflicts on its next version, as in `append`).
   */
  appendMany(appends: readonly StreamAppend[], metadata: EventMetadata): Promise<StoredEvent[]>;
  readStream(streamId: string): Promise<StoredEvent[]>;
  /** Several streams in one statement, each in order (an empty list for a stream with no events). */
  readStreams(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>>;
  /**
   * Next value of a named id counter (prompt, user, favorite...), allocated in this transaction;
   * with `count`, the first of that many consecutive values, in one statement (an import's prompts).
   */
  nextId(name: string, count?: number): Promise<number>;
}

/** One stream's part of `appendMany`. */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expectedVersion: 'no_stream' | number;
}

export type AppendListener = (appended: Appended) => void;

/** Writes read tables from new events inside the appending transaction (see `applyInline`). */
export type InlineApplier = (sql: Sql, events: StoredEvent[]) => Promise<void>;

function validate(type: string, data: unknown, storedVersion?: number): unknown {
  const contract = eventContracts[type as EventType] as (typeof eventContracts)[EventType] & {
    upcast?: (d: unknown, v: number) => unknown;
  };
  if (!contract) throw new InvalidEventError(type, [{ message: 'unknown event type' }]);
  const input = storedVersion !== undefined && storedVersion < contract.version && contract.upcast ? contract.upcast(data, storedVersion) : data;
  const parsed = contract.schema.safeParse(input);
  if (!parsed.success) throw new InvalidEventError(type, parsed.error.issues);
  return parsed.data;
}

const contractOf = (type: string) => eventContracts[type as EventType] as EventContract | undefined;

/** Rows as read from the log, with their personal fields opened (events/personal.ts). */
async function opened(sql: Sql, rows: EventRow[]): Promise<StoredEvent[]> {
  await openPersonal(
    sql,
    rows.map((row) => ({ contract: contractOf(row.type), data: row.data as Record<string, unknown> })),
  );
  return rows.map(toStored);
}

function toStored(row: EventRow): StoredEvent {
  return {
    type: row.type,
    data: validate(row.type, row.data, row.version),
    position: row.position,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    txId: String(row.tx_id),
    metadata: row.metadata,
    createdAt: row.created_at,
  } as StoredEvent;
}

const COLUMNS = 'position, stream_id, stream_version, type, version, data, metadata, created_at, tx_id::text as tx_id';
/** What an append needs back: not the data (the caller has it in clear), so no copy of it travels twice. */
const APPENDED_COLUMNS = COLUMNS.replace(' data,', '');

/**
 * A stream's events with the key of each prompt they name, read in one statement: every
 * prompt's text is sealed with its own key (subject: `promptId`), so a decision on a prompt's
 * stream would otherwise pay a second round trip for it.
 */
const STREAM_WITH_PROMPT_KEYS = `select ${COLUMNS.split(', ')
  .map((c) => `e.${c}`)
  .join(', ')}, k.key as prompt_key
  from events e left join prompt_keys k on k.prompt_id = case when e.data ? 'promptId' then (e.data->>'promptId')::int end
  where e.stream_id = $1 order by e.stream_version`;

export async function readStreamIn(sql: Sql, streamId: string): Promise<StoredEvent[]> {
  const rows = await sql.query<EventRow & { prompt_key: string | null }>(STREAM_WITH_PROMPT_KEYS, [streamId]);
  const promptKeys = new Map<number, Key>();
  for (const row of rows) {
    const promptId = (row.data as { promptId?: unknown }).promptId;
    if (typeof promptId === 'number') promptKeys.set(promptId, decode(row.prompt_key));
  }
  await openPersonal(
    sql,
    rows.map((row) => ({ contract: contractOf(row.type), data: row.data as Record<string, unknown> })),
    promptKeys,
  );
  return rows.map(toStored);
}

export async function readStreamsIn(sql: Sql, streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>> {
  const streams = new Map<string, StoredEvent[]>(streamIds.map((id) => [id, []]));
  if (streamIds.length === 0) return streams;
  const rows = await sql.query<EventRow>(`select ${COLUMNS} from events where stream_id = any($1::text[]) order by stream_id, stream_version`, [
    [...streams.keys()],
  ]);
  for (const event of await opened(sql, rows)) streams.get(event.streamId)!.push(event);
  return streams;
}

async function currentVersion(sql: Sql, streamId: string): Promise<number> {
  const [{ version }] = await sql.query<{ version: number }>('select coalesce(max(stream_version), 0)::int as version from events where stream_id = $1', [
    streamId,
  ]);
  return version;
}

/**
 * One statement: checks the expected version and inserts the events after the stream's head
 * (with personal fields, one more before it, for their keys: once per person in a transaction).
 */
async function appendIn(sql: Sql, streamId: string, events: NewEvent[], options: AppendOptions, keys?: KeysOfTransaction) {
  const { expectedVersion } = options;
  const expected = expectedVersion === 'any' ? null : expectedVersion === 'no_stream' ? 0 : expectedVersion;
  if (events.length === 0) {
    const actual = await currentVersion(sql, streamId);
    if (expected !== null && actual !== expected) throw new ConcurrencyError(streamId, expectedVersion, actual);
    return [];
  }
  const types = events.map((e) => e.type);
  const versions = events.map((e) => eventContracts[e.type].version);
  const valid = events.map((e) => validate(e.type, e.data) as Record<string, unknown>);
  const sealed = await sealPersonal(
    sql,
    events.map((e, i) => ({ contract: eventContracts[e.type] as EventContract, data: valid[i] })),
    keys,
  );
  const datas = sealed.map((data) => JSON.stringify(data));
  let rows: Omit<EventRow, 'data'>[];
  try {
    rows = await sql.query<Omit<EventRow, 'data'>>(
      `with head as (
         select coalesce(max(stream_version), 0) as v from events where stream_id = $1
       ), allowed as (
         select v from head where $2::int is null or v = $2::int
       )
       insert into events (stream_id, stream_version, type, version, data, metadata)
       select $1, allowed.v + x.ord, x.t, x.ver, x.d::jsonb, $6::text::jsonb
       from allowed, unnest($3::text[], $4::int[], $5::text[]) with ordinality as x(t, ver, d, ord)
       returning ${APPENDED_COLUMNS}`,
      [streamId, expected, types, versions, datas, JSON.stringify(options.metadata)],
    );
  } catch (error) {
    // Another transaction appended to the stream between our read of its head and our insert.
    if (sqlState(error) === UNIQUE_VIOLATION) throw new ConcurrencyError(streamId, expectedVersion, null);
    throw error;
  }
  if (rows.length === 0) throw new ConcurrencyError(streamId, expectedVersion, await currentVersion(sql, streamId));
  // Answered with the clear data the caller gave (row i holds event i), not opened again.
  const first = Math.min(...rows.map((row) => row.stream_version));
  return rows.sort((a, b) => a.position - b.position).map((row) => toStored({ ...row, data: valid[row.stream_version - first] }));
}

/**
 * One statement for many streams: each event goes at its stream's expected version plus its
 * place, so a stream another writer moved meets the unique (stream, version) index.
 */
async function appendManyIn(sql: Sql, appends: readonly StreamAppend[], metadata: EventMetadata, keys?: KeysOfTransaction): Promise<StoredEvent[]> {
  const flat = appends.flatMap(({ streamId, events, expectedVersion }) =>
    events.map((event, i) => ({ streamId, streamVersion: (expectedVersion === 'no_stream' ? 0 : expectedVersion) + i + 1, event })),
  );
  if (flat.length === 0) return [];
  const valid = flat.map(({ event }) => validate(event.type, event.data) as Record<string, unknown>);
  const sealed = await sealPersonal(
    sql,
    flat.map(({ event }, i) => ({ contract: eventContracts[event.type] as EventContract, data: valid[i] })),
    keys,
  );
  let rows: Omit<EventRow, 'data'>[];
  try {
    rows = await sql.query<Omit<EventRow, 'data'>>(
      `insert into events (stream_id, stream_version, type, version, data, metadata)
       select x.s, x.sv, x.t, x.ver, x.d::jsonb, $6::text::jsonb
       from unnest($1::text[], $2::int[], $3::text[], $4::int[], $5::text[]) with ordinality as x(s, sv, t, ver, d, ord)
       order by x.ord
       returning ${APPENDED_COLUMNS}`,
      [
        flat.map((f) => f.streamId),
        flat.map((f) => f.streamVersion),
        flat.map((f) => f.event.type),
        flat.map((f) => eventContracts[f.event.type].version),
        sealed.map((data) => JSON.stringify(data)),
        JSON.stringify(metadata),
      ],
    );
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw new ConcurrencyError(appends.map((a) => a.streamId).join(', '), 'any', null);
    throw error;
  }
  // Answered with the clear data the caller gave, found by stream and version.
  const index = new Map(flat.map((f, i) => [`${f.streamVersion}:${f.streamId}`, i]));
  return rows.sort((a, b) => a.position - b.position).map((row) => toStored({ ...row, data: valid[index.get(`${row.stream_version}:${row.stream_id}`)!] }));
}

async function nextIdIn(sql: Sql, name: string, count = 1): Promise<number> {
  const [row] = await sql.query<{ value: number }>(
    `insert into id_counters (name, value) values ($1, $2::int)
     on conflict (name) do update set value = id_counters.value + $2::int
     returning value`,
    [name, count],
  );
  return row.value - count + 1;
}

/** Narrows a read of the log: only these event types, only up to `until` (inclusive). */
export interface ReadRange {
  types?: readonly string[];
  until?: Checkpoint;
}

/**
 * Reads the whole log in commit order after `after`, gap-safe: a transaction that is
 * still running may hold a lower position than events already committed, so only
 * events of transactions older than every running one are returned. A reader that
 * keeps its checkpoint as (txId, position) therefore never skips an event.
 */
export async function readAllIn(sql: Sql, after: Checkpoint, limit: number, range: ReadRange = {}): Promise<StoredEvent[]> {
  const params: unknown[] = [after.txId, after.position, limit];
  // Conditions are added only when asked for, so the (tx_id, position) bounds stay index ranges.
  let narrow = '';
  if (range.until) {
    params.push(range.until.txId, range.until.position);
    narrow += ` and (tx_id, position) <= ($4::text::xid8, $5::bigint)`;
  }
  if (range.types) {
    params.push(range.types);
    narrow += ` and type = any($${params.length}::text[])`;
  }
  const rows = await sql.query<EventRow>(
    `select ${COLUMNS} from events
     where (tx_id, position) > ($1::xid8, $2::bigint)
       and tx_id < pg_snapshot_xmin(pg_current_snapshot())${narrow}
     -- qualified: a bare tx_id here would mean the text alias in the select list
     order by events.tx_id, events.position
     limit $3`,
    params,
  );
  return opened(sql, rows);
}

export class EventStore {
  private listeners: AppendListener[] = [];
  private inline: { types: ReadonlySet<string>; apply: InlineApplier }[] = [];

  constructor(readonly db: Db) {}

  /**
   * Also apply events of these types with `apply` in the transaction that appends them, so
   * the writer's next read never waits for a projector. Only for read tables whose
   * statements are idempotent and depend on no other stream's order: the projection runner
   * applies the same events again later, in log order, and must find nothing to change.
   */
  applyInline(types: Iterable<string>, apply: InlineApplier): void {
    this.inline.push({ types: new Set(types), apply });
  }

  private inlineFor(events: readonly { type: string }[]) {
    return this.inline.filter((i) => events.some((e) => i.types.has(e.type)));
  }

  /** Called after every commit that appended events (used to wake projections). */
  onAppended(listener: AppendListener): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  /** Run `fn` in one transaction; everything it appends commits together or not at all. */
  async transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<{ result: T } & Appended> {
    const appended: StoredEvent[] = [];
    // The read tables written in the appending transaction see its events at once.
    const applied = async (sql: Sql, stored: StoredEvent[]) => {
      for (const { types, apply } of this.inlineFor(stored))
        await apply(
          sql,
          stored.filter((e) => types.has(e.type)),
        );
      return stored;
    };
    const result = await this.db.transaction(async (sql) => {
      appended.length = 0; // a retried transaction starts over
      const keys: KeysOfTransaction = new Map();
      const tx: StoreTx = {
        query: (text, params) => sql.query(text, params),
        many: (statements) => sql.many(statements),
        readStream: (streamId) => readStreamIn(sql, streamId),
        readStreams: (streamIds) => readStreamsIn(sql, streamIds),
        appendMany: async (appends, metadata) => {
          const stored = await applied(sql, await appendManyIn(sql, appends, metadata, keys));
          appended.push(...stored);
          return stored;
        },
        nextId: (name, count) => nextIdIn(sql, name, count),
        append: async (streamId, events, options) => {
          const stored = await applied(sql, await appendIn(sql, streamId, events, options, keys));
          appended.push(...stored);
          return stored;
        },
      };
      return fn(tx);
    });
    const last = appended.length ? appended.reduce((max, e) => (e.position > max.position ? e : max), appended[0]) : null;
    const out = { result, events: appended, last: last && { txId: last.txId, position: last.position } };
    if (appended.length) for (const listener of this.listeners) listener(out);
    return out;
  }

  /**
   * Appends to one stream. The check and the insert are one statement, so it runs as its
   * own transaction: one round trip and one commit.
   */
  async append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<Appended> {
    if (this.inlineFor(events).length) {
      const { events: stored, last } = await this.transaction((tx) => tx.append(streamId, events, options));
      return { events: stored, last };
    }
    const stored = await appendIn(this.db, streamId, events, options);
    const last = stored.at(-1);
    const appended = { events: stored, last: last ? { txId: last.txId, position: last.position } : null };
    if (stored.length) for (const listener of this.listeners) listener(appended);
    return appended;
  }

  readStream(streamId: string): Promise<StoredEvent[]> {
    return readStreamIn(this.db, streamId);
  }

  /** Several streams in one read (a page of an export): on PGlite one query, not one per stream queued ahead of everyone else's. */
  readStreams(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>> {
    return readStreamsIn(this.db, streamIds);
  }

  /**
   * The newest committed event's place in log order, or null on an empty log: every write
   * the caller has seen committed is at or before it (some before it may not be readable yet).
   */
  async head(): Promise<Checkpoint | null> {
    const [row] = await this.db.query<{ tx_id: string; position: number }>(
      'select tx_id::text as tx_id, position from events order by events.tx_id desc, events.position desc limit 1',
    );
    return row ? { txId: row.tx_id, position: row.position } : null;
  }

  readAll(after: Checkpoint, limit = 1000): Promise<StoredEvent[]> {
    return readAllIn(this.db, after, limit);
  }

  async count(): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('select count(*)::int as n from events');
    return row.n;
  }
}
