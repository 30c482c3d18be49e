import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './tests/support/worker-databases';

/**
 * `astro:middleware` resolved as Astro's own Vite config resolves it, so the integration
 * harness runs the production chain (src/middleware.ts) itself.
 */
const resolve = { alias: { 'astro:middleware': 'astro/virtual-modules/middleware.js' } };

export default defineConfig({
  resolve,
  test: {
    // Two files at a time: on this 2-core machine Vitest's default is one (cores - 1), and the
    // files mostly wait (servers, databases, timers), so the second core would sit idle. The
    // second worker gets a PostgreSQL cluster of its own (tests/support/worker-databases.ts).
    maxWorkers: TEST_WORKERS,
    globalSetup: ['tests/support/worker-databases.ts'],
    projects: [
      { resolve, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      {
        resolve,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files run two at a time (maxWorkers): each owns its ports (a unit test keeps the
          // offsets apart), its PostgreSQL schema and its data folders.
        },
      },
    ],
  },
});
