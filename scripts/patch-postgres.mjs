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

// Second guard: BEGIN goes out in the same round trip as the transaction's first statements.
// The driver awaited BEGIN's answer before running the transaction's function: one round trip
// of every write spent on a statement that cannot fail on a healthy connection (on a broken
// one every statement fails). The transaction now starts once BEGIN has its connection; its
// statements follow BEGIN on that connection, in order, and COMMIT waits for BEGIN's answer.
// Measured in docs/benchmarks.md ("HTTP writes"); tests/integration/write-path.test.ts counts
// the round trips and the outage and crash proofs cover a connection lost mid-transaction.
const BEGIN_MARK = '/* promptory: pipelined begin */';
const AWAITED_BEGIN = `      await sql.unsafe('begin ' + options.replace(/[^a-z ]/ig, ''), [], { onexecute }).execute()
      return await Promise.race([`;
const PIPELINED_BEGIN = `      ${BEGIN_MARK}
      let assigned
      const onConnection = new Promise(resolve => assigned = resolve)
      began = sql.unsafe('begin ' + options.replace(/[^a-z ]/ig, ''), [], { onexecute: c => (onexecute(c), assigned()) }).execute()
      began.catch(() => {})
      await Promise.race([onConnection, began])
      // The pool parks a connection whose query cannot take more behind it as full; reserved,
      // the transaction's statements go out behind BEGIN on it (and nobody else's).
      connection.queue === full && move(connection, reserved)
      return await Promise.race([`;
const SCOPE_COMMIT = `      if (!name) {
        prepare`;
for (const file of ['src', 'cjs/src', 'cf/src'].map((dir) => `node_modules/postgres/${dir}/index.js`)) {
  if (!existsSync(file)) continue;
  const source = readFileSync(file, 'utf8');
  if (source.includes(BEGIN_MARK)) continue;
  const declarations = '    let savepoints = 0\n      , connection\n';
  if (!source.includes(AWAITED_BEGIN) || !source.includes(SCOPE_COMMIT) || !source.includes(declarations)) {
    console.warn(`[promptory] ${file}: postgres.js changed; BEGIN is not pipelined (see scripts/patch-postgres.mjs)`);
    continue;
  }
  const patched = source
    .replace(declarations, '    let savepoints = 0\n      , began\n      , connection\n')
    .replace(AWAITED_BEGIN, PIPELINED_BEGIN)
    .replace(SCOPE_COMMIT, `      if (!name) {\n        await began\n        prepare`);
  writeFileSync(file, patched);
}
