import { defineConfig } from '@playwright/test';
import { chromiumPath, chromiumArgs } from './tests/support/chromium';

/**
 * End-to-end tests against the production build on an embedded database in a fresh
 * temporary DATA_DIR. `E2E_PORT` / `ASTRO_OUT_DIR` let parallel runs use their own.
 */
const port = Number(process.env.E2E_PORT ?? 4460);
const outDir = process.env.ASTRO_OUT_DIR ?? 'dist';
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/promptory-e2e-${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.PW_REPORTER ?? 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    trace: 'off',
  },
  webServer: {
    command: `rm -rf ${dataDir} && ASTRO_OUT_DIR=${outDir} node scripts/serve.mjs`,
    url: `http://127.0.0.1:${port}/api/categories`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'admin@promptory.test',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
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
    },
  },
});
