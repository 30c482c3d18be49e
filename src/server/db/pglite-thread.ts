/**
 * The program of PGlite's own thread (`src/server/db/pglite.ts` starts it). It answers one message
 * at a time as PGlite's own locks order them: a statement outside a transaction waits for the
 * transaction that holds the connection, as it did in the server's thread.
 *
 * It is source text, evaluated by the worker (`eval: true`): the server is one bundle, and a file
 * beside it would not travel with it. It takes PGlite by the absolute path the server resolved.
 * Kept to plain CommonJS without a template placeholder, and exercised by every test on PGlite.
 *
 * Messages in: `{ id, op, ... }` (op: open, query, many, exec, guarded, begin, end, listen,
 * unlisten, close; `tx` names a transaction `begin` opened). Out: `{ id, ok, result | error }`, and
 * `{ channel, payload }` for a notification.
 */
export const PGLITE_THREAD_PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite, types } = require(workerData.pglite);
const { pg_trgm } = require(workerData.pgTrgm);

const ROLLBACK = Symbol('rollback');
const transactions = new Map();
const listening = new Map();
let nextTransaction = 1;
let db;

function on(tx) {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error('That transaction has ended');
  return open.tx;
}

function begin() {
  return new Promise((entered, failed) => {
    const id = nextTransaction++;
    const open = {};
    open.done = db.transaction((tx) =>
      new Promise((finish) => {
        open.tx = tx;
        open.finish = finish;
        transactions.set(id, open);
        entered(id);
      }).then((commit) => {
        if (!commit) throw ROLLBACK;
      }),
    );
    open.done.catch((error) => {
      if (!open.finish) failed(error);
    });
  });
}

async function end(id, commit) {
  const open = transactions.get(id);
  if (!open) throw new Error('That transaction has ended');
  open.finish(commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  } finally {
    transactions.delete(id);
  }
  return null;
}

/**
 * A transaction given whole (Db.guardedWrite): no message of the server's thread is awaited
 * while it holds the connection. Held from its first statement to its commit.
 */
async function guarded({ setup, guard, statements }) {
  let started = 0;
  const row = await db.transaction(async (tx) => {
    started = performance.now();
    for (const statement of setup) await tx.query(statement.text, statement.params);
    const [first] = (await tx.query(guard.text, guard.params)).rows;
    if (!first || first.proceed !== true) return first ?? null;
    for (const statement of statements) await tx.query(statement.text, statement.params);
    return first;
  });
  return { guard: row, heldMs: performance.now() - started };
}

async function handle(message) {
  switch (message.op) {
    case 'open':
      db = await PGlite.create(message.dataDir, {
        extensions: { pg_trgm },
        parsers: { [types.INT8]: (value) => Number(value) },
      });
      return null;
    case 'query':
      return (await on(message.tx).query(message.text, message.params)).rows;
    case 'many': {
      const target = on(message.tx);
      for (const statement of message.statements) await target.query(statement.text, statement.params);
      return null;
    }
    case 'exec':
      return (await db.exec(message.text)).map((result) => ({ rows: result.rows }));
    case 'guarded':
      return guarded(message);
    case 'begin':
      return begin();
    case 'end':
      return end(message.tx, message.commit);
    case 'listen':
      if (!listening.has(message.channel)) {
        const channel = message.channel;
        listening.set(channel, await db.listen(channel, (payload) => parentPort.postMessage({ channel, payload })));
      }
      return null;
    case 'unlisten': {
      const stop = listening.get(message.channel);
      listening.delete(message.channel);
      if (stop) await stop();
      return null;
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error('Unknown operation ' + message.op);
  }
}

/** An error as plain fields: the SQLSTATE and its details cross the thread, the class cannot. */
function plain(error) {
  const fields = { message: String((error && error.message) || error) };
  if (error && typeof error === 'object') {
    for (const key of Object.keys(error)) {
      const value = error[key];
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
    }
  }
  return fields;
}

function reply(id, ok, body) {
  try {
    parentPort.postMessage(ok ? { id, ok, result: body } : { id, ok, error: plain(body) });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: plain(error) });
  }
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => reply(message.id, true, result),
    (error) => reply(message.id, false, error),
  );
});
`;
