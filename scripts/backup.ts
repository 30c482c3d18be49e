// `npm run backup -- <file>`: a backup of the configured database (DATABASE_URL/DATABASE_SCHEMA,
// or the PGlite database in DATA_DIR) to <file> (default: backups/promptory-<time>.<ext>).
// See README "Backups" and scripts/backup-lib.ts.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { readConfig } from '../src/server/config';
import { backup } from './backup-lib';

const config = readConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = process.argv[2] ?? `backups/promptory-${stamp}.${config.databaseUrl ? 'pgdump' : 'pglite.tar.gz'}`;
mkdirSync(dirname(file), { recursive: true });
const started = Date.now();
await backup(config, file);
console.log(`[promptory] backup written to ${file} in ${Date.now() - started} ms`);
