import type { VirtualIndexColumn } from '../../../common/catalog_types';
import { FederationError } from '../errors';
import { OpenSearchGateway, opensearchPath } from '../opensearch/opensearch_gateway';
import { answeredError, expecting, isAlreadyExists } from '../opensearch/client_errors';
import type { ReadCheckCache } from './read_check_cache';

/**
 * The empty OpenSearch index that stands beside each virtual index (docs/api/interface.md §5): it lets security
 * plugins grant permissions on the name and makes the name show up where indices are listed.
 * It is created as the current user, who therefore needs the right to create it.
 */
export class ConcreteIndices {
  constructor(
    private readonly openSearch: OpenSearchGateway,
    /**
     * The caller's client for the read check alone, without the system-index guard's alias
     * lookup (a round trip on every search): the name is one our catalog holds, never a
     * `.federation-` name, and a size-0 search returns nothing from whatever it names.
     */
    private readonly readCheck: OpenSearchGateway = openSearch,
    /** The process's passed checks (read_check_cache.ts), and who is asking. */
    private readonly passes?: { cache: ReadCheckCache; caller: string }
  ) {}

  /** Names already checked for this caller (the service is built per request). */
  private readonly readable = new Map<string, Promise<void>>();

  /**
   * Refuses a caller who may not read the concrete indices `names` (the current user's client
   * answers 403, as OpenSearch's security plugin does), before any remote query runs: the
   * concrete index is where permissions on a virtual index are granted. The check is a size-0
   * `_search`, whose action (`indices:data/read/search`) is exactly the privilege a search
   * needs and which costs one empty shard; `_field_caps` or an exists check would test other
   * privileges (`indices:data/read/field_caps`, `indices:admin/get`).
   */
  assertReadable(names: string[]): Promise<void> {
    return Promise.all(names.map((name) => this.readCheckOf(name))).then(() => undefined);
  }

  /**
   * Starts the read checks of `names` ahead of need; `assertReadable` answers with their
   * outcome. A check nobody asks for is dropped with its outcome.
   */
  startReadChecks(names: string[]): void {
    for (const name of names) this.readCheckOf(name).catch(() => undefined);
  }

  private readCheckOf(name: string): Promise<void> {
    let check = this.readable.get(name);
    if (check === undefined) {
      const passes = this.passes;
      if (passes?.cache.passedRecently(passes.caller, name)) {
        check = Promise.resolve();
      } else {
        const sentAt = Date.now();
        check = this.checkReadable(name);
        if (passes)
          check.then(
            () => passes.cache.record(passes.caller, name, sentAt),
            () => {}
          );
      }
      this.readable.set(name, check);
    }
    return check;
  }

  private async checkReadable(name: string): Promise<void> {
    const response = await this.readCheck.request<{ _shards?: { total?: number } }>(
      {
        method: 'POST',
        path: opensearchPath(name, '_search'),
        querystring: { size: '0', track_total_hits: 'false' },
      },
      expecting(404)
    );
    // A concrete index deleted by hand (404, expected): OpenSearch's security plugin checks the
    // name before it looks for the index, so a 404 means the name itself is not forbidden.
    if (answeredError(response) !== null) return;
    const shards = response._shards?.total ?? 0;
    // With `do_not_fail_on_forbidden` the security plugin answers 200 with the index left out.
    if (shards === 0) {
      throw new FederationError(
        403,
        'security_exception',
        `no permissions for [indices:data/read/search] on [${name}]: reading a virtual index needs the right to search its concrete index [${name}]`,
        { index: name }
      );
    }
  }

  /**
   * Creates the index, or takes an existing empty one and brings its mapping to `columns` (so
   * `_mapping` on the name shows the current columns); refuses one that holds documents.
   */
  async ensureEmpty(name: string, columns: VirtualIndexColumn[]): Promise<boolean> {
    const count = await this.documentCount(name);
    if (count === null) {
      try {
        await this.create(name, columns);
        return true;
      } catch (error) {
        // Lost a race with another creator: judge the index that won.
        if (!isAlreadyExists(error)) throw error;
        return this.ensureEmpty(name, columns);
      }
    }
    if (count > 0) throw notEmpty(name, count);
    await this.alignMapping(name, columns);
    return false;
  }

  /**
   * New columns are added to the mapping in place. A column that is gone or changed type cannot
   * be changed in an OpenSearch mapping, so the index is recreated: it is empty by design, and
   * writes are blocked while it is checked once more, so no document can be lost.
   */
  private async alignMapping(name: string, columns: VirtualIndexColumn[]): Promise<void> {
    const wanted = mappingProperties(columns);
    const current = await this.currentProperties(name);
    const stale = Object.keys(current).filter(
      (field) => current[field]?.type !== wanted[field]?.type
    );
    if (stale.length === 0) {
      const added = Object.keys(wanted).filter((field) => !(field in current));
      if (added.length === 0) return;
      await this.openSearch.request({
        method: 'PUT',
        path: opensearchPath(name, '_mapping'),
        body: { properties: Object.fromEntries(added.map((field) => [field, wanted[field]])) },
      });
      return;
    }
    await this.setWriteBlock(name, true);
    const count = await this.documentCount(name);
    if (count !== 0) {
      await this.setWriteBlock(name, false);
      if (count === null) return this.ensureEmpty(name, columns).then(() => undefined);
      throw notEmpty(name, count);
    }
    await this.openSearch.request({ method: 'DELETE', path: opensearchPath(name) });
    try {
      await this.create(name, columns);
    } catch (error) {
      // A concurrent recreation won: fine if it is empty (it carries its own columns).
      if (!isAlreadyExists(error)) throw error;
    }
  }

  /**
   * Throws OpenSearch's 400 when the index exists (callers decide whether a race lost is fine);
   * that 400 arrives as a response, so inside OSD it is not logged as a client error.
   */
  private async create(name: string, columns: VirtualIndexColumn[]): Promise<void> {
    const answer = await this.openSearch.request(
      {
        method: 'PUT',
        path: opensearchPath(name),
        body: {
          settings: { index: { number_of_shards: 1, auto_expand_replicas: '0-1' } },
          mappings: { properties: mappingProperties(columns) },
        },
      },
      expecting(400)
    );
    const error = answeredError(answer);
    if (error !== null) throw error;
  }

  private async setWriteBlock(name: string, blocked: boolean): Promise<void> {
    await this.openSearch.request({
      method: 'PUT',
      path: opensearchPath(name, '_settings'),
      body: { index: { 'blocks.write': blocked ? true : null } },
    });
  }

  /** The top-level fields of the index's mapping (an object field has no `type`). */
  private async currentProperties(name: string): Promise<Record<string, { type?: string }>> {
    const response = await this.openSearch.request<
      Record<string, { mappings?: { properties?: Record<string, { type?: string }> } }>
    >({ method: 'GET', path: opensearchPath(name, '_mapping') });
    const entries = Object.values(response);
    if (entries.length !== 1) {
      throw new FederationError(
        400,
        'illegal_argument_exception',
        `[${name}] names ${entries.length} indices (an alias or pattern); a virtual index needs the name of a missing or empty index`,
        { index: name }
      );
    }
    return entries[0].mappings?.properties ?? {};
  }

  private async documentCount(name: string): Promise<number | null> {
    // A missing index (404) is the usual case for a new virtual index: an answer, not an error.
    const response = await this.openSearch.request<{ count?: number }>(
      { method: 'GET', path: opensearchPath(name, '_count') },
      expecting(404)
    );
    return typeof response.count === 'number' ? response.count : null;
  }
}

function notEmpty(name: string, count: number): FederationError {
  return new FederationError(
    400,
    'resource_already_exists_exception',
    `index [${name}] already exists and holds ${count} documents; a virtual index needs the name of a missing or empty index`,
    { index: name }
  );
}

/** The OpenSearch mapping of a virtual index's columns. */
export function mappingProperties(columns: VirtualIndexColumn[]): Record<string, { type: string }> {
  return Object.fromEntries(columns.map((c) => [c.name, { type: c.type }]));
}
