import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { PGliteLike } from 'pg-boss';
import type { Db, Sql, Statement } from '../../../events/sql';
import { PGLITE_THREAD_PROGRAM } from './pglite-thread';

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> & { message: string } };
type Notification = { channel: string; payload: string };

/**
 * PGlite in a thread of its own. In the server's thread, every query ran there too: its promise
 * settled without the event loop polling for I/O, and the statements' execution took the same
 * core as every request's parsing and rendering. A visitor waited behind an import's parts and
 * the projections' steps whenever they ran (decision 0042). Here a query is a message; while the
 * database works, the server's thread reads requests, renders pages and answers whatever does
 * not need the database.
 */
class PgliteThread {
  private readonly worker: Worker;
  private readonly calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextCall = 1;
  private failure: Error | undefined;

  constructor() {
    const require = createRequire(import.meta.url);
    this.worker = new Worker(PGLITE_THREAD_PROGRAM, {
      eval: true,
      // None of the server's flags: the program is CommonJS, which `--input-type=module` would change.
      execArgv: [],
      workerData: { pglite: require.resolve('@electric-sql/pglite'), pgTrgm: require.resolve('@electric-sql/pglite/contrib/pg_trgm') },
    });
    this.worker.on('message', (message: Reply | Notification) => {
      if ('channel' in message) {
        for (const listener of this.listeners.get(message.channel) ?? []) listener(message.payload);
        return;
      }
      const call = this.calls.get(message.id);
      if (!call) return;
      this.calls.delete(message.id);
      if (this.calls.size === 0) this.worker.unref();
      if (message.ok) call.resolve(message.result);
      else call.reject(Object.assign(new Error(message.error.message), message.error));
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`PGlite's thread ended (exit code ${code})`)));
  }

  call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextCall++;
    return new Promise<T>((resolve, reject) => {
      // The thread keeps the process alive only while a call waits for it, as PGlite in the
      // server's thread did: a script that ends without closing the database still ends.
      if (this.calls.size === 0) this.worker.ref();
      this.calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.worker.postMessage({ ...message, id });
      } catch (error) {
        this.calls.delete(id);
        if (this.calls.size === 0) this.worker.unref();
        reject(error as Error);
      }
    });
  }

  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    const listeners = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, listeners);
    listeners.add(listener);
    if (listeners.size === 1) await this.call({ op: 'listen', channel });
    return async () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.listeners.get(channel) === listeners) {
        this.listeners.delete(channel);
        await this.call({ op: 'unlisten', channel });
      }
    };
  }

  async close(): Promise<void> {
    try {
      await this.call({ op: 'close' });
    } finally {
      this.failure ??= new Error('The database is closed');
      await this.worker.terminate();
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const call of this.calls.values()) call.reject(error);
    this.calls.clear();
  }
}

export async function openPglite(dataDir: string | undefined): Promise<{ db: Db; boss: PGliteLike }> {
  const thread = new PgliteThread();
  try {
    await thread.call({ op: 'open', dataDir: dataDir ? `file://${dataDir}` : undefined });
  } catch (error) {
    await thread.close().catch(() => {});
    throw error;
  }
  const on = (tx?: number): Sql => ({
    query: <T>(text: string, params?: readonly unknown[]) => thread.call<T[]>({ op: 'query', tx, text, params }),
    many: async (statements: readonly Statement[]) => {
      if (statements.length) await thread.call({ op: 'many', tx, statements: statements.map(({ text, params }) => ({ text, params })) });
    },
  });
  const db: Db = {
    kind: 'pglite',
    schema: 'public',
    ...on(),
    // PGlite has one connection and runs a transaction exclusively; calling `db.query`
    // from inside `fn` would wait for the transaction itself, so use `tx`.
    transaction: async (fn) => {
      const tx = await thread.call<number>({ op: 'begin' });
      let result;
      try {
        result = await fn(on(tx));
      } catch (error) {
        // The caller's error is the one to see; a rollback that fails ends with the thread.
        await thread.call({ op: 'end', tx, commit: false }).catch(() => {});
        throw error;
      }
      await thread.call({ op: 'end', tx, commit: true });
      return result;
    },
    guardedWrite: ({ setup = [], guard, statements }) =>
      thread.call({
        op: 'guarded',
        setup: setup.map(({ text, params }) => ({ text, params })),
        guard: { text: guard.text, params: guard.params },
        statements: statements.map(({ text, params }) => ({ text, params })),
      }),
    close: () => thread.close(),
  };
  // pg-boss's own adapter for PGlite, given the calls it makes (fromPglite).
  const boss: PGliteLike = {
    query: async <T>(text: string, params?: unknown[]) => ({ rows: await thread.call<T[]>({ op: 'query', text, params }) }),
    exec: (text: string) => thread.call<Array<{ rows: unknown[] }>>({ op: 'exec', text }),
    listen: (channel, callback) => thread.listen(channel, callback),
  };
  return { db, boss };
}
