import { resolve } from 'node:path';

/** Every setting the product reads, from the environment (documented in README.md). */
export interface Config {
  databaseUrl: string | undefined;
  /** Schema for our tables on PostgreSQL (tests use one per run). */
  databaseSchema: string;
  dataDir: string;
  adminEmail: string | undefined;
  /** In-process projection workers; 0 leaves projection work to `npm run worker` processes. */
  workers: number;
  /** Seed demo content into an empty database. */
  seed: boolean;
  smtpUrl: string | undefined;
  /** Public origin used in emailed links. */
  publicUrl: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT ?? '4321';
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || 'public',
    dataDir: resolve(env.DATA_DIR || './data'),
    adminEmail: env.ADMIN_EMAIL?.trim().toLowerCase() || undefined,
    workers: env.WORKERS === undefined || env.WORKERS === '' ? 1 : Math.max(0, Number(env.WORKERS) || 0),
    seed: env.SEED !== '0',
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
  };
}
