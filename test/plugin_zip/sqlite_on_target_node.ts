/**
 * Run by plugin_zip.integration.test.ts in a child process under the Node the target OSD runs
 * (Node 22 for 3.5+, from the npm registry: scripts/target_node.ts), with tsx as its loader:
 * `node --import tsx sqlite_on_target_node.ts <pluginDir> <openSearchUrl> <name>`.
 *
 * It does what OSD would with the unpacked zip on that Node: requires the compiled server (its
 * modules from the zip's node_modules only), runs setup/start under the OSD stand-in, and sends a
 * SQLite datasource, a virtual index on it and a search through the registered handlers, so the
 * zip's better-sqlite3 is loaded and queried by this Node in the host's SQLite worker processes
 * (forked with this same Node). Prints one JSON line with what the routes answered.
 */
import { mkdtempSync, rmSync } from 'fs';
import { createRequire } from 'module';
import { tmpdir } from 'os';
import path from 'path';
import type { HandlerContext } from '../../server/http/router_contract';
import type { PluginInitializerContext } from '../../server/osd_types';
import { createOsdHarness } from '../osd/osd_harness';
import { createRecordingSavedObjectsClient } from '../osd/saved_objects_client';

interface UnpackedServer {
  plugin(context: PluginInitializerContext): {
    setup(core: unknown): Promise<unknown>;
    start(core: unknown): unknown;
    stop(): Promise<void>;
  };
}

interface UnpackedClient {
  close(): Promise<void>;
}

type Database = new (file: string) => {
  exec(sql: string): void;
  close(): void;
};

async function main(): Promise<void> {
  const [pluginDir, openSearchUrl, name] = process.argv.slice(2);
  const fromPlugin = createRequire(path.join(pluginDir, 'server', 'index.js'));
  const dir = mkdtempSync(path.join(tmpdir(), 'federation-zip-node-'));
  const file = path.join(dir, 'people.sqlite');
  // The zip's own addon writes the file: it must load in this Node to get this far.
  const SqliteDatabase = fromPlugin('better-sqlite3') as Database;
  const db = new SqliteDatabase(file);
  db.exec(`CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT);
    INSERT INTO people VALUES (1, 'Ada'), (2, 'Bob'), (3, 'Cy');`);
  db.close();

  const { Client } = fromPlugin('@opensearch-project/opensearch') as {
    Client: new (options: { node: string }) => UnpackedClient;
  };
  const client = new Client({ node: openSearchUrl });
  const server = fromPlugin('./index.js') as UnpackedServer;
  const harness = createOsdHarness({ enabled: true, sqliteDirectories: [dir] });
  const instance = server.plugin(harness.initializerContext);
  const context = {
    core: {
      opensearch: { client: { asCurrentUser: client, asInternalUser: client } },
      savedObjects: { client: createRecordingSavedObjectsClient().client },
    },
  } as unknown as HandlerContext;
  const json = (body: unknown) => Buffer.from(JSON.stringify(body));
  const datasource = `${name}-ds`;
  const index = `${name}-people`;
  const answers: Record<string, { status: number; body: unknown }> = {};
  try {
    await instance.setup(harness.core);
    instance.start({ opensearch: { client: { asInternalUser: client } } });
    const call = async (
      key: string,
      method: 'put' | 'post' | 'delete',
      route: string,
      request: object
    ) => {
      const { status, body } = await harness.invoke(method, route, request, context);
      answers[key] = { status, body };
    };
    await call('datasource', 'put', '/_svc/connector/datasource/{id}', {
      params: { id: datasource },
      body: json({ jdbc: { driver: 'org.sqlite.JDBC', url: `jdbc:sqlite:${file}` } }),
    });
    await call('virtualIndex', 'put', '/_svc/connector/index/{id}', {
      params: { id: index },
      body: json({ datasource, resource: 'people', key: 'id' }),
    });
    await call('search', 'post', '/svc/{index}/_search', {
      params: { index },
      body: json({ query: { range: { id: { gte: 2 } } }, sort: [{ id: 'asc' }] }),
    });
    await call('deleteIndex', 'delete', '/_svc/connector/index/{id}', { params: { id: index } });
    await call('deleteDatasource', 'delete', '/_svc/connector/datasource/{id}', {
      params: { id: datasource },
    });
  } finally {
    await instance.stop();
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(
    `${JSON.stringify({ node: process.version, modules: process.versions.modules, answers })}\n`
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
