// Runs after `npm install`: guards postgres.js 3.4.x against a crash when PostgreSQL goes
// away. A write under 1 KB is sent from a setImmediate; if the connection closed in between,
// `nextWrite` calls `socket.write` on null and the TypeError, thrown from the timer, kills the
// process (porsager/postgres#1154, #1208; open upstream at 3.4.9, the newest release). The
// guard settles the pending queries with a catchable CONNECTION_CLOSED instead (dropping the
// write would leave them waiting for ever), and both teardowns forget the buffered write and
// the timer, so a reconnected connection does not inherit them. The outage proof
// (tests/integration/db-outage.test.ts) fails without it. Idempotent; says so when the
// dependency changed and the patch no longer fits.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const MARK = '/* promptory: guarded nextWrite */';
const FILES = ['src', 'cjs/src', 'cf/src'].map((dir) => `node_modules/postgres/${dir}/connection.js`);
const GUARD = `function nextWrite(fn) {
    ${MARK}
    if (socket === null) {
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return false
    }
    const x = socket.write(chunk, fn)`;

for (const file of FILES) {
  if (!existsSync(file)) continue;
  const source = readFileSync(file, 'utf8');
  if (source.includes(MARK)) continue;
  const unguarded = 'function nextWrite(fn) {\n    const x = socket.write(chunk, fn)';
  const teardown = /clearImmediate\(nextWriteTimer\)\n/g;
  if (!source.includes(unguarded) || (source.match(teardown) ?? []).length !== 3) {
    console.warn(`[promptory] ${file}: postgres.js changed; the nextWrite guard was not applied (see scripts/patch-postgres.mjs)`);
    continue;
  }
  // The three clearImmediate calls: nextWrite's own (kept), terminate() and closed() (which now also reset).
  let seen = 0;
  const patched = source
    .replace(teardown, (call) => (++seen === 1 ? call : 'clearImmediate(nextWriteTimer), nextWriteTimer = chunk = null\n'))
    .replace(unguarded, GUARD);
  writeFileSync(file, patched);
}
