import { DATASOURCE_INDEX, VIRTUAL_INDEX_INDEX } from '../../common/catalog_types';
import { CatalogCache } from './catalog/catalog_cache';
import { CatalogHints } from './catalog/catalog_hints';
import { DATASOURCE_PROPERTIES, VIRTUAL_INDEX_PROPERTIES } from './catalog/catalog_mappings';
import { CatalogStore, type StoredDocument } from './catalog/catalog_store';
import type { StoredDatasource } from './catalog/datasource_service';
import { SecretBox } from './catalog/secret_box';
import type { StoredVirtualIndex } from './catalog/virtual_index_service';
import { ConnectorRegistry } from './connectors/connector_registry';
import { OpenSearchGateway } from './opensearch/opensearch_gateway';
import type { OpenSearchTransportClient } from './opensearch/transport';
import { PitStateStore } from './pit/pit_state_store';
import { SystemAliases } from './search/system_indices';
import { ReadCheckCache } from './catalog/read_check_cache';
import { FieldCapsCache } from './catalog/field_caps_cache';
import type { FederationSettings } from './settings';

/**
 * What outlives a request: connection pools, the secret box, and the catalog stores (which talk
 * to OpenSearch as the server itself). The host builds one at start and closes it at stop.
 */
export class FederationRuntime {
  readonly connectors: ConnectorRegistry;
  readonly secrets: SecretBox;
  readonly datasourceStore: CatalogStore<StoredDatasource>;
  readonly virtualIndexStore: CatalogStore<StoredVirtualIndex>;
  /** PIT states, with this process's bounded cache of their decoded filters (pitFilterCacheBytes). */
  readonly pitStore: PitStateStore;
  /** Aliases that point at system indices, which /svc refuses like the indices themselves. */
  readonly systemAliases: SystemAliases;
  /** Callers' passed read checks of virtual indices, kept for catalogCacheMs. */
  readonly readChecks: ReadCheckCache;
  /** Callers' field types read with `_field_caps` (joins, graph models), kept for catalogCacheMs. */
  readonly fieldCaps: FieldCapsCache;
  /** Which names earlier requests found to be virtual indices, to start reads sooner. */
  readonly catalogHints = new CatalogHints();
  /** Virtual-index entries by name, fresh within catalogCacheMs (catalog_cache.ts). */
  readonly virtualIndexCache: CatalogCache<StoredVirtualIndex>;
  /** Datasource entries by id, fresh within catalogCacheMs, for opening them per search. */
  readonly datasourceCache: CatalogCache<StoredDocument<StoredDatasource>>;
  private readonly internal: OpenSearchGateway;

  constructor(
    internalClient: OpenSearchTransportClient,
    readonly settings: FederationSettings
  ) {
    const internal = new OpenSearchGateway(internalClient);
    this.internal = internal;
    this.connectors = new ConnectorRegistry(
      {
        poolSize: settings.connectorPoolSize,
        connectTimeoutMs: settings.connectorConnectTimeoutMs,
        statementTimeoutMs: settings.connectorStatementTimeoutMs,
        idleTimeoutMs: settings.connectorIdleTimeoutMs,
        batchSize: settings.connectorBatchSize,
        keyListTableBytes: settings.connectorKeyListTableBytes,
      },
      {
        workers: settings.sqliteWorkers,
        // Unset inside OSD means none: a SQLite file is a path on the OSD server itself.
        directories: settings.sqliteDirectories ?? [],
      }
    );
    this.secrets = new SecretBox(settings.encryptionKey);
    this.datasourceStore = new CatalogStore(internal, DATASOURCE_INDEX, DATASOURCE_PROPERTIES);
    this.virtualIndexStore = new CatalogStore(
      internal,
      VIRTUAL_INDEX_INDEX,
      VIRTUAL_INDEX_PROPERTIES
    );
    this.virtualIndexCache = new CatalogCache(settings.catalogCacheMs);
    this.datasourceCache = new CatalogCache(settings.catalogCacheMs);
    this.pitStore = new PitStateStore(internal, settings.pitFilterCacheBytes);
    this.systemAliases = new SystemAliases(internal, settings.catalogCacheMs);
    this.readChecks = new ReadCheckCache(settings.catalogCacheMs);
    this.fieldCaps = new FieldCapsCache(settings.catalogCacheMs);
  }

  private bitmapSupport: Promise<boolean> | null = null;

  /** Whether the cluster answers `terms` with `value_type: bitmap` (OpenSearch 2.17 and later). */
  bitmapsSupported(): Promise<boolean> {
    this.bitmapSupport ??= this.internal
      .request<{ version?: { number?: string; distribution?: string } }>({
        method: 'GET',
        path: '/',
      })
      .then(({ version }) => {
        const [major, minor] = (version?.number ?? '0.0').split('.').map(Number);
        return (
          version?.distribution === 'opensearch' && (major > 2 || (major === 2 && minor >= 17))
        );
      })
      .catch(() => {
        this.bitmapSupport = null;
        return false;
      });
    return this.bitmapSupport;
  }

  async close(): Promise<void> {
    this.pitStore.filters.clear();
    await this.connectors.closeAll();
  }
}
