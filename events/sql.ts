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
  many(statements: readonly { text: string; params?: readonly unknown[] }[]): Promise<void>;
}

export interface Db extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /** The schema our tables live in (search_path head). */
  readonly schema: string;
  /** Run `fn` in one transaction; commit when it resolves, roll back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
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
