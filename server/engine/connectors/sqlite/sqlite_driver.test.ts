import { describe, expect, it } from 'vitest';
import { ConnectorRegistry } from '../connector_registry';
import { DEFAULT_CONNECTOR_LIMITS } from '../connector_limits';
import { parseDatasourceConfig } from '../jdbc_url';
import { SqliteConnector, createSqliteHost } from './sqlite_connector';
import { SqliteDriver } from './sqlite_driver';

/** What Node says when an addon was compiled for Node 20 and is loaded by Node 22. */
const ABI_MISMATCH =
  "The module 'better_sqlite3.node' was compiled against a different Node.js version using " +
  'NODE_MODULE_VERSION 115. This version of Node.js requires NODE_MODULE_VERSION 127.';

function failingLoader(): { load: () => void; calls: () => number } {
  let calls = 0;
  return {
    load: () => {
      calls += 1;
      throw new Error(ABI_MISMATCH);
    },
    calls: () => calls,
  };
}

async function failure(work: Promise<unknown>) {
  try {
    await work;
  } catch (err) {
    return err as { status: number; type: string; reason: string };
  }
  throw new Error('expected a failure');
}

describe('a better-sqlite3 that cannot load on this Node', () => {
  it('answers every SQLite use with a 503 naming the Node ABI mismatch, checked once', () => {
    const loader = failingLoader();
    const driver = new SqliteDriver(loader.load);
    for (let i = 0; i < 2; i++) {
      expect(() => driver.assertAvailable()).toThrow(
        expect.objectContaining({
          status: 503,
          type: 'sqlite_unavailable_exception',
          reason: expect.stringContaining(`NODE_MODULE_VERSION ${process.versions.modules}`),
        })
      );
    }
    expect(loader.calls()).toBe(1);
  });

  it('refuses statements of a SQLite connector without starting a worker process', async () => {
    const host = createSqliteHost(
      { workers: 1, directories: null, loadDriver: failingLoader().load },
      DEFAULT_CONNECTOR_LIMITS
    );
    const sqlite = new SqliteConnector(
      { kind: 'sqlite', file: ':memory:' },
      DEFAULT_CONNECTOR_LIMITS,
      host
    );
    const error = await failure(sqlite.query('SELECT 1', []));
    expect(error.status).toBe(503);
    expect(error.reason).toContain('compiled against a different Node.js version');
    expect(error.reason).toContain('npm rebuild better-sqlite3');
    expect(host.pool.options.size).toBe(1);
    await host.pool.close();
  });

  it('refuses saving a SQLite datasource but not a PostgreSQL one', async () => {
    const registry = new ConnectorRegistry(DEFAULT_CONNECTOR_LIMITS, {
      workers: 1,
      directories: null,
      loadDriver: failingLoader().load,
    });
    const sqlite = parseDatasourceConfig({
      driver: 'org.sqlite.JDBC',
      url: 'jdbc:sqlite::memory:',
    });
    const postgres = parseDatasourceConfig({
      driver: 'org.postgresql.Driver',
      url: 'jdbc:postgresql://127.0.0.1:5432/test',
    });
    expect((await failure(registry.checkLocation(sqlite))).status).toBe(503);
    await expect(registry.checkLocation(postgres)).resolves.toBeUndefined();
    await registry.closeAll();
  });

  it('loads on this Node, where the project installed it', () => {
    expect(() => new SqliteDriver().assertAvailable()).not.toThrow();
  });
});
