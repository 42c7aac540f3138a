import type { DatasourceBody, DatasourceView, JdbcConfig } from '../../../common/catalog_types';
import type { Connector, ResourceRef } from '../connectors/connector';
import type { ConnectorRegistry } from '../connectors/connector_registry';
import { signalledConnector } from '../connectors/signalled_connector';
import { parseDatasourceConfig } from '../connectors/jdbc_url';
import { badRequest, FederationError, notFound } from '../errors';
import { documentResponse, listResponse } from './catalog_responses';
import { CatalogCache } from './catalog_cache';
import type { CatalogStore, StoredDocument, WriteResult } from './catalog_store';
import { datasourceIdProblem } from './datasource_ids';
import { DatasourceHostPolicy } from './datasource_hosts';
import { filterMetadata, type MetadataFilter } from './metadata_filter';
import { displayUrl, separateCredentials } from './jdbc_password';
import type { SecretBox } from './secret_box';

export interface StoredDatasource {
  jdbc: Omit<JdbcConfig, 'password'>;
  password_secret?: string;
  updated_at: string;
}

/** A datasource ready to connect: its pooled connector and the zone its dates are stored in. */
export interface OpenDatasource {
  id: string;
  connector: Connector;
  timezone: string;
}

/**
 * Datasources: JDBC settings of remote databases, kept in the catalog with the password
 * encrypted. Reads never return the password; an update without one keeps the stored one, and
 * an update with an empty one removes it.
 */
export class DatasourceService {
  constructor(
    private readonly store: CatalogStore<StoredDatasource>,
    private readonly secrets: SecretBox,
    private readonly connectors: ConnectorRegistry,
    /** Ids of the virtual indices that use a datasource, to refuse deleting it under them. */
    private readonly usersOf: (id: string) => Promise<string[]>,
    /** The `datasourceHosts` allow-list; checked on save and again on every connection. */
    private readonly hosts: DatasourceHostPolicy = new DatasourceHostPolicy(undefined),
    /** The caller's abort (RequestScope.signal): every statement of this request is cancelled with it. */
    private readonly signal?: AbortSignal,
    /**
     * The process's datasource entries (runtime), read for `open` like virtual-index entries:
     * kept for catalogCacheMs, forgotten at once by a write through this process; none kept
     * when absent.
     */
    private readonly cache: CatalogCache<StoredDocument<StoredDatasource>> = new CatalogCache(0)
  ) {}

  async put(id: string, body: DatasourceBody): Promise<WriteResult> {
    assertDatasourceId(id);
    // Every credential leaves the URL: the stored URL is returned by reads.
    const jdbc = separateCredentials(body.jdbc);
    const { password } = jdbc;
    // Refuses unsupported drivers, malformed URLs and unknown zones before anything is stored.
    const spec = parseDatasourceConfig(jdbc);
    this.hosts.check(spec);
    await this.connectors.checkLocation(spec);
    const previous = password === undefined ? await this.store.get(id) : null;
    const stored: StoredDatasource = {
      jdbc: withoutUndefined({
        driver: jdbc.driver,
        url: jdbc.url,
        username: jdbc.username,
        timezone: jdbc.timezone,
      }),
      password_secret: storedSecret(password, previous?._source.password_secret, this.secrets),
      updated_at: new Date().toISOString(),
    };
    const result = await this.store.put(id, withoutUndefined(stored));
    this.cache.forget(id);
    await this.connectors.evict(id);
    return result;
  }

  async get(id: string) {
    return documentResponse(await this.require(id), publicView);
  }

  async list() {
    const started = Date.now();
    return listResponse(started, await this.store.list(), publicView);
  }

  async delete(id: string): Promise<WriteResult> {
    assertDatasourceId(id);
    const users = await this.usersOf(id);
    if (users.length > 0) {
      throw new FederationError(
        409,
        'resource_in_use_exception',
        `datasource [${id}] is used by virtual indices [${users.join(', ')}]; delete them first`,
        { datasource: id }
      );
    }
    const result = await this.store.delete(id);
    this.cache.forget(id);
    if (result === null) throw missing(id);
    await this.connectors.evict(id);
    return result;
  }

  /** Opens a connection and runs a trivial statement, so a user learns now what would fail later. */
  async validate(id: string) {
    const { connector } = await this.open(id);
    const started = Date.now();
    const { server } = await connector.validate();
    return { _id: id, valid: true, server, took_in_millis: Date.now() - started };
  }

  /**
   * A resource's columns, or, without one, the catalogs, schemas and tables the connection sees,
   * narrowed to `filter`'s catalog and schema.
   */
  async metadata(id: string, resource?: ResourceRef, filter: MetadataFilter = {}) {
    const { connector } = await this.open(id);
    if (resource === undefined) {
      return { _id: id, ...filterMetadata(await connector.metadata(), filter) };
    }
    const columns = await connector.describe(resource);
    return {
      _id: id,
      resource: withoutUndefined({ ...resource }),
      columns: columns.map((c) => ({
        name: c.name,
        remote_type: c.remoteType,
        type: c.mappedType,
        nullable: c.nullable,
      })),
    };
  }

  /** The datasource's pooled connector; a 404 when it does not exist. */
  async open(id: string): Promise<OpenDatasource> {
    assertDatasourceId(id);
    // A search reads its datasource before every statement: from the process's cache where fresh.
    const doc = await this.cache
      .lookup([id], (ids) =>
        this.store.getMany(ids).then((docs) => docs.map((d) => d ?? undefined))
      )
      .get(id);
    if (doc === undefined) throw missing(id);
    const jdbc: JdbcConfig = { ...doc._source.jdbc };
    if (doc._source.password_secret !== undefined) {
      jdbc.password = this.secrets.decrypt(doc._source.password_secret);
    }
    // Also here, not only on save: the list may have changed since the datasource was saved.
    if (this.hosts.restricts) this.hosts.check(parseDatasourceConfig(jdbc));
    const revision = `${doc._seq_no}:${doc._primary_term}`;
    return {
      id,
      connector: signalledConnector(this.connectors.get(id, revision, jdbc), this.signal),
      timezone: doc._source.jdbc.timezone ?? 'UTC',
    };
  }

  async exists(id: string): Promise<boolean> {
    return datasourceIdProblem(id) === null && (await this.store.get(id)) !== null;
  }

  private async require(id: string): Promise<StoredDocument<StoredDatasource>> {
    assertDatasourceId(id);
    const doc = await this.store.get(id);
    if (doc === null) throw missing(id);
    return doc;
  }
}

function assertDatasourceId(id: string): void {
  const problem = datasourceIdProblem(id);
  if (problem !== null)
    throw badRequest(`Invalid datasource id [${id}]: ${problem}`, { datasource: id });
}

function missing(id: string): FederationError {
  return notFound('resource_not_found_exception', `datasource [${id}] does not exist`, {
    datasource: id,
  });
}

function publicView(stored: StoredDatasource): DatasourceView {
  // Datasources saved before URLs were cleaned on save may still hold a password in the URL.
  const url = displayUrl(stored.jdbc) ?? '(unreadable: save this datasource again)';
  return {
    jdbc: { ...stored.jdbc, url, password_set: stored.password_secret !== undefined },
  };
}

/**
 * The secret to store: none given keeps the stored one; an empty one removes it (the form's
 * explicit "remove the stored password", e.g. for a login that has none); any other is
 * encrypted. Drivers treat an empty password as none, so nothing is lost by storing nothing.
 */
function storedSecret(
  password: string | undefined,
  previous: string | undefined,
  secrets: SecretBox
): string | undefined {
  if (password === undefined) return previous;
  return password === '' ? undefined : secrets.encrypt(password);
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
