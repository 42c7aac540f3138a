import type { VirtualIndexService } from '../catalog/virtual_index_service';
import { badRequest } from '../errors';
import type { OpenSearchGateway } from '../opensearch/opensearch_gateway';
import type { IndexResolver } from '../search/index_resolver';
import { openVirtualTarget } from '../search/virtual/virtual_target';
import { isJoinNode, parseJoin, type JoinSpec } from './join_spec';
import { keyChunks, keyCount, unionKeySets, type KeySet } from './key_set';
import { openSearchChildKeys } from './opensearch_child_keys';
import { virtualChildKeys } from './virtual_child_keys';

export type Backend = 'opensearch' | 'virtual';

export interface JoinLimits {
  maxJoinKeys: number;
  /** Terms per `terms` query sent to OpenSearch (its `index.max_terms_count`, 65,536 by default). */
  termsChunkSize: number;
  /** Keys per composite-aggregation page when reading an OpenSearch child. */
  keyPageSize: number;
}

/** What `debug=true` shows of each join. */
export interface JoinReport {
  path: string;
  on: [string, string];
  indices: string[];
  child_backend: Backend;
  strategy: 'BROADCAST_JOIN';
  keys: number;
  took_in_millis: number;
}

/** A join's computed keys, in the order joins were met (depth first), for PIT state. */
export interface ComputedJoin {
  path: string;
  keys: KeySet;
}

/**
 * Evaluates the joins of a query bottom-up and replaces each with a filter on the parent field:
 * nested joins first (their results narrow the child), then the child's distinct keys are
 * streamed into a typed key set, then the join becomes `terms` filters in chunks that respect
 * `index.max_terms_count` (or, for a virtual parent, a `terms` query the SQL translator binds).
 * A semi-join scores nothing: the filter is wrapped in `constant_score`.
 */
export class JoinExecutor {
  readonly reports: JoinReport[] = [];
  readonly computed: ComputedJoin[] = [];

  constructor(
    private readonly deps: {
      openSearch: OpenSearchGateway;
      resolver: IndexResolver;
      virtualIndices: VirtualIndexService;
      limits: JoinLimits;
      now: number;
      preference?: string;
    },
    /** Key sets computed earlier (a PIT's first page), by join path: reused, not recomputed. */
    private readonly known: Map<string, KeySet> = new Map()
  ) {}

  /** The query with every join replaced by filters; `parent` is the backend that runs it. */
  async rewrite(query: unknown, parent: Backend, path = 'query'): Promise<unknown> {
    if (isJoinNode(query)) return this.join(parseJoin(query.join, `${path}.join`), parent);
    if (Array.isArray(query))
      return Promise.all(query.map((item, i) => this.rewrite(item, parent, `${path}[${i}]`)));
    if (typeof query !== 'object' || query === null) return query;
    const entries = await Promise.all(
      Object.entries(query).map(
        async ([key, value]) => [key, await this.rewrite(value, parent, `${path}.${key}`)] as const
      )
    );
    return Object.fromEntries(entries);
  }

  private async join(spec: JoinSpec, parent: Backend): Promise<unknown> {
    if (spec.project.length > 0) {
      throw badRequest(`[${spec.path}.request.project] is not supported yet`);
    }
    const started = Date.now();
    const describe = `on [${spec.parentField}]=[${spec.childField}] at [${spec.path}]`;
    const target = await this.deps.resolver.resolve(spec.indices.join(','));
    const childBackend: Backend = target.kind;
    let keys = this.known.get(spec.path);
    if (keys === undefined) {
      const childQuery = await this.rewrite(
        spec.childQuery,
        childBackend,
        `${spec.path}.request.query`
      );
      const limit = this.deps.limits.maxJoinKeys;
      if (target.kind === 'opensearch') {
        keys = await openSearchChildKeys(
          this.deps.openSearch,
          spec.indices,
          spec.childField,
          childQuery,
          {
            pageSize: this.deps.limits.keyPageSize,
            limit,
            describe,
            preference: this.deps.preference,
          }
        );
      } else {
        const sets: KeySet[] = [];
        for (const name of target.names) {
          const child = await openVirtualTarget(
            this.deps.virtualIndices,
            name,
            target.definitions.get(name)!,
            { now: this.deps.now }
          );
          sets.push(
            await virtualChildKeys(child, spec.childField, childQuery, { limit, describe })
          );
        }
        keys = unionKeySets(sets);
      }
    }
    if (
      (parent === 'virtual' || childBackend === 'virtual') &&
      keys.kind === 'keyword' &&
      keyCount(keys) > 0
    ) {
      throw badRequest(
        `the join ${describe} crosses OpenSearch and a SQL datasource with keyword keys; such joins take integer keys only`
      );
    }
    this.computed.push({ path: spec.path, keys });
    this.reports.push({
      path: spec.path,
      on: [spec.parentField, spec.childField],
      indices: spec.indices,
      child_backend: childBackend,
      strategy: 'BROADCAST_JOIN',
      keys: keyCount(keys),
      took_in_millis: Date.now() - started,
    });
    return this.filterFor(spec.parentField, keys, parent);
  }

  private filterFor(field: string, keys: KeySet, parent: Backend): unknown {
    if (keyCount(keys) === 0) return { match_none: {} };
    if (parent === 'virtual')
      return { terms: { [field]: [...keyChunks(keys, keyCount(keys))][0] } };
    const chunks = [...keyChunks(keys, this.deps.limits.termsChunkSize)].map((chunk) => ({
      terms: { [field]: chunk },
    }));
    const filter =
      chunks.length === 1 ? chunks[0] : { bool: { should: chunks, minimum_should_match: 1 } };
    return { constant_score: { filter } };
  }
}
