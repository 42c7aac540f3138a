import type {
  VirtualIndexBody,
  VirtualIndexColumn,
  VirtualIndexView,
} from '../../../common/catalog_types';
import { indexNameProblem } from '../../../common/index_names';
import { isSystemIndexName, SYSTEM_INDEX_PREFIX } from '../../../common/system_indices';
import type { RemoteColumn } from '../connectors/connector';
import { badRequest, FederationError, notFound } from '../errors';
import { documentResponse, listResponse } from './catalog_responses';
import { CatalogCache } from './catalog_cache';
import { CatalogHints } from './catalog_hints';
import type { CatalogStore, StoredDocument, WriteResult } from './catalog_store';
import type { DatasourceService, OpenDatasource } from './datasource_service';
import type { ConcreteIndices } from './concrete_indices';

export interface StoredVirtualIndex extends VirtualIndexView {
  updated_at: string;
}

/** A virtual index resolved for querying: its catalog entry and its open datasource. */
export interface OpenVirtualIndex {
  id: string;
  definition: StoredVirtualIndex;
  datasource: OpenDatasource;
}

/**
 * Virtual indices: index names answered from a remote table or view. Creating one checks the
 * datasource, the resource and the key against the remote database, records the columns, and
 * creates an empty concrete index of the same name so security plugins can grant on the name.
 */
export class VirtualIndexService {
  private readonly opened = new Map<string, Promise<OpenDatasource>>();
  private readonly read = new Map<string, Promise<StoredVirtualIndex | undefined>>();

  constructor(
    private readonly store: CatalogStore<StoredVirtualIndex>,
    private readonly datasources: DatasourceService,
    private readonly concreteIndices: ConcreteIndices,
    /** The process's hints (runtime); a service of its own when none is shared. */
    private readonly hints: CatalogHints = new CatalogHints(),
    /** The process's cache of catalog entries by name (runtime); none when none is shared. */
    private readonly cache: CatalogCache<StoredVirtualIndex> = new CatalogCache(0)
  ) {}

  async put(id: string, body: VirtualIndexBody): Promise<WriteResult & { index_created: boolean }> {
    assertVirtualIndexId(id);
    if (!(await this.datasources.exists(body.datasource))) {
      throw badRequest(
        `datasource [${body.datasource}] does not exist; create it first, or name an existing one in [datasource]`,
        {
          datasource: body.datasource,
        }
      );
    }
    const datasource = await this.datasources.open(body.datasource);
    const remote = await describeForCreation(datasource, body);
    const columns = remote.filter((c) => c.mappedType !== null).map(toColumn);
    if (body.key !== undefined) assertKey(body.key, remote, body.resource);
    if (columns.length === 0) {
      throw badRequest(
        `resource [${body.resource}] has no column of a supported type (numbers, text, booleans, dates); name a table or view that has one`,
        {
          resource: body.resource,
        }
      );
    }
    const indexCreated = await this.concreteIndices.ensureEmpty(id, columns);
    const stored: StoredVirtualIndex = {
      ...withoutUndefined(body),
      columns,
      updated_at: new Date().toISOString(),
    };
    const result = await this.store.put(id, stored);
    this.cache.forget(id);
    return { ...result, index_created: indexCreated };
  }

  async get(id: string) {
    return documentResponse(await this.require(id), publicView);
  }

  async list() {
    const started = Date.now();
    return listResponse(started, await this.store.list(), publicView);
  }

  /** Removes the catalog entry; the concrete index stays (docs/api/interface.md §8.2.12). */
  async delete(id: string): Promise<WriteResult> {
    assertVirtualIndexId(id);
    const result = await this.store.delete(id);
    this.cache.forget(id);
    if (result === null) throw missing(id);
    return result;
  }

  /**
   * Starts reading the catalog entries of names a request will look up (a search's own indices
   * and its joins' children: one `_mget` instead of one per join level). A failure is answered
   * by the lookup that needs the name.
   */
  prefetch(names: string[]): void {
    this.definitions(names).catch(() => undefined);
  }

  /** The definitions of the names that are virtual indices; other names are absent. */
  async lookup(names: string[]): Promise<Map<string, StoredVirtualIndex>> {
    const found = await this.definitions(names);
    // Their datasources are read while the caller's read check runs (a catalog read, no remote
    // query): a search needs both before its first statement, and one round trip is saved.
    for (const definition of found.values()) this.datasourceOf(definition.datasource);
    // Every way of reading a virtual index finds it here first: check the caller before any
    // remote query runs.
    await this.concreteIndices.assertReadable([...found.keys()]);
    return found;
  }

  /**
   * Catalog entries by name, each looked up once per request (the service lives for one), from
   * the process's cache where fresh (catalog_cache.ts).
   */
  private async definitions(names: string[]): Promise<Map<string, StoredVirtualIndex>> {
    const candidates = [...new Set(names)].filter((n) => indexNameProblem(n) === null);
    const unread = candidates.filter((n) => !this.read.has(n));
    if (unread.length > 0) {
      const answers = this.cache.lookup(unread, async (batch) =>
        (await this.store.getMany(batch)).map((doc) => doc?._source)
      );
      for (const [name, answer] of answers) {
        this.read.set(
          name,
          answer.then((definition) => {
            this.hints.record(name, definition?.datasource);
            return definition;
          })
        );
      }
      // Names that were virtual indices on earlier requests: their datasource and the caller's
      // read check start now, beside the catalog read, rather than after it. Used only if this
      // read finds the same (catalog_hints.ts).
      const hinted: string[] = [];
      for (const name of unread) {
        const datasource = this.hints.datasourceOf(name);
        if (datasource === undefined) continue;
        hinted.push(name);
        this.datasourceOf(datasource);
      }
      if (hinted.length > 0) this.concreteIndices.startReadChecks(hinted);
    }
    const found = new Map<string, StoredVirtualIndex>();
    for (const name of candidates) {
      const definition = await this.read.get(name);
      if (definition !== undefined) found.set(name, definition);
    }
    return found;
  }

  async open(id: string, definition: StoredVirtualIndex): Promise<OpenVirtualIndex> {
    return { id, definition, datasource: await this.datasourceOf(definition.datasource) };
  }

  /** Datasource `id`, read once per request (the service lives for one). */
  private datasourceOf(id: string): Promise<OpenDatasource> {
    let opened = this.opened.get(id);
    if (opened === undefined) {
      opened = this.datasources.open(id);
      // Read ahead of need: a failure is answered by the open() that awaits it.
      opened.catch(() => undefined);
      this.opened.set(id, opened);
    }
    return opened;
  }

  /** Virtual indices that use datasource `id`. */
  async usersOf(datasource: string): Promise<string[]> {
    return (await this.store.list({ datasource })).map((doc) => doc._id);
  }

  private async require(id: string): Promise<StoredDocument<StoredVirtualIndex>> {
    assertVirtualIndexId(id);
    const doc = await this.store.get(id);
    if (doc === null) throw missing(id);
    return doc;
  }
}

async function describeForCreation(
  datasource: OpenDatasource,
  body: VirtualIndexBody
): Promise<RemoteColumn[]> {
  try {
    return await datasource.connector.describe({
      catalog: body.catalog,
      schema: body.schema,
      name: body.resource,
    });
  } catch (error) {
    // A missing table is a mistake in the request body, not a missing API resource.
    if (error instanceof FederationError && error.status === 404) {
      throw new FederationError(400, 'illegal_argument_exception', error.reason, {
        ...error.details,
        datasource: body.datasource,
      });
    }
    throw error;
  }
}

function assertKey(key: string, remote: RemoteColumn[], resource: string): void {
  const column = remote.find((c) => c.name === key);
  if (column === undefined) {
    throw badRequest(
      `key [${key}] is not a column of [${resource}]; its columns are [${remote.map((c) => c.name).join(', ')}]`,
      { key }
    );
  }
  if (column.mappedType === null) {
    throw badRequest(
      `key [${key}] has type [${column.remoteType}], which virtual indices do not support; choose a key column of a number, text or date type`,
      { key }
    );
  }
}

function toColumn(column: RemoteColumn): VirtualIndexColumn {
  return withoutUndefined({
    name: column.name,
    remote_type: column.remoteType,
    type: column.mappedType!,
    zoned: column.mappedType === 'date' ? Boolean(column.zoned) : undefined,
    nullable: column.nullable ? undefined : false,
    deterministic: column.mappedType === 'keyword' && column.deterministic ? true : undefined,
  });
}

function assertVirtualIndexId(id: string): void {
  const problem = isSystemIndexName(id)
    ? `must not start with [${SYSTEM_INDEX_PREFIX}], which is reserved for the plugin's own indices`
    : indexNameProblem(id);
  if (problem !== null) {
    throw new FederationError(
      400,
      'invalid_index_name_exception',
      `Invalid index name [${id}], ${problem}`,
      {
        index: id,
      }
    );
  }
}

function missing(id: string): FederationError {
  return notFound('resource_not_found_exception', `virtual index [${id}] does not exist`, {
    index: id,
  });
}

function publicView(stored: StoredVirtualIndex): VirtualIndexView {
  const { updated_at: _updated, ...view } = stored;
  return view;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
