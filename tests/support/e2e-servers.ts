/**
 * The browser suite runs in `E2E_WORKERS` Playwright workers (default 2), and each worker drives
 * its own server on its own embedded database: no spec sees another's prompts, accounts, mail or
 * rate-limit counters while it runs, so specs that count things or read the admin's queue stay
 * exact. Worker `i` (Playwright's parallel index: at most one live worker has it) uses port
 * `E2E_PORT + i` and data folder `E2E_DATA_DIR` (`-i` appended from the second on).
 */
export const e2eWorkers = Number(process.env.E2E_WORKERS ?? 2);
const basePort = Number(process.env.E2E_PORT ?? 4460);
const baseDataDir = process.env.E2E_DATA_DIR ?? `/tmp/promptory-e2e-${basePort}`;

export function e2eServer(index: number) {
  const port = basePort + index;
  return { port, url: `http://127.0.0.1:${port}`, dataDir: index === 0 ? baseDataDir : `${baseDataDir}-${index}` };
}

/** The server of the Playwright worker this runs in (Playwright sets TEST_PARALLEL_INDEX in each worker before it loads the config). */
export const ownE2eServer = () => e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
