/**
 * The installable zip, built once (a production npm install takes a while) for a non-default OSD
 * version, unpacked, checked file by file, then loaded the way OSD loads it: the compiled server
 * entry required from plain JavaScript, resolving modules only from the zip's node_modules, and
 * driven through the OSD harness with a real OpenSearch client (the zip's own copy), both in this
 * Node and in the Node that OSD version runs (Node 22 from the npm registry), where SQLite must
 * work out of the zip.
 */
import { execFile } from 'child_process';
import { mkdtemp, readFile, rm } from 'fs/promises';
import { createRequire } from 'module';
import os from 'os';
import path from 'path';
import { promisify } from 'util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlugin, type PluginBuildResult } from '../../scripts/build_plugin';
import { buildOsdBundle, OSD_BUNDLE_FILE } from '../../scripts/build_ui';
import { ensureTargetNode } from '../../scripts/target_node';
import type { HandlerContext } from '../../server/http/router_contract';
import type { PluginInitializerContext } from '../../server/osd_types';
import { openSearchUrl, uniqueName } from '../bed/context';
import { createOsdHarness } from '../osd/osd_harness';
import { unzip } from './unzip';
import { createRecordingSavedObjectsClient } from '../osd/saved_objects_client';

const OSD_VERSION = '3.7.0';
const PLUGIN = 'opensearch-dashboards/federation';
const ROOT = path.resolve(__dirname, '..', '..');
const run = promisify(execFile);

interface UnpackedServer {
  plugin(context: PluginInitializerContext): {
    setup(core: unknown): Promise<unknown>;
    start(core: unknown): unknown;
    stop(): Promise<void>;
  };
}

interface UnpackedClient {
  index(params: object): Promise<unknown>;
  indices: { delete(params: object, options: object): Promise<unknown> };
  close(): Promise<void>;
}

describe('the plugin zip', () => {
  let workDir: string;
  let build: PluginBuildResult;
  let names: string[];
  let pluginDir: string;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'federation-zip-test-'));
    build = await buildPlugin({ osdVersion: OSD_VERSION, outDir: workDir });
    const unpacked = path.join(workDir, 'unpacked');
    names = await unzip(build.zipPath, unpacked);
    pluginDir = path.join(unpacked, PLUGIN);
  }, 600_000);

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('is named for the OSD version and has OSD’s plugin layout', () => {
    expect(path.basename(build.zipPath)).toBe(`federation-${OSD_VERSION}.zip`);
    expect(names.every((name) => name.startsWith(`${PLUGIN}/`))).toBe(true);
    for (const file of [
      'opensearch_dashboards.json',
      'package.json',
      'server/index.js',
      'server/plugin.js',
      'server/engine/connectors/sqlite/sqlite_worker.js',
      'common/constants.js',
      'target/public/federation.plugin.js',
      'node_modules/zod/package.json',
    ]) {
      expect(names).toContain(`${PLUGIN}/${file}`);
    }
  });

  it('ships exactly the OSD bundle the browser test loads (test/e2e/osd_bundle.e2e.test.ts)', async () => {
    // esbuild is deterministic: a fresh build of the same sources must equal the zip's bytes, so
    // what the browser test proves of a fresh bundle holds for the one users install.
    const fresh = path.join(workDir, 'fresh-bundle');
    await buildOsdBundle({ outDir: fresh, force: true });
    const shipped = await readFile(path.join(pluginDir, 'target', 'public', OSD_BUNDLE_FILE));
    expect(shipped.equals(await readFile(path.join(fresh, OSD_BUNDLE_FILE)))).toBe(true);
  });

  it('stamps the target OSD version in the manifest and package.json', async () => {
    const manifest = JSON.parse(
      await readFile(path.join(pluginDir, 'opensearch_dashboards.json'), 'utf8')
    ) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      id: 'federation',
      version: OSD_VERSION,
      opensearchDashboardsVersion: OSD_VERSION,
      server: true,
      ui: true,
    });
    const pkg = JSON.parse(await readFile(path.join(pluginDir, 'package.json'), 'utf8')) as {
      version: string;
      devDependencies?: unknown;
    };
    expect(pkg.version).toBe(OSD_VERSION);
    expect(pkg.devDependencies).toBeUndefined();
  });

  it('holds no tests, type declarations, TypeScript or public sources', () => {
    const own = names.filter((name) => !name.startsWith(`${PLUGIN}/node_modules/`));
    expect(own.filter((name) => /\.test\.|test_support|\.d\.ts$|\.tsx?$/.test(name))).toEqual([]);
    expect(own.filter((name) => name.startsWith(`${PLUGIN}/public/`))).toEqual([]);
  });

  it('installs no dev dependency', async () => {
    const root = JSON.parse(await readFile('package.json', 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    const installed = new Set(
      names
        .map((name) => /node_modules\/((?:@[^/]+\/)?[^/]+)\/package\.json$/.exec(name)?.[1])
        .filter((name): name is string => name !== undefined)
    );
    for (const dev of ['vitest', 'react', '@elastic/eui', 'esbuild', 'typescript', 'yazl']) {
      expect(root.devDependencies[dev]).toBeDefined();
      expect(installed.has(dev)).toBe(false);
    }
  });

  it('serves search, datasource and saved-query requests from the unpacked JavaScript', async () => {
    const fromPlugin = createRequire(path.join(pluginDir, 'server', 'index.js'));
    // Modules resolve inside the zip's node_modules, never the project's.
    for (const dependency of ['zod', 'pg', '@opensearch-project/opensearch']) {
      expect(fromPlugin.resolve(dependency).startsWith(path.join(pluginDir, 'node_modules'))).toBe(
        true
      );
    }
    const { Client } = fromPlugin('@opensearch-project/opensearch') as {
      Client: new (options: { node: string }) => UnpackedClient;
    };
    const client = new Client({ node: openSearchUrl() });
    const index = uniqueName('zip');
    await client.index({ index, id: '1', body: { title: 'from the zip' }, refresh: true });

    const server = fromPlugin('./index.js') as UnpackedServer;
    const harness = createOsdHarness({ enabled: true });
    const instance = server.plugin(harness.initializerContext);
    try {
      await instance.setup(harness.core);
      instance.start({ opensearch: { client: { asInternalUser: client } } });
      const saved = createRecordingSavedObjectsClient();
      const context = {
        core: {
          opensearch: { client: { asCurrentUser: client, asInternalUser: client } },
          savedObjects: { client: saved.client },
        },
      } as unknown as HandlerContext;
      const json = (body: unknown) => Buffer.from(JSON.stringify(body));

      const search = await harness.invoke(
        'post',
        '/svc/{index}/_search',
        { params: { index }, body: json({ query: { match_all: {} } }) },
        context
      );
      expect(search.status).toBe(200);
      expect(search.body).toMatchObject({ hits: { total: { value: 1 } } });

      // better-sqlite3 is built for OSD 3.7's Node 22: in another Node SQLite is refused, clearly.
      const sameAbi = build.targetNode.split('.')[0] === process.versions.node.split('.')[0];
      const sqlite = await harness.invoke(
        'put',
        '/_svc/connector/datasource/{id}',
        {
          params: { id: uniqueName('zip-sqlite') },
          body: json({ jdbc: { driver: 'org.sqlite.JDBC', url: 'jdbc:sqlite::memory:' } }),
        },
        context
      );
      expect(sqlite.status).toBe(sameAbi ? 201 : 503);
      if (!sameAbi) expect(JSON.stringify(sqlite.body)).toContain('NODE_MODULE_VERSION');

      const postgresId = uniqueName('zip-pg');
      const postgres = await harness.invoke(
        'put',
        '/_svc/connector/datasource/{id}',
        {
          params: { id: postgresId },
          body: json({
            jdbc: {
              driver: 'org.postgresql.Driver',
              url: 'jdbc:postgresql://127.0.0.1:5432/test',
              username: 'postgres',
            },
          }),
        },
        context
      );
      expect(postgres.status).toBe(201);
      await harness.invoke(
        'delete',
        '/_svc/connector/datasource/{id}',
        { params: { id: postgresId } },
        context
      );

      const queryId = uniqueName('zip-query');
      const savedQuery = await harness.invoke(
        'put',
        '/_svc/graph/query/{id}',
        {
          params: { id: queryId },
          body: json({
            title: 'zip',
            query: 'SELECT c.title FROM "g" MATCH (c:Doc)',
            model: { label: 'g', entities: [{ label: 'Doc', indices: [index] }] },
          }),
        },
        context
      );
      expect(savedQuery.status).toBe(201);
      expect(saved.calls.map((call) => call.method)).toContain('create');
    } finally {
      await instance.stop();
      await client.indices.delete({ index }, { ignore: [404] });
      await client.close();
    }
  });
  it('answers a search on a SQLite virtual index under the Node its OSD runs', async (ctx) => {
    if ('notBuilt' in build.sqlite) {
      const reason = `better-sqlite3 was not built for Node ${build.targetNode}: ${build.sqlite.notBuilt}`;
      if (process.env.CI === 'true') throw new Error(`CI=true and ${reason}`);
      return ctx.skip(reason);
    }
    expect(build.sqlite.builtFor).toBe('22.22.3');
    const node = await ensureTargetNode(build.targetNode);
    const { stdout } = await run(
      node.nodeBinary,
      [
        '--import',
        'tsx',
        path.join(__dirname, 'sqlite_on_target_node.ts'),
        pluginDir,
        openSearchUrl(),
        uniqueName('zip-node22'),
      ],
      { cwd: ROOT, timeout: 120_000 }
    );
    const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
      node: string;
      modules: string;
      answers: Record<string, { status: number; body: unknown }>;
    };
    expect(result.node).toBe('v22.22.3');
    expect(result.modules).toBe('127');
    const { answers } = result;
    expect(answers.datasource.status, JSON.stringify(answers.datasource.body)).toBe(201);
    expect(answers.virtualIndex.status, JSON.stringify(answers.virtualIndex.body)).toBe(201);
    expect(answers.search.status, JSON.stringify(answers.search.body)).toBe(200);
    const hits = (answers.search.body as { hits: { hits: Array<{ _source: unknown }> } }).hits.hits;
    expect(hits.map((hit) => hit._source)).toEqual([
      { id: 2, name: 'Bob' },
      { id: 3, name: 'Cy' },
    ]);
    expect(answers.deleteIndex.status).toBe(200);
    expect(answers.deleteDatasource.status).toBe(200);
  }, 180_000);
});
