import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { register } from '../../modules/accounts';
import { submitPrompt } from '../../modules/prompts';
import { createCollection } from '../../modules/collections';
import { projections } from '../../projections';
import { createApp, type App } from '../../src/server/app';
import { backup, restore } from '../../scripts/backup-lib';
import { backends, settleAll } from '../support/backends';

/**
 * `npm run backup` / `npm run restore`: a backup restored into a new database holds
 * the same log, and replaying that log gives the same read models as the original's.
 */
async function readModels(app: App) {
  const out: Record<string, unknown[]> = {};
  for (const p of projections) for (const table of p.tables) out[table] = await app.db.query(`select * from "${table}" order by 1`);
  return out;
}

describe.each(backends)('backup and restore on $name', (backend) => {
  const { config, cleanup } = backend.fresh();
  const dir = mkdtempSync(join(tmpdir(), 'promptory-backup-'));
  const restoreDb = `promptory_restore_${process.pid}_${Date.now().toString(36)}`;
  const admin = config.databaseUrl ? () => postgres(config.databaseUrl!, { max: 1, onnotice: () => {} }) : null;
  afterAll(async () => {
    await cleanup();
    rmSync(dir, { recursive: true, force: true });
    if (admin) {
      const sql = admin();
      await sql.unsafe(`drop database if exists "${restoreDb}" with (force)`);
      await sql.end();
    }
  });

  it('restores a backup into a new database whose replay equals the original read models', async () => {
    // No demo seed (it takes most of a minute on PGlite on a busy machine): a few events of several kinds.
    const app = await createApp({ ...config, seed: false }, { boss: false, log: () => {} });
    let original: Record<string, unknown[]>;
    let events: number;
    try {
      const meta = () => ({ actor: 1, requestId: 'backup', at: new Date().toISOString() });
      const registered = await register(app.store, { name: 'Backed Up', email: 'backup@example.com' }, meta());
      const userId = registered.outcome.kind === 'exists' ? 1 : registered.outcome.userId;
      const prompt = { title: 'Backed up', description: 'A prompt in the backup.', content: 'Say hello.', categoryId: 1, authorName: 'B' };
      await submitPrompt(app.store, { ...prompt, isFeatured: false, isEditorsPick: false }, { userId, isAdmin: false }, meta());
      await createCollection(app.store, userId, { name: 'Backed up', description: null, isPublic: true }, meta());
      await settleAll(app);
      original = await readModels(app);
      events = await app.store.count();
    } finally {
      await app.close();
    }
    const file = join(dir, backend.name === 'postgres' ? 'backup.pgdump' : 'backup.tar.gz');
    await backup(config, file);

    let target = { ...config, dataDir: join(dir, 'restored') };
    if (config.databaseUrl) {
      const sql = admin!();
      await sql.unsafe(`create database "${restoreDb}"`);
      await sql.end();
      const url = new URL(config.databaseUrl);
      url.pathname = `/${restoreDb}`;
      target = { ...target, databaseUrl: url.toString() };
    }
    await restore(target, file);

    const restored = await createApp({ ...target, seed: false }, { boss: false, log: () => {} });
    try {
      expect(await restored.store.count()).toBe(events);
      for (const p of projections) await restored.runner.rebuild(p.name);
      expect(await readModels(restored)).toEqual(original);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
