import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** PostgreSQL's server binaries (the newest under /usr/lib/postgresql), or null when not installed. */
export const pgBin = (() => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'pg_ctl'))) return join(root, v, 'bin');
  return null;
})();

/**
 * A PostgreSQL cluster of a test's own in `dir` (its data in `dir/pg`), listening on
 * 127.0.0.1:`port` with trust auth: for tests that stop or restart a database, and for a second
 * test worker that must not share the machine's server (its open transactions hold back every
 * gap-safe read of the log in the cluster). As root (a CI container) its tools run as `postgres`.
 */
export function pgCluster(dir: string, port: number) {
  const pgData = join(dir, 'pg');
  const run = (tool: string, args: string[]) =>
    process.getuid?.() === 0
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(pgBin!, tool), ...args], { encoding: 'utf8' })
      : spawnSync(join(pgBin!, tool), args, { encoding: 'utf8' });
  const pgCtl = (...args: string[]) => run('pg_ctl', ['-D', pgData, '-w', '-t', '30', ...args]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    init() {
      if (process.getuid?.() === 0) spawnSync('chown', ['postgres', dir]);
      return run('initdb', ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    },
    start: () => pgCtl('start', '-l', join(dir, 'pg.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`),
    stop: (mode: 'fast' | 'immediate' = 'fast') => pgCtl('stop', '-m', mode),
  };
}
