/**
 * `npm start`: the standalone product. Starts (or reuses) OpenSearch, loads the demo data once,
 * builds the browser app when its sources changed, and serves routes and app on PORT (5602).
 */
import { Client } from '@opensearch-project/opensearch';
import path from 'path';
import { APP_PATH } from '../common/constants';
import { consoleLogger } from '../server/standalone/console_logger';
import { loadOrCreateEncryptionKey } from '../server/standalone/encryption_key';
import { allowedHostsFromEnv } from '../server/standalone/allowed_hosts';
import { startStandaloneServer } from '../server/standalone/server';
import { settingsFromEnv } from '../server/standalone/settings_from_env';
import { buildUi } from './build_ui';
import { loadDemoData } from './demo/load_demo_data';
import { registerDemoCatalog } from './demo/register_demo_catalog';
import { ensureOpenSearch } from './opensearch';

const root = path.resolve(__dirname, '..');

async function main(): Promise<void> {
  const logger = consoleLogger();
  const env = settingsFromEnv(process.env);
  const settings = {
    ...env,
    encryptionKey:
      env.encryptionKey ?? loadOrCreateEncryptionKey(path.join(root, '.data', 'encryption.key')),
    // SQLite datasources may open the demo database and nothing else unless configured.
    sqliteDirectories: env.sqliteDirectories ?? [path.join(root, '.data', 'demo')],
  };
  const port = Number(process.env.PORT ?? 5602);
  const openSearch = await ensureOpenSearch({ log: (line) => logger.info(line) });
  logger.info(`OpenSearch ${openSearch.version} at ${openSearch.url}`);

  const demoSqlite = path.join(root, '.data', 'demo', 'investments.sqlite');
  const client = new Client({ node: openSearch.url });
  try {
    await loadDemoData(client, demoSqlite, (line) => logger.info(line));
  } finally {
    await client.close();
  }

  const { outDir } = await buildUi();
  const server = await startStandaloneServer({
    port,
    host: process.env.HOST ?? '127.0.0.1',
    allowedHosts: allowedHostsFromEnv(process.env),
    openSearchUrl: openSearch.url,
    uiDir: outDir,
    settings,
    logger,
  });
  await registerDemoCatalog(server.url, demoSqlite, (line) => logger.info(line));
  logger.info(`Federation is running at ${server.url}${APP_PATH}`);

  const shutdown = async () => {
    logger.info('shutting down');
    await server.close();
    if (!process.env.FEDERATION_KEEP_OPENSEARCH) await openSearch.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  process.stderr.write(`[start] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
