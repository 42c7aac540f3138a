import type { VirtualIndexService } from '../catalog/virtual_index_service';
import { badRequest, FederationError } from '../errors';
import { opensearchPath, type OpenSearchGateway } from '../opensearch/opensearch_gateway';
import type { IndexResolver } from '../search/index_resolver';
import { openVirtualTarget } from '../search/virtual/virtual_target';
import { bitmapFilter, type BitmapFieldType } from './bitmap_filter';
import { planJoin } from './join_planner';
import { isJoinNode, parseJoin, type JoinSpec, type JoinStrategy } from './join_spec';
import { SqlSemiJoin } from '../sql/sql_semi_join';
import { keyChunks, keyCount, unionKeySets, type KeySet } from './key_set';
import { openSearchChildKeys } from './opensearch_child_keys';
import { scanProjection, type Projection } from './projection';
import { virtualChildKeys } from './virtual_child_keys';

export type Backend = 'opensearch' | 'virtual';

export interface JoinLimits {
  maxJoinKeys: number;
  /** Terms per `terms` query sent to OpenSearch (its `index.max_terms_count`, 65,536 by default). */
  termsChunkSize: number;
  /** Keys per composite-aggregation page when reading an OpenSearch child. */
  keyPageSize: number;
  /** How long the joins of one search may take, all together. */
  timeoutMs: number;
  /** Send integer key sets as RoaringBitmaps where the cluster and field allow. */
  bitmapFilter: boolean;
  /** Whether the cluster takes `value_type: bitmap` terms (OpenSearch 2.17+); cached by the host. */
  bitmapsSupported: () => Promise<boolean>;
}

/** What `debug=true` shows of each join. */
export interface JoinReport {
  path: string;
  on: [string, string];
  indices: string[];
  child_backend: Backend;
  /** SQL_SEMI_JOIN: inlined into the statement of a virtual parent on the same datasource. */
  strategy: JoinStrategy | 'SQL_SEMI_JOIN';
  /** The counts the planner chose from (OpenSearch ↔ OpenSearch joins without `type`). */
  estimates?: { child_docs: number; parent_keys: number };
  keys: number;
  /** How the keys reached the parent: a bitmap, term chunks, nothing (no keys), or SQL. */
  filter?: 'none' | 'terms' | 'bitmap';
  took_in_millis: number;
}

/** A join's computed keys (and projection), in the order joins were met, for PIT state. */
export interface ComputedJoin {
  path: string;
  keys: KeySet;
  projection?: Projection;
  /** True for joins in the search's own query, whose projections reach the returned hits. */
  root: boolean;
  strategy: JoinStrategy;
  estimates?: { child_docs: number; parent_keys: number };
}

/** Who runs a query being rewritten (see `JoinExecutor.rewrite`). */
export interface JoinScope {
  parent: Backend;
  root: boolean;
  /** The parent's indices, when known: the planner counts their keys. */
  indices?: string[];
  /** A virtual parent's datasource: joins with children there are inlined as SQL. */
  datasource?: string;
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
  private deadline: { at: number; controller: AbortController; timer: NodeJS.Timeout } | null =
    null;

  constructor(
    private readonly deps: {
      openSearch: OpenSearchGateway;
      resolver: IndexResolver;
      virtualIndices: VirtualIndexService;
      limits: JoinLimits;
      now: number;
      preference?: string;
    },
    /** Joins computed earlier (a PIT's first page), by path: reused, not recomputed. */
    private readonly known: Map<string, ComputedJoin> = new Map()
  ) {}

  /** Projections of the joins in the search's own query: what the returned hits receive. */
  get rootProjections(): Projection[] {
    return this.computed.filter((c) => c.root && c.projection).map((c) => c.projection!);
  }

  /**
   * The query with every join replaced by filters. `scope` says who runs it: the backend, the
   * parent indices (for planning), a virtual parent's datasource (for inlining), and whether it
   * is the search's own query (whose projections reach the returned hits).
   */
  async rewrite(query: unknown, scope: JoinScope): Promise<unknown> {
    return this.walk(query, scope, 'query');
  }

  private async walk(query: unknown, scope: JoinScope, path: string): Promise<unknown> {
    if (isJoinNode(query)) return this.join(parseJoin(query.join, `${path}.join`), scope);
    if (Array.isArray(query)) {
      return Promise.all(query.map((item, i) => this.walk(item, scope, `${path}[${i}]`)));
    }
    if (typeof query !== 'object' || query === null) return query;
    const entries = await Promise.all(
      Object.entries(query).map(
        async ([key, value]) => [key, await this.walk(value, scope, `${path}.${key}`)] as const
      )
    );
    return Object.fromEntries(entries);
  }

  private async join(spec: JoinSpec, scope: JoinScope): Promise<unknown> {
    const started = Date.now();
    const describe = `on [${spec.parentField}]=[${spec.childField}] at [${spec.path}]`;
    const target = await this.deps.resolver.resolve(spec.indices.join(','));
    const childBackend: Backend = target.kind;
    const { parent, root, datasource } = scope;
    if (
      datasource !== undefined &&
      target.kind === 'virtual' &&
      spec.project.length === 0 &&
      target.names.every((n) => target.definitions.get(n)!.datasource === datasource)
    ) {
      return this.inline(spec, target, datasource, started);
    }
    if (spec.project.length > 0 && (childBackend === 'virtual' || parent === 'virtual')) {
      throw badRequest(
        `[${spec.path}.request.project] cannot project fields when the join has a virtual index on either side; remove [project] from this join, or join OpenSearch indices only and read the projected field from the child index with a second search`
      );
    }
    const computed =
      this.known.get(spec.path) ??
      (await this.withinDeadline(() => this.compute(spec, target, describe, scope)));
    const { keys } = computed;
    if (
      (parent === 'virtual' || childBackend === 'virtual') &&
      keys.kind === 'keyword' &&
      keyCount(keys) > 0
    ) {
      throw badRequest(
        `the join ${describe} crosses OpenSearch and a SQL datasource with keyword keys; such joins take integer keys only: join on integer fields on both sides`
      );
    }
    this.computed.push({ ...computed, root });
    const { filter, form } = await this.filterFor(spec.parentField, keys, parent, scope.indices);
    this.reports.push({
      path: spec.path,
      on: [spec.parentField, spec.childField],
      indices: spec.indices,
      child_backend: childBackend,
      strategy: computed.strategy,
      ...(computed.estimates ? { estimates: computed.estimates } : {}),
      keys: keyCount(keys),
      filter: form,
      took_in_millis: Date.now() - started,
    });
    return filter;
  }

  /**
   * Parent and children are virtual indices on one datasource: the join stays in the query as an
   * `IN (SELECT ...)` for the SQL translator, and the database runs it as one statement.
   */
  private async inline(
    spec: JoinSpec,
    target: Extract<Awaited<ReturnType<IndexResolver['resolve']>>, { kind: 'virtual' }>,
    datasource: string,
    started: number
  ): Promise<SqlSemiJoin> {
    const childQuery = await this.walk(
      spec.childQuery,
      { parent: 'virtual', root: false, datasource, indices: spec.indices },
      `${spec.path}.request.query`
    );
    const children = await Promise.all(
      target.names.map(async (name) => {
        const child = await openVirtualTarget(
          this.deps.virtualIndices,
          name,
          target.definitions.get(name)!,
          {
            now: this.deps.now,
          }
        );
        return {
          resourceSql: child.resourceSql,
          columns: child.columns,
          key: child.definition.key,
          field: spec.childField,
          query: childQuery,
        };
      })
    );
    this.reports.push({
      path: spec.path,
      on: [spec.parentField, spec.childField],
      indices: spec.indices,
      child_backend: 'virtual',
      strategy: 'SQL_SEMI_JOIN',
      keys: 0,
      took_in_millis: Date.now() - started,
    });
    return new SqlSemiJoin(spec.parentField, children);
  }

  /** Nested joins first, then the child's keys (and projected values when asked for). */
  private async compute(
    spec: JoinSpec,
    target: Awaited<ReturnType<IndexResolver['resolve']>>,
    describe: string,
    scope: JoinScope
  ): Promise<ComputedJoin> {
    const before = this.computed.length;
    const childScope: JoinScope = { parent: target.kind, root: false, indices: spec.indices };
    const childQuery = await this.walk(spec.childQuery, childScope, `${spec.path}.request.query`);
    const limit = this.deps.limits.maxJoinKeys;
    const base = { path: spec.path, root: scope.root };
    if (target.kind === 'virtual') {
      const sets: KeySet[] = [];
      for (const name of target.names) {
        const child = await openVirtualTarget(
          this.deps.virtualIndices,
          name,
          target.definitions.get(name)!,
          {
            now: this.deps.now,
          }
        );
        sets.push(
          await virtualChildKeys(child, spec.childField, childQuery, {
            limit,
            describe,
            signal: this.signal(),
          })
        );
      }
      return { ...base, keys: unionKeySets(sets), strategy: 'BROADCAST_JOIN' };
    }
    if (spec.project.length > 0) {
      // A projection reads every child document; a nested join's projected fields are read through it.
      const nested = this.computed
        .slice(before)
        .flatMap((c) => (c.projection ? [c.projection] : []));
      const { keys, projection } = await scanProjection(
        this.deps.openSearch,
        spec.indices,
        spec.childField,
        spec.parentField,
        spec.project,
        childQuery,
        nested,
        { limit, describe }
      );
      return { ...base, keys, projection, strategy: 'BROADCAST_JOIN' };
    }
    const keysOf = (indices: string[], field: string, query: unknown) =>
      openSearchChildKeys(this.deps.openSearch, indices, field, query, {
        pageSize: this.deps.limits.keyPageSize,
        limit,
        describe,
        preference: this.deps.preference,
        remainingMs: () => this.remainingMs(),
      });
    const plan =
      scope.parent === 'opensearch' && scope.indices !== undefined
        ? await planJoin(
            this.deps.openSearch,
            spec.type,
            { indices: spec.indices, query: childQuery },
            { indices: scope.indices, field: spec.parentField },
            limit
          )
        : { strategy: spec.type ?? ('BROADCAST_JOIN' as const) };
    if (plan.strategy === 'INDEX_JOIN' && scope.indices !== undefined) {
      // Reversed: the parent's keys narrow the child first, then the child's keys filter the parent.
      const parentKeys = await keysOf(scope.indices, spec.parentField, { match_all: {} });
      const narrowed = {
        bool: {
          filter: [
            childQuery,
            (await this.filterFor(spec.childField, parentKeys, 'opensearch', spec.indices)).filter,
          ],
        },
      };
      return { ...base, keys: await keysOf(spec.indices, spec.childField, narrowed), ...plan };
    }
    // HASH_JOIN and BROADCAST_JOIN both stream the child's keys to the parent here.
    return { ...base, keys: await keysOf(spec.indices, spec.childField, childQuery), ...plan };
  }

  /**
   * Runs `work` under the search's join deadline (`joinTimeoutMs`): SQL statements are cancelled
   * through the signal, OpenSearch requests get the remaining time, and the search fails with a
   * 504 naming the setting instead of hanging.
   */
  private async withinDeadline<T>(work: () => Promise<T>): Promise<T> {
    if (this.deadline === null) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), this.deps.limits.timeoutMs);
      timer.unref();
      this.deadline = { at: Date.now() + this.deps.limits.timeoutMs, controller, timer };
    }
    try {
      return await work();
    } catch (error) {
      if (this.remainingMs() <= 0) {
        throw new FederationError(
          504,
          'join_timeout_exception',
          `the joins of this search did not finish within ${this.deps.limits.timeoutMs} ms (setting joinTimeoutMs)`,
          {},
          { cause: error }
        );
      }
      throw error;
    }
  }

  private signal(): AbortSignal | undefined {
    return this.deadline?.controller.signal;
  }

  private remainingMs(): number {
    return this.deadline === null ? this.deps.limits.timeoutMs : this.deadline.at - Date.now();
  }

  /** Stops the deadline timer; call when the search is done with the executor. */
  dispose(): void {
    if (this.deadline) clearTimeout(this.deadline.timer);
  }

  /**
   * The filter a join leaves in its parent's query: nothing matches for no keys; a virtual parent
   * gets a `terms` query its SQL translator binds; an OpenSearch parent gets one RoaringBitmap when
   * the cluster and the field's type allow (integer keys on `integer`/`long` fields), else `terms`
   * chunks within `index.max_terms_count`. Scores stay constant either way.
   */
  private async filterFor(
    field: string,
    keys: KeySet,
    parent: Backend,
    indices: string[] | undefined
  ): Promise<{ filter: unknown; form: 'none' | 'terms' | 'bitmap' }> {
    if (keyCount(keys) === 0) return { filter: { match_none: {} }, form: 'none' };
    if (parent === 'virtual')
      return {
        filter: { terms: { [field]: [...keyChunks(keys, keyCount(keys))][0] } },
        form: 'terms',
      };
    if (
      keys.kind === 'long' &&
      indices !== undefined &&
      this.deps.limits.bitmapFilter &&
      (await this.deps.limits.bitmapsSupported())
    ) {
      const type = await this.numericFieldType(indices, field);
      const bitmap = type === null ? null : bitmapFilter(field, keys.values, type);
      if (bitmap !== null)
        return { filter: { constant_score: { filter: bitmap } }, form: 'bitmap' };
    }
    const chunks = [...keyChunks(keys, this.deps.limits.termsChunkSize)].map((chunk) => ({
      terms: { [field]: chunk },
    }));
    const filter =
      chunks.length === 1 ? chunks[0] : { bool: { should: chunks, minimum_should_match: 1 } };
    return { filter: { constant_score: { filter } }, form: 'terms' };
  }

  /** `integer` or `long` when every index maps `field` so; null for anything else or a mix. */
  private async numericFieldType(
    indices: string[],
    field: string
  ): Promise<BitmapFieldType | null> {
    const caps = await this.deps.openSearch.request<{
      fields?: Record<string, Record<string, unknown>>;
    }>({
      method: 'GET',
      path: opensearchPath(indices.join(','), '_field_caps'),
      querystring: { fields: field },
    });
    const types = Object.keys(caps.fields?.[field] ?? {});
    return types.length === 1 && (types[0] === 'integer' || types[0] === 'long') ? types[0] : null;
  }
}
