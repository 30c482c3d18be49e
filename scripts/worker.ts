// `npm run worker`: a projection worker process for PostgreSQL deployments. It runs the
// pg-boss projection queues and the sweep; web processes can then run with WORKERS=0.
import { createApp } from '../src/server/app';
import { readConfig } from '../src/server/config';
import { waitForPostgres } from '../src/server/db/postgres';

const config = readConfig();
if (!config.databaseUrl) {
  console.error('npm run worker needs DATABASE_URL: with the embedded PGlite database the web process runs the worker itself.');
  process.exit(1);
}
// Started while PostgreSQL is down (a restart, or everything started at once), the worker waits
// for it rather than exiting: tests/integration/db-outage.test.ts starts one during an outage.
await waitForPostgres(config.databaseUrl, (error) =>
  console.error(`[promptory] waiting for the database: ${(error as { code?: string }).code ?? String(error)}`),
);
const app = await createApp({ ...config, workers: Math.max(1, config.workers) });
console.log('[promptory] projection worker running; Ctrl+C to stop');
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
