import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';

/** Every source file whose change could change what a booted, empty database holds. */
function schemaSources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) schemaSources(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

let template: Promise<string> | undefined;

/**
 * A PGlite data folder as a fresh app leaves it (migrated, read models built, nothing seeded),
 * made once per version of the code and copied for each test app: PGlite's initdb and the
 * migrations are most of a boot (several seconds each on a loaded 2-core machine; a copy and a
 * boot on it take a fraction). The folder's name is a hash of the code that shapes the
 * database and of PGlite's version, so a change to either makes a new one. Made under a
 * temporary name and renamed into place, so files running side by side never see half of one.
 */
export function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256');
    hash.update(JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version);
    for (const file of ['events', 'modules', 'projections', 'src/server'].flatMap((dir) => schemaSources(dir))) hash.update(file).update(readFileSync(file));
    const path = join(tmpdir(), `promptory-pglite-template-${hash.digest('hex').slice(0, 16)}`);
    if (existsSync(path)) return path;
    const building = mkdtempSync(`${path}-building-`);
    const app = await createApp({ ...readConfig({}), dataDir: building, seed: false }, { boss: false, log: () => {} });
    await app.close();
    try {
      renameSync(building, path);
    } catch {
      rmSync(building, { recursive: true, force: true }); // another file made it first
    }
    return path;
  })();
  return template;
}
