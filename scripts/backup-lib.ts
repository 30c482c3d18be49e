// The backup and restore of either backend, shared by `npm run backup`, `npm run restore` and
// tests/integration/backup-restore.test.ts.
//
// PostgreSQL: pg_dump in its custom format (-Fc) of the app's schema (and pg-boss's schema beside it),
// taken in one snapshot while the site runs; pg_restore into an empty database.
// PGlite: the data folder as PGlite itself packs it (`dumpDataDir`): a consistent copy, because
// it is taken by the only process that has the database open. PGlite allows one process per data
// folder, so take it while the web process is stopped (a few seconds), or run PostgreSQL for
// backups without a stop.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import type { Config } from '../src/server/config';

/** The newest pg_dump / pg_restore on this machine (they must not be older than the server). */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const v of readdirSync(root).sort((a, b) => Number(b) - Number(a))) {
      const path = join(root, v, 'bin', name);
      if (existsSync(path)) return path;
    }
  }
  return name; // on the PATH
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.error}`);
}

const schemasOf = (config: Config) => {
  const schema = config.databaseSchema || 'public';
  return schema === 'public' ? [] : [schema, `pgboss_${schema}`];
};

/** Writes a backup of the configured database to `file`. */
export async function backup(config: Config, file: string): Promise<void> {
  if (config.databaseUrl) {
    const schemas = schemasOf(config).flatMap((s) => ['--schema', s]);
    run(pgTool('pg_dump'), ['--dbname', config.databaseUrl, '--format=custom', '--no-owner', '--file', file, ...schemas]);
    return;
  }
  const dir = join(config.dataDir, 'pglite');
  if (!existsSync(dir)) throw new Error(`no PGlite database at ${dir}`);
  const pglite = await PGlite.create(`file://${dir}`, { extensions: { pg_trgm } });
  try {
    const tarball = await pglite.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await pglite.close();
  }
}

/** Restores `file` into the configured database, which must be empty (a new database or data folder). */
export async function restore(config: Config, file: string): Promise<void> {
  if (config.databaseUrl) {
    // A dump of one schema leaves out the extensions installed database-wide (pg_trgm, for search).
    const sql = postgres(config.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe('create extension if not exists pg_trgm schema public');
    } finally {
      await sql.end();
    }
    run(pgTool('pg_restore'), ['--dbname', config.databaseUrl, '--no-owner', '--exit-on-error', file]);
    return;
  }
  const dir = join(config.dataDir, 'pglite');
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} is not empty: restore into a new DATA_DIR`);
  mkdirSync(config.dataDir, { recursive: true });
  const pglite = await PGlite.create(`file://${dir}`, { extensions: { pg_trgm }, loadDataDir: new Blob([readFileSync(file)]) });
  await pglite.close();
}
