import { eventStoreMigrations, splitStatements, type Db, type Sql } from '../../../events';

export interface Migration {
  id: string;
  sql: string;
  /** Work SQL cannot say, run after `sql` in the same transaction. */
  run?: (tx: Sql) => Promise<unknown>;
}

/**
 * Applies each migration once, in id order, each in its own transaction, under an
 * advisory lock so several processes starting together do not race.
 */
export async function migrate(db: Db, extra: readonly Migration[] = []): Promise<string[]> {
  const all = [{ id: '0000_extensions', sql: 'create extension if not exists pg_trgm schema public' }, ...eventStoreMigrations, ...extra].sort((a, b) =>
    a.id.localeCompare(b.id),
  );
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('promptory:migrate'))`);
    await tx.query('create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())');
    const done = new Set((await tx.query<{ id: string }>('select id from schema_migrations')).map((r) => r.id));
    const applied: string[] = [];
    for (const m of all) {
      if (done.has(m.id)) continue;
      for (const statement of splitStatements(m.sql)) {
        await tx.query(statement);
      }
      await m.run?.(tx);
      await tx.query('insert into schema_migrations (id) values ($1)', [m.id]);
      applied.push(m.id);
    }
    return applied;
  });
}
