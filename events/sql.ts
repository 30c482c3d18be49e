/**
 * The database port. Everything that touches SQL (the event store, projections,
 * module command handlers) talks to this interface; `src/server/db` provides the
 * PGlite and PostgreSQL adapters. Same SQL on both backends.
 */
export interface Sql {
  /**
   * Run one parameterised statement ($1, $2, ...) and return its rows. Pass JSON as a
   * string cast through text (`$1::text::jsonb`): a bare `$1::jsonb` makes the postgres
   * driver encode the string again. int8 comes back as a number on both backends.
   */
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Run statements in order; PostgreSQL pipelines them on one connection. */
  many(statements: readonly Statement[]): Promise<void>;
}

/** One parameterised statement. */
export interface Statement {
  text: string;
  params?: readonly unknown[];
}

/** A transaction given whole (see `Db.guardedWrite`). */
export interface GuardedWrite {
  /** Run first, in the transaction (a transaction-local setting). */
  setup?: readonly Statement[];
  /** Its first row's `proceed` column says whether `statements` run. */
  guard: Statement;
  statements: readonly Statement[];
}

export interface Db extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /** The schema our tables live in (search_path head). */
  readonly schema: string;
  /** Run `fn` in one transaction; commit when it resolves, roll back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * One transaction given whole: its setup, then its guard, then (if the guard's first row says
   * `proceed: true`) its statements; it commits either way, having written nothing when the guard
   * said no. Answers that row and how long the transaction held its connection, from its first
   * statement to its commit. On PGlite it goes to the database's thread as one message, so it
   * never holds everyone's one connection while the server's thread is busy with something else
   * between two of its statements (a callback transaction waits for that thread at each one).
   */
  guardedWrite<R extends { proceed: boolean }>(write: GuardedWrite): Promise<{ guard: R | null; heldMs: number }>;
  close(): Promise<void>;
}

/** The SQLSTATE of a database error, if it has one (both drivers expose `code`). */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export const UNIQUE_VIOLATION = '23505';

/** Splits a script on semicolons at line ends (our DDL has no procedural bodies). */
export function splitStatements(script: string): string[] {
  return script
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
}
