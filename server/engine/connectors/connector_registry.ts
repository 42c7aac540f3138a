import type { JdbcConfig } from '../../../common/catalog_types';
import type { Connector } from './connector';
import { namedConnector } from './named_connector';
import { createConnector, type ConnectorLimits } from './create_connector';
import type { ConnectionSpec } from './connection_spec';
import { parseDatasourceConfig } from './jdbc_url';
import {
  createSqliteHost,
  type SqliteHost,
  type SqliteHostOptions,
} from './sqlite/sqlite_connector';

interface PooledConnector {
  /** Changes whenever the stored datasource changes, so a stale pool is never reused. */
  revision: string;
  connector: Connector;
}

/**
 * Long-lived pools, one per datasource. Engines are built per request; pools must outlive them,
 * so the host owns one registry and closes it on shutdown.
 */
export class ConnectorRegistry {
  private readonly pools = new Map<string, PooledConnector>();

  /** SQLite worker processes and allowed files, shared by every SQLite datasource. */
  private readonly sqlite: SqliteHost;

  constructor(
    private readonly limits: ConnectorLimits,
    sqlite: SqliteHostOptions
  ) {
    this.sqlite = createSqliteHost(sqlite, limits);
  }

  /** The pooled connector of datasource `id` at `revision`, built from `jdbc` when new. */
  get(id: string, revision: string, jdbc: JdbcConfig): Connector {
    const pooled = this.pools.get(id);
    if (pooled && pooled.revision === revision) return pooled.connector;
    if (pooled) void pooled.connector.close().catch(() => undefined);
    const connector = namedConnector(
      id,
      createConnector(parseDatasourceConfig(jdbc), this.limits, this.sqlite)
    );
    this.pools.set(id, { revision, connector });
    return connector;
  }

  /** A connector for a one-off use (validation of unsaved settings); the caller closes it. */
  transient(jdbc: JdbcConfig): Connector {
    return createConnector(
      parseDatasourceConfig(jdbc),
      { ...this.limits, poolSize: 1 },
      this.sqlite
    );
  }

  /**
   * Refuses, with the same 400 a connection would give, a SQLite file outside the allowed
   * directories; checked on save so that such a datasource is never stored. A SQLite datasource
   * is refused (503) as well when the native driver cannot load on this Node.
   */
  async checkLocation(spec: ConnectionSpec): Promise<void> {
    if (spec.kind !== 'sqlite') return;
    this.sqlite.driver.assertAvailable();
    await this.sqlite.files.resolve(spec.file);
  }

  async evict(id: string): Promise<void> {
    const pooled = this.pools.get(id);
    this.pools.delete(id);
    await pooled?.connector.close();
  }

  async closeAll(): Promise<void> {
    const all = [...this.pools.values()];
    this.pools.clear();
    await Promise.allSettled(all.map((p) => p.connector.close()));
    await this.sqlite.pool.close();
  }
}
