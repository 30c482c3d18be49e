import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** The production build the test runner made (scripts/test-all.mjs builds it first). */
export const builtOutDir = process.env.ASTRO_OUT_DIR ?? 'dist-test';
export const builtEntry = join(builtOutDir, 'server', 'entry.mjs');
export const hasBuild = () => existsSync(builtEntry);

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * A port for a test server: `offset` above `TEST_PORT_BASE` (default 4470), so that test runs
 * in two checkouts on one machine do not collide.
 */
export const testPort = (offset: number) => Number(process.env.TEST_PORT_BASE ?? 4470) + offset;

/**
 * Starts the built server on its own port and data folder and waits until it answers.
 * `script`: what runs it (scripts/serve.mjs, or a test's wrapper around it).
 */
export async function startServer(env: Record<string, string>, port: number, script = 'scripts/serve.mjs'): Promise<RunningServer> {
  if (!hasBuild()) throw new Error(`No build at ${builtEntry}: run \`npm test\` (it builds first) or \`ASTRO_OUT_DIR=dist-test npx astro build\`.`);
  // A new PGlite folder starts as a copy of the migrated template (tests/support/pglite-template.ts); a restart keeps its own.
  if (env.DATA_DIR && !env.DATABASE_URL && !process.env.DATABASE_URL && !existsSync(join(env.DATA_DIR, 'pglite'))) {
    const { pgliteTemplate } = await import('./pglite-template');
    cpSync(await pgliteTemplate(), env.DATA_DIR, { recursive: true });
  }
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, script], {
    // PUBLIC_URL is the address the tests call, so the same-origin check accepts their writes.
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ASTRO_OUT_DIR: builtOutDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const response = await fetch(`${url}/api/categories`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    process: child,
    output: () => log,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}
