import { PgBoss, fromPglite, type PGliteLike } from 'pg-boss';

/** pg-boss on the same database as the log: PGlite's one connection, or its own small pool. */
export function createBoss(target: { pglite: PGliteLike } | { url: string; schema: string }): PgBoss {
  const common = { useListenNotify: true, supervise: true, schedule: true } as const;
  if ('pglite' in target) {
    return new PgBoss({ ...common, db: fromPglite(target.pglite), backend: 'pglite', schema: 'pgboss' });
  }
  const schema = target.schema === 'public' ? 'pgboss' : `pgboss_${target.schema}`;
  return new PgBoss({ ...common, connectionString: target.url, schema, max: 4 });
}
