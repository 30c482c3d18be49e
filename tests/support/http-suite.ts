import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Backend } from './backends';
import { cookieClient, signedInClient } from './http-client';
import { startServer, testPort, type RunningServer } from './server';

/**
 * The production build served on one backend for a `describe` block, over real HTTP: the
 * admin's email set and a data folder of its own (the outbox of emailed sign-in links lives
 * there on both backends). Started before the block's own `beforeAll`, stopped and its
 * schema and folder removed after. `ports`: the offsets above TEST_PORT_BASE on PGlite and on
 * PostgreSQL (each file its own, so files run side by side).
 */
export function serverPerSuite(backend: Backend, ports: { pglite: number; postgres: number }, adminEmail: string) {
  const { config, cleanup } = backend.fresh();
  const dataDir = backend.name === 'pglite' ? config.dataDir : mkdtempSync(join(tmpdir(), 'promptory-http-'));
  const env: Record<string, string> = {
    ADMIN_EMAIL: adminEmail,
    DATA_DIR: dataDir,
    ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl, DATABASE_SCHEMA: config.databaseSchema! } : {}),
  };
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(env, testPort(ports[backend.name]));
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const url = () => server!.url;
  return {
    /** A visitor with a cookie jar. */
    visitor: () => cookieClient(url),
    /** Someone signed in by the emailed link (the admin when `email` is the admin's). */
    signIn: (email: string, name: string) => signedInClient(url, dataDir, email, name, adminEmail),
  };
}

/**
 * The production build on a data folder of its own (named after `name`) for a `describe` block:
 * started before the block's own `beforeAll`, stopped and its folder removed after. `stop` and
 * `start` let a test read the folder while no server holds it.
 */
export function builtServerPerSuite(name: string, portOffset: number) {
  const dataDir = mkdtempSync(join(tmpdir(), `promptory-${name}-`));
  let server: RunningServer | undefined;
  const start = async () => {
    server = await startServer({ DATA_DIR: dataDir }, testPort(portOffset));
  };
  beforeAll(start);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir, url: () => server!.url, start, stop: () => server!.stop() };
}
