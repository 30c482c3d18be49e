// `npm run restore -- <file>`: restores a backup made by `npm run backup` into the configured
// database, which must be empty (a new PostgreSQL database, or a new DATA_DIR). The next start
// rebuilds any read model whose version changed; `npm run replay` rebuilds them all from the log.
import { readConfig } from '../src/server/config';
import { restore } from './backup-lib';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run restore -- <backup file>');
  process.exit(2);
}
const config = readConfig();
const started = Date.now();
await restore(config, file);
console.log(`[promptory] restored ${file} in ${Date.now() - started} ms`);
