import { defineConfig } from 'vitest/config';

/**
 * Three projects:
 * - unit: `*.test.ts(x)` beside the code; no external service.
 * - integration: `*.integration.test.ts` beside the code or under test/; the test bed
 *   (OpenSearch, PostgreSQL, MariaDB) is started by the global setup.
 * - browser: `test/e2e/*.e2e.test.ts`; real Chromium against the standalone host.
 */
const integrationSetup = ['test/bed/global_setup.ts'];

export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default'] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            '{common,server,public,scripts,bench}/**/*.test.{ts,tsx}',
            'test/graph/**/*.test.ts',
            'test/fuzz/**/*.test.ts',
          ],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{server,test,scripts}/**/*.integration.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: integrationSetup,
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/e2e/**/*.e2e.test.ts'],
          globalSetup: integrationSetup,
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
