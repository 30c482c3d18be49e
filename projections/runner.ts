import {
  compareCheckpoints,
  PartSizer,
  readAllIn,
  START,
  type Checkpoint,
  type Db,
  type EventType,
  type ReadRange,
  splitStatements,
  type Sql,
} from '../events';
import { statementsFor, type Projection } from './types';
import type { ReadModel } from '../events/read-models';

/** A projection replayed into a scratch schema (see `replayInto`). */
export interface Replay {
  projection: string;
  schema: string;
  searchPath: string;
  checkpointName: string;
  /** Events the replay had to consider (progress denominator). */
  total: number;
  checkpoint(): Promise<Checkpoint>;
  /** Applies what the log gained since (to compare a replay with the live tables later). */
  catchUp(): Promise<void>;
  /** Runs `fn` in a transaction whose unqualified table names resolve to the scratch copy. */
  read<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

/** The last event every reader can see for good (see readAllIn), or null on an empty log. */
async function readableHead(sql: Sql): Promise<Checkpoint | null> {
  const [row] = await sql.query<{ tx_id: string; position: number }>(
    `select tx_id::text as tx_id, position from events where tx_id < pg_snapshot_xmin(pg_current_snapshot())
     order by events.tx_id desc, events.position desc limit 1`,
  );
  return row ? { txId: row.tx_id, position: row.position } : null;
}

export interface RebuildProgress {
  projection: string;
  applied: number;
  total: number;
}

interface CheckpointRow {
  version: number;
  tx_id: string;
  position: number;
}

/**
 * How long one projection step may take from others: the making of its statements on the
 * server's thread plus its transaction. On PGlite every other request waits for both, so it is
 * kept well under the 100 ms a person should ever wait behind background work.
 */
const STEP_BUDGET_MS = 30;
/** The fewest events after which a projection's tables are vacuumed and analyzed again (see maintainIfChanged). */
const MAINTAIN_AFTER_EVENTS = 1000;
/**
 * A replay's steps (a rebuild into fresh tables) may hold their transaction longer: a replay is
 * rare, and steps of a few events made the catalog's replay half as fast again (its lexicon is
 * counted once a step).
 */
const REPLAY_STEP_BUDGET_MS = 100;
/** A replay's first step, and every step of a runner without a budget. */
export const STEP_CHUNK = 25;
/** A live step's first events, before it knows what an event of this projection costs. */
const FIRST_STEP = 5;
/**
 * The most events a live step reads and applies, however cheap they were lately: their reading
 * and their statements are made on the server's thread, where a step of hundreds (the catalog's
 * words and letter pairs for each) held every request's page for 200-500 ms.
 */
const LIVE_STEP_MOST = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Per schema too: apps sharing one PostgreSQL database in different schemas never block each other. */
function lockKey(schema: string, name: string) {
  return `projection:${schema}:${name}`;
}

/**
 * Applies the log to read models. Each batch of events and the checkpoint that follows
 * it are written in one transaction (exactly-once effect under at-least-once wake-ups);
 * a transaction-scoped advisory lock lets one runner at a time work on a projection,
 * across processes.
 */
export class ProjectionRunner {
  readonly byName: Map<string, Projection>;

  constructor(
    private readonly db: Db,
    readonly projections: readonly Projection[],
    private readonly batchSize = 2000,
    /** How long one step may take from others (0: `STEP_CHUNK` events a step). */
    private readonly stepBudgetMs = STEP_BUDGET_MS,
    /** The same for a replay's steps. */
    private readonly replayBudgetMs = REPLAY_STEP_BUDGET_MS,
  ) {
    this.byName = new Map(projections.map((p) => [p.name, p]));
  }

  private get(name: string): Projection {
    const p = this.byName.get(name);
    if (!p) throw new Error(`Unknown projection ${name}`);
    return p;
  }

  /** Names of the projections that react to any of these event types. */
  affectedBy(types: Iterable<EventType>): ReadModel[] {
    const set = new Set(types);
    return this.projections.filter((p) => p.handles.some((t) => set.has(t))).map((p) => p.name);
  }

  async checkpoint(name: string, sql: Sql = this.db): Promise<Checkpoint | null> {
    const [row] = await sql.query<CheckpointRow>('select version, tx_id::text as tx_id, position from projection_checkpoints where name = $1', [name]);
    return row ? { txId: row.tx_id, position: row.position } : null;
  }

  /** Every read model's checkpoint, in one read. */
  async checkpoints(sql: Sql = this.db): Promise<Map<string, Checkpoint>> {
    const rows = await sql.query<CheckpointRow & { name: string }>(
      'select name, version, tx_id::text as tx_id, position from projection_checkpoints where name = any($1::text[])',
      [this.projections.map((p) => p.name)],
    );
    return new Map(rows.map((r) => [r.name, { txId: r.tx_id, position: r.position }]));
  }

  /** Builds any projection whose tables are missing or whose version changed. */
  async prepare(onProgress?: (p: RebuildProgress) => void): Promise<string[]> {
    const built: string[] = [];
    for (const p of this.projections) {
      const [row] = await this.db.query<CheckpointRow>('select version from projection_checkpoints where name = $1', [p.name]);
      if (row?.version === p.version && (await this.tablesExist(p, this.db.schema))) continue;
      await this.rebuild(p.name, onProgress);
      built.push(p.name);
    }
    return built;
  }

  private async tablesExist(p: Projection, schema: string): Promise<boolean> {
    const [row] = await this.db.query<{ n: number }>(
      'select count(*)::int as n from information_schema.tables where table_schema = $1 and table_name = any($2::text[])',
      [schema, p.tables],
    );
    return row.n === p.tables.length;
  }

  /** What applying an event to each checkpoint's tables took lately, from which its steps are sized to the budget. */
  private stepSizers = new Map<string, PartSizer>();

  private stepSizer(checkpointName: string, replay: boolean): PartSizer {
    let sizer = this.stepSizers.get(checkpointName);
    if (!sizer) {
      sizer = replay
        ? new PartSizer(this.replayBudgetMs, STEP_CHUNK, this.batchSize)
        : new PartSizer(this.stepBudgetMs, FIRST_STEP, Math.min(this.batchSize, LIVE_STEP_MOST));
      this.stepSizers.set(checkpointName, sizer);
    }
    return sizer;
  }

  /** How many events the next step of `checkpointName` reads and applies. */
  private stepSize(checkpointName: string, replay: boolean): number {
    if ((replay ? this.replayBudgetMs : this.stepBudgetMs) === 0) return Math.min(this.batchSize, STEP_CHUNK);
    return this.stepSizer(checkpointName, replay).next();
  }

  /**
   * PGlite has one connection and serves it first come, first served: were every projection to
   * queue a step at once, a request arriving behind them would wait for all of them. There the
   * steps take turns, so a request waits behind one step at most.
   */
  private turn: Promise<unknown> = Promise.resolve();
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.db.kind !== 'pglite') return work();
    const run = this.turn.then(work, work);
    this.turn = run.catch(() => undefined);
    return run;
  }

  /**
   * One batch for `checkpointName`, into tables found first on `searchPath`: as many events as
   * should take the step's budget at what its events cost lately (the rest waits for the next
   * step). On PGlite every other request waits while a step writes, so a projection's work after
   * a large write (an import's many versions) is many short transactions, not one long one.
   *
   * The events are read and turned into statements before the transaction, which is given whole
   * (`Db.guardedWrite`): on PGlite it then holds the connection only while the database works,
   * never while the server's thread renders a page between two of its statements (steps held
   * 60-90 ms that way for 10-15 ms of work). Its guard takes the projection's lock and finds the
   * checkpoint where the events were read from; otherwise nothing is written.
   * Returns null when another runner holds the projection, else the applied count (0 when the
   * checkpoint moved meanwhile: the next step reads again), the checkpoint reached and whether
   * more may be readable.
   */
  private async step(
    p: Projection,
    checkpointName: string,
    options: { searchPath?: string; lock: boolean; range?: ReadRange },
  ): Promise<{ applied: number; checkpoint: Checkpoint; more: boolean } | null> {
    return this.inTurn(() => this.stepNow(p, checkpointName, options));
  }

  private async stepNow(
    p: Projection,
    checkpointName: string,
    options: { searchPath?: string; lock: boolean; range?: ReadRange },
  ): Promise<{ applied: number; checkpoint: Checkpoint; more: boolean } | null> {
    const [row] = await this.db.query<{ tx_id: string | null; position: number | null }>(
      'select tx_id::text as tx_id, position from projection_checkpoints where name = $1',
      [checkpointName],
    );
    const read = { txId: row?.tx_id ?? null, position: row?.position ?? null };
    const current = read.txId === null ? START : { txId: read.txId, position: read.position! };
    // A replay into a scratch schema is not locked (nobody else writes there).
    const replay = !options.lock;
    const limit = this.stepSize(checkpointName, replay);
    const events = await readAllIn(this.db, current, limit, options.range);
    if (events.length === 0) return { applied: 0, checkpoint: current, more: false };
    const making = performance.now();
    const statements = statementsFor(p, events);
    const makingMs = performance.now() - making;
    const last = events[events.length - 1];
    const next = { txId: last.txId, position: last.position };
    // The checkpoint row locked (`for update`) is its latest version, even one committed after
    // this statement began: a runner that just let go of the lock cannot have its step applied twice.
    const { guard, heldMs } = await this.db.guardedWrite<{ proceed: boolean; locked: boolean }>({
      setup: options.searchPath ? [{ text: `select set_config('search_path', $1, true)`, params: [options.searchPath] }] : [],
      guard: {
        text: `select l.locked, l.locked and c.tx_id is not distinct from $2::xid8 and c.position is not distinct from $3::bigint as proceed
               from (select ${options.lock ? 'pg_try_advisory_xact_lock(hashtext($4))' : 'true'} as locked) l
               cross join (select tx_id, position from projection_checkpoints where name = $1 for update) c`,
        params: [checkpointName, read.txId, read.position, ...(options.lock ? [lockKey(this.db.schema, p.name)] : [])],
      },
      statements: [
        ...statements,
        {
          text: `update projection_checkpoints set tx_id = $2::xid8, position = $3, updated_at = now() where name = $1`,
          params: [checkpointName, next.txId, next.position],
        },
      ],
    });
    if (!guard?.locked) return null;
    if (!guard.proceed) return { applied: 0, checkpoint: current, more: true };
    // What a step costs others: its statements made on the server's thread, then the connection
    // held. An import's heavy events raise it at once, a run of light ones brings it down.
    this.stepSizer(checkpointName, replay).took(events.length, makingMs + heldMs);
    return { applied: events.length, checkpoint: next, more: events.length === limit };
  }

  private running = new Map<string, Promise<Checkpoint | null>>();
  /** The furthest checkpoint this process has seen each projection reach. */
  private reachedHere = new Map<string, Checkpoint>();

  /** Whether this process has already seen `name` apply the log up to `target`. */
  hasReached(name: string, target: Checkpoint): boolean {
    const reached = this.reachedHere.get(name);
    return reached !== undefined && compareCheckpoints(reached, target) >= 0;
  }
  private queued = new Map<string, Promise<Checkpoint | null>>();

  /**
   * Applies every readable event to `name`. Returns the checkpoint reached, or null if
   * another process's runner is already working on it (that runner will reach the same place).
   *
   * Callers in this process share the work: while a round runs, everyone who arrives waits
   * for one shared next round (which sees what they committed before calling). Under many
   * concurrent writers this keeps read-your-writes to about two rounds, instead of every
   * writer taking the projection's lock in turn.
   */
  catchUp(name: string): Promise<Checkpoint | null> {
    const queued = this.queued.get(name);
    if (queued) return queued;
    const running = this.running.get(name);
    if (!running) return this.startRound(name);
    const next = running
      .catch(() => null)
      .then(() => {
        this.queued.delete(name);
        return this.startRound(name);
      });
    this.queued.set(name, next);
    return next;
  }

  private startRound(name: string): Promise<Checkpoint | null> {
    const round: Promise<Checkpoint | null> = this.catchUpNow(name)
      .then((reached) => {
        const known = this.reachedHere.get(name);
        if (reached && (!known || compareCheckpoints(reached, known) > 0)) this.reachedHere.set(name, reached);
        return reached;
      })
      .finally(() => {
        if (this.running.get(name) === round) this.running.delete(name);
      });
    this.running.set(name, round);
    return round;
  }

  private async catchUpNow(name: string): Promise<Checkpoint | null> {
    const p = this.get(name);
    for (;;) {
      const result = await this.step(p, p.name, { lock: true });
      if (!result) return null;
      await this.maintainIfChanged(p, result.applied);
      if (!result.more) return result.checkpoint;
    }
  }

  /** Events applied to each projection here since its tables' statistics were last gathered, and the rows they had then. */
  private sinceMaintained = new Map<string, { applied: number; rows: number }>();

  /**
   * Vacuums a projection's tables and gathers their statistics once it has taken a tenth of its
   * rows' worth of events (a thousand at least), as autovacuum would, which PGlite does not have.
   * The planner's row estimates decide between an index's ordered walk and a bitmap of the words
   * index; the vacuum empties the GIN indexes' pending lists, which every search of a words index
   * otherwise reads whole (up to 4 MB each), and marks pages all-visible for index-only scans.
   */
  private async maintainIfChanged(p: Projection, applied: number): Promise<void> {
    const since = this.sinceMaintained.get(p.name) ?? { applied: 0, rows: 0 };
    since.applied += applied;
    this.sinceMaintained.set(p.name, since);
    if (since.applied >= Math.max(MAINTAIN_AFTER_EVENTS, since.rows / 10)) await this.maintain(p);
  }

  private async maintain(p: Projection): Promise<void> {
    // Outside any transaction (VACUUM refuses one), table by table.
    for (const table of p.tables) {
      const name = `"${this.db.schema}"."${table}"`;
      if (this.db.kind !== 'pglite') {
        await this.db.query(`vacuum (analyze) ${name}`);
        continue;
      }
      // On PGlite everyone waits for each statement, so the work is split where PostgreSQL lets
      // it be: each GIN index's pending list merged on its own (up to 4 MB each; the catalog's
      // four took 80-160 ms in one VACUUM at 20,000 rows), then the vacuum, then the statistics
      // (300-600 ms in one ANALYZE of that catalog) a column at a time: its 19 fixed-width
      // columns together took 100-230 ms. A column no plan reads has none (`set statistics 0` in
      // its DDL). Each from the usual sample: with a tenth of it the planner took a word no
      // prompt has for a common one and walked all 100,000 rows of the popular index for it (1.6 s).
      const gin = await this.db.query<{ name: string }>(
        `select c.oid::regclass::text as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
         where i.indrelid = $1::regclass and am.amname = 'gin'`,
        [name],
      );
      for (const index of gin) await this.db.query(`select gin_clean_pending_list($1::regclass)`, [index.name]);
      await this.db.query(`vacuum ${name}`);
      const columns = await this.db.query<{ name: string }>(
        `select a.attname as name from pg_attribute a
         where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and coalesce(a.attstattarget, -1) <> 0 order by a.attnum`,
        [name],
      );
      for (const column of columns) await this.db.query(`analyze ${name} ("${column.name}")`);
    }
    const [row] = await this.db.query<{ rows: number }>(
      `select coalesce(sum(greatest(c.reltuples, 0)), 0)::float8 as rows from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relname = any($2::text[])`,
      [this.db.schema, p.tables],
    );
    this.sinceMaintained.set(p.name, { applied: 0, rows: Number(row.rows) });
  }

  async catchUpAll(): Promise<void> {
    for (const p of this.projections) await this.catchUp(p.name);
  }

  /**
   * Read-your-writes: returns once every named projection has applied the log up to
   * `target` (running them here when nobody else is), or false after `timeoutMs`.
   */
  async settle(target: Checkpoint, names: readonly string[], timeoutMs = 3000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const one = async (name: string): Promise<boolean> => {
      for (;;) {
        const reached = (await this.catchUp(name)) ?? (await this.checkpoint(name));
        if (reached && compareCheckpoints(reached, target) >= 0) return true;
        if (Date.now() > deadline) return false;
        // Not readable yet (an older transaction is still open) or another process holds the lock.
        await sleep(reached ? 1 : 5);
      }
    };
    return (await Promise.all(names.map(one))).every(Boolean);
  }

  /**
   * Rebuilds `name` from the whole log into fresh tables in a scratch schema, then swaps
   * them in under the projection's lock once caught up: readers never see a half-built model.
   */
  async rebuild(name: string, onProgress?: (p: RebuildProgress) => void): Promise<void> {
    const p = this.get(name);
    const replay = await this.replayInto(name, { onProgress, scratchPrefix: 'rebuild' });
    try {
      await this.swap(p, replay.schema, replay.checkpointName, replay.searchPath);
      // Fresh tables have no statistics (a search then plans for a hundred rows) and full GIN pending lists.
      await this.maintain(p);
      onProgress?.({ projection: p.name, applied: replay.total, total: replay.total });
    } finally {
      await replay.drop();
    }
  }

  /**
   * Replays `name` into fresh tables in a scratch schema, up to `until` (a log position:
   * see `checkpointAt`) or the head, without touching the live tables. The caller reads
   * the copy with `replay.read` (its search_path finds the scratch tables first) and must
   * `drop()` it. With `until`, only the projection's own event types are read.
   */
  async replayInto(name: string, options: { until?: Checkpoint; onProgress?: (p: RebuildProgress) => void; scratchPrefix?: string } = {}): Promise<Replay> {
    const p = this.get(name);
    const home = this.db.schema;
    const scratch = `${options.scratchPrefix ?? 'replay'}_${p.name}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const searchPath = `"${scratch}", "${home}", public`;
    const checkpointName = `${p.name}@${scratch}`;
    // Only the projection's own event types: a narrow model replays fast on a log of uses.
    const range: ReadRange = options.until ? { until: options.until, types: p.handles } : { types: p.handles };
    const [{ total }] = await this.db.query<{ total: number }>(
      `select count(*)::int as total from events
       where type = any($1::text[]) and ($2::text is null or (tx_id, position) <= ($2::text::xid8, $3::bigint))`,
      [p.handles, options.until?.txId ?? null, options.until?.position ?? null],
    );
    const drop = async () => {
      await this.db.query(`drop schema if exists "${scratch}" cascade`);
      await this.db.query('delete from projection_checkpoints where name = $1', [checkpointName]);
      // What the runner learnt of this copy's steps goes with it (a name no later step uses).
      this.stepSizers.delete(checkpointName);
    };
    await this.db.transaction(async (tx) => {
      await tx.query(`create schema "${scratch}"`);
      await tx.query(`select set_config('search_path', $1, true)`, [searchPath]);
      for (const statement of splitStatements(p.ddl)) await tx.query(statement);
      await tx.query(`insert into "${home}".projection_checkpoints (name, version) values ($1, $2)`, [checkpointName, p.version]);
    });
    let applied = 0;
    const advance = async (range?: ReadRange) => {
      for (;;) {
        const result = (await this.step(p, checkpointName, { searchPath, lock: false, range }))!;
        applied += result.applied;
        options.onProgress?.({ projection: p.name, applied: Math.min(applied, total), total });
        if (!result.more) return;
      }
    };
    try {
      options.onProgress?.({ projection: p.name, applied, total });
      await advance(range);
    } catch (error) {
      await drop();
      throw error;
    }
    return {
      projection: p.name,
      schema: scratch,
      searchPath,
      checkpointName,
      total,
      checkpoint: async () => (await this.checkpoint(checkpointName)) ?? START,
      catchUp: () => advance({ types: p.handles }),
      read: (fn) =>
        this.db.transaction(async (tx) => {
          await tx.query(`select set_config('search_path', $1, true)`, [searchPath]);
          return fn(tx);
        }),
      drop,
    };
  }

  /**
   * The log position as of `time`: the end of the longest prefix of the log (in commit
   * order, which is not clock order) holding no event recorded after `time`. An event's time
   * is its transaction's start, so a transaction is never split.
   */
  async checkpointAt(time: Date): Promise<Checkpoint> {
    const [after] = await this.db.query<{ tx_id: string; position: number }>(
      `select tx_id::text as tx_id, position from events where created_at > $1
       order by events.tx_id, events.position limit 1`,
      [time],
    );
    const [last] = after
      ? await this.db.query<{ tx_id: string; position: number }>(
          `select tx_id::text as tx_id, position from events where (tx_id, position) < ($1::text::xid8, $2::bigint)
           order by events.tx_id desc, events.position desc limit 1`,
          [after.tx_id, after.position],
        )
      : await this.db.query<{ tx_id: string; position: number }>(
          `select tx_id::text as tx_id, position from events order by events.tx_id desc, events.position desc limit 1`,
        );
    return last ? { txId: last.tx_id, position: last.position } : START;
  }

  private async swap(p: Projection, scratch: string, scratchCheckpoint: string, searchPath: string) {
    const home = this.db.schema;
    for (;;) {
      // Catch the scratch copy up to the head while holding the live projection's lock,
      // so no live batch lands between the last scratch batch and the switch.
      const done = await this.db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [lockKey(this.db.schema, p.name)]);
        await tx.query(`select set_config('search_path', $1, true)`, [searchPath]);
        const current = (await this.checkpoint(scratchCheckpoint, tx)) ?? START;
        // Only the projection's own events, up to the readable head: the live checkpoint
        // becomes that head, so the live runner does not walk the other events again.
        const head = (await readableHead(tx)) ?? START;
        const events = await readAllIn(tx, current, this.batchSize, { types: p.handles, until: head });
        const statements = statementsFor(p, events);
        if (statements.length) await tx.many(statements);
        if (events.length === this.batchSize) {
          const last = events[events.length - 1];
          await tx.query('update projection_checkpoints set tx_id = $2::xid8, position = $3 where name = $1', [scratchCheckpoint, last.txId, last.position]);
          return false;
        }
        const last = compareCheckpoints(head, current) > 0 ? head : current;
        for (const table of p.tables) {
          await tx.query(`drop table if exists "${home}"."${table}" cascade`);
          await tx.query(`alter table "${scratch}"."${table}" set schema "${home}"`);
        }
        await tx.query(
          `insert into "${home}".projection_checkpoints (name, version, tx_id, position) values ($1, $2, $3::xid8, $4)
           on conflict (name) do update set version = excluded.version, tx_id = excluded.tx_id,
             position = excluded.position, updated_at = now()`,
          [p.name, p.version, last.txId, last.position],
        );
        return true;
      });
      if (done) return;
    }
  }
}
