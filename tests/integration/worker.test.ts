import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compareCheckpoints, type Checkpoint, type EventMetadata } from '../../events';
import { submitPrompt } from '../../modules/prompts';
import type { App } from '../../src/server/app';
import { backends, freshApp } from '../support/backends';

const meta = (): EventMetadata => ({ actor: null, requestId: 'worker-test', at: new Date().toISOString() });
const submission = {
  title: 'Worker wake-up check',
  description: 'A prompt appended without settling, for the worker to project.',
  content: 'Content long enough for the contract.',
  categoryId: 1,
  authorName: 'Tester',
  isFeatured: false,
  isEditorsPick: false,
};

async function reaches(app: App, target: Checkpoint, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const checkpoint = await app.runner.checkpoint('catalog');
    if (checkpoint && compareCheckpoints(checkpoint, target) >= 0) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe.each(backends)('projection worker on $name', (backend) => {
  it('projects an append it was woken for, without the writer catching up itself', async () => {
    const app = await freshApp(backend, { workers: 1 }, { boss: true, log: () => {} });
    try {
      const appended = await submitPrompt(app.store, submission, { userId: 9, isAdmin: false }, meta());
      // The periodic sweep runs every 5 s; the pg-boss wake-up must be much faster.
      expect(await reaches(app, appended.last!, 2000)).toBe(true);
      // PGlite's process is the only one that can run its projections: it runs them at once,
      // without queueing a job (three statements) on the connection every visitor waits for.
      const schema = backend.name === 'pglite' || app.config.databaseSchema === 'public' ? 'pgboss' : `pgboss_${app.config.databaseSchema}`;
      const [jobs] = await app.db.query<{ n: number }>(`select count(*)::int as n from "${schema}".job where name = 'project-catalog'`);
      if (backend.name === 'pglite') expect(jobs.n).toBe(0);
      else expect(jobs.n).toBeGreaterThan(0);
    } finally {
      await app.dispose();
    }
  });
});

describe.runIf(backends.some((b) => b.name === 'postgres'))('separate worker processes on postgres', () => {
  it('with WORKERS=0 the web side only wakes; `npm run worker` does the projecting', async () => {
    const backend = backends.find((b) => b.name === 'postgres')!;
    const app = await freshApp(backend, { workers: 0 }, { boss: true, log: () => {} });
    const worker = spawn('npx', ['tsx', 'scripts/worker.ts'], {
      env: { ...process.env, DATABASE_URL: app.config.databaseUrl, DATABASE_SCHEMA: app.config.databaseSchema, SEED: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    worker.stdout!.on('data', (d) => (output += d));
    worker.stderr!.on('data', (d) => (output += d));
    try {
      const first = await submitPrompt(app.store, submission, { userId: 9, isAdmin: false }, meta());
      expect(await reaches(app, first.last!, 500)).toBe(false); // nobody projects in this process
      const started = Date.now();
      while (!output.includes('projection worker running') && Date.now() - started < 30_000) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(output).toContain('projection worker running');
      expect(await reaches(app, first.last!, 5000)).toBe(true); // drained on start
      const second = await submitPrompt(app.store, submission, { userId: 9, isAdmin: false }, meta());
      expect(await reaches(app, second.last!, 2000)).toBe(true); // woken through pg-boss
    } finally {
      try {
        process.kill(-worker.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      await app.dispose();
    }
  });
});
