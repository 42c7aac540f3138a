import type { JdbcConfig } from '../../../common/catalog_types';
import type { Connector } from './connector';
import { createConnector, type ConnectorLimits } from './create_connector';
import { parseDatasourceConfig } from './jdbc_url';

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

  constructor(private readonly limits: ConnectorLimits) {}

  /** The pooled connector of datasource `id` at `revision`, built from `jdbc` when new. */
  get(id: string, revision: string, jdbc: JdbcConfig): Connector {
    const pooled = this.pools.get(id);
    if (pooled && pooled.revision === revision) return pooled.connector;
    if (pooled) void pooled.connector.close().catch(() => undefined);
    const connector = createConnector(parseDatasourceConfig(jdbc), this.limits);
    this.pools.set(id, { revision, connector });
    return connector;
  }

  /** A connector for a one-off use (validation of unsaved settings); the caller closes it. */
  transient(jdbc: JdbcConfig): Connector {
    return createConnector(parseDatasourceConfig(jdbc), { ...this.limits, poolSize: 1 });
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
  }
}
