import path from 'path';
import { defineConfig } from 'vitest/config';

/**
 * Five projects:
 * - unit: `*.test.ts` beside the code; no external service.
 * - ui: `*.test.tsx` under public/, React components rendered in jsdom with Testing Library; Monaco
 *   cannot run in jsdom, so the editor component is replaced by a textarea (the browser project
 *   runs the real one).
 * - integration: `*.integration.test.ts` beside the code or under test/; the test bed
 *   (OpenSearch, PostgreSQL, MariaDB) is started by the global setup.
 * - cluster: the same suites' representative files and `test/cluster/*.cluster.test.ts` on a
 *   3-node OpenSearch cluster (`npm run test:cluster`; `npm test` runs it after the others).
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
            '{common,server,public,scripts,bench}/**/*.test.ts',
            'test/graph/**/*.test.ts',
            'test/fuzz/**/*.test.ts',
            'test/support/**/*.test.ts',
          ],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        resolve: {
          alias: [
            // OUI's CommonJS build requires `@opensearch/datemath`, which npm never installs (OUI
            // ships it under packages/); its ES build goes through these aliases.
            {
              find: /^@elastic\/eui$/,
              replacement: path.resolve(__dirname, 'node_modules/@elastic/eui/es/index.js'),
            },
            {
              find: '@opensearch/datemath',
              replacement: path.resolve(
                __dirname,
                'node_modules/@elastic/eui/packages/opensearch-datemath'
              ),
            },
            {
              find: /^.*\/code_editor\/monaco_editor$/,
              replacement: path.resolve(__dirname, 'public/test_support/textarea_editor.tsx'),
            },
          ],
        },
        test: {
          name: 'ui',
          include: ['public/**/*.test.tsx'],
          environment: 'jsdom',
          // OUI renders a lot in jsdom; on two busy cores a flow test can pass 5 s.
          testTimeout: 30_000,
          setupFiles: ['public/test_support/setup.ts'],
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
          // A representative subset of the join, PIT and graph suites, and the cluster's own
          // tests (node loss, preference), on a 3-node cluster: `npm run test:cluster`, and
          // `npm test` after the other projects.
          name: 'cluster',
          include: [
            'test/cluster/**/*.cluster.test.ts',
            'test/joins/joins.integration.test.ts',
            'test/joins/pit.integration.test.ts',
            'test/joins/cross_backend_keys.integration.test.ts',
            'test/joins/preference.integration.test.ts',
            'test/integration/two_hosts.integration.test.ts',
            'test/graph/scenarios.integration.test.ts',
          ],
          globalSetup: ['test/cluster/cluster_setup.ts'],
          testTimeout: 180_000,
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
