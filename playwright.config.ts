import { defineConfig } from '@playwright/test';
import { chromiumPath, chromiumArgs } from './tests/support/chromium';
import { e2eServer, e2eWorkers, ownE2eServer } from './tests/support/e2e-servers';

/**
 * End-to-end tests against the production build, each worker on its own server and embedded
 * database in a fresh temporary DATA_DIR (tests/support/e2e-servers.ts). `E2E_PORT`,
 * `E2E_DATA_DIR` and `ASTRO_OUT_DIR` let parallel runs use their own.
 */
const outDir = process.env.ASTRO_OUT_DIR ?? 'dist';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // A spec file's tests run in order in one worker (some build on each other); files are spread over the workers.
  fullyParallel: false,
  workers: e2eWorkers,
  retries: 0,
  reporter: process.env.PW_REPORTER ?? 'list',
  use: {
    baseURL: ownE2eServer().url,
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    trace: 'off',
  },
  webServer: Array.from({ length: e2eWorkers }, (_, index) => {
    const { port, url, dataDir } = e2eServer(index);
    return {
      command: `rm -rf ${dataDir} && ASTRO_OUT_DIR=${outDir} node scripts/serve.mjs`,
      url: `${url}/api/categories`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_EMAIL: 'admin@promptory.test',
        PUBLIC_URL: url,
        // The whole suite comes from one address and sends one address many emails (the
        // enumeration test); those limits have their own tests (tests/integration/accounts-api).
        // Tests that count uses act as their own visitor (a use counts once per visitor per
        // prompt per day) by sending their own X-Forwarded-For, as behind one proxy.
        TRUST_PROXY: '1',
        RATE_LIMIT_REGISTER_PER_IP: '10000',
        RATE_LIMIT_REGISTER_PER_ACCOUNT: '10000',
        RATE_LIMIT_FORGOT_PER_IP: '10000',
        RATE_LIMIT_FORGOT_PER_ACCOUNT: '10000',
        // One account fills a page of the extension's My Prompts (20) to see the next one load.
        RATE_LIMIT_SUBMIT_PER_IP: '10000',
        RATE_LIMIT_SUBMIT_PER_ACCOUNT: '10000',
        // The digest spec waits for the daily digest: here it runs every minute (still one a day per person).
        DIGEST_CRON: '* * * * *',
        // The leaderboard spec moves the site's clock across a week boundary (src/server/clock.ts).
        TEST_CLOCK_FILE: `${dataDir}/clock`,
      },
    };
  }),
});
