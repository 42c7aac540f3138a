import type { BackendKind } from '../backends/backend';
import type { BackendFactory } from '../backends/backend_factory';
import { keyCount, type KeySet } from '../backends/key_set';
import type { OpenSearchBackend } from '../backends/opensearch_backend';
import type { VirtualBackend } from '../backends/virtual_backend';
import { badRequest, FederationError } from '../errors';
import type { OpenSearchGateway } from '../opensearch/opensearch_gateway';
import { SqlSemiJoin } from '../sql/sql_semi_join';
import { planJoin, type ChildCount } from './join_planner';
import { isJoinNode, parseJoin, type JoinSpec, type JoinStrategy } from './join_query';
import {
  backendProjectionReader,
  openSearchProjectionReader,
  scanProjection,
  type Projection,
} from './projection';

export interface JoinLimits {
  /** Most distinct keys of one join's child (setting maxJoinKeys). */
  maxJoinKeys: number;
  /** How long the joins of one search may take, all together. */
  timeoutMs: number;
}

/** What `debug=true` shows of each join. */
export interface JoinReport {
  path: string;
  on: [string, string];
  indices: string[];
  child_backend: BackendKind;
  /** SQL_SEMI_JOIN: inlined into the statement of a virtual parent on the same datasource. */
  strategy: JoinStrategy | 'SQL_SEMI_JOIN';
  /** The counts the planner chose from (OpenSearch ↔ OpenSearch joins without `type`). */
  estimates?: { child_docs: number; parent_keys?: number };
  keys: number;
  /** How the keys reached the parent: a bitmap, term chunks, ids, nothing (no keys), or SQL. */
  filter?: 'none' | 'terms' | 'bitmap' | 'ids';
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
  estimates?: { child_docs: number; parent_keys?: number };
}

/** Who runs a query being rewritten (see `JoinExecutor.rewrite`). */
export interface JoinScope {
  /** The backend of the parent indices: it takes the join's key filter. */
  parent: OpenSearchBackend | VirtualBackend;
  root: boolean;
  /** A virtual parent's datasource: joins with children there are inlined as SQL. */
  datasource?: string;
}

/**
 * Evaluates the joins of a query bottom-up and replaces each with a filter on the parent field:
 * nested joins first (their results narrow the child), then the child's backend streams its
 * distinct keys into a typed key set, then the parent's backend turns them into the filter it
 * evaluates best (backends/). A semi-join scores nothing: the filter scores constantly.
 */
export class JoinExecutor {
  readonly reports: JoinReport[] = [];
  readonly computed: ComputedJoin[] = [];
  private deadline: { at: number; controller: AbortController; timer: NodeJS.Timeout } | null =
    null;

  constructor(
    private readonly deps: {
      backends: BackendFactory;
      /** For projections, which scroll the child's doc values (projection.ts). */
      openSearch: OpenSearchGateway;
      limits: JoinLimits;
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
   * The query with every join replaced by filters. `scope` says who runs it: the parent's
   * backend (its indices plan the join and its kind shapes the filter), a virtual parent's
   * datasource (for inlining), and whether it is the search's own query (whose projections
   * reach the returned hits).
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
    const describe = `the join on [${spec.parentField}]=[${spec.childField}] at [${spec.path}]`;
    const child = await this.deps.backends.open(spec.indices);
    const { parent, root, datasource } = scope;
    if (
      datasource !== undefined &&
      child.kind === 'virtual' &&
      spec.project.length === 0 &&
      child.targets.every((t) => t.definition.datasource === datasource)
    ) {
      return this.inline(spec, child, datasource, started);
    }
    // A nested join may project into a virtual child: the join above reads its values through.
    if (spec.project.length > 0 && parent.kind === 'virtual' && root) {
      throw badRequest(
        `[${spec.path}.request.project] cannot project fields into a virtual index's hits; remove [project] from this join, or make the join's parent an OpenSearch index`
      );
    }
    const computed =
      this.known.get(spec.path) ??
      (await this.withinDeadline(() => this.compute(spec, child, describe, scope)));
    const { keys } = computed;
    this.computed.push({ ...computed, root });
    const { filter, form } = await parent.keyFilter(spec.parentField, keys);
    this.reports.push({
      path: spec.path,
      on: [spec.parentField, spec.childField],
      indices: spec.indices,
      child_backend: child.kind,
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
    child: VirtualBackend,
    datasource: string,
    started: number
  ): Promise<SqlSemiJoin> {
    const childQuery = await this.walk(
      spec.childQuery,
      { parent: child, root: false, datasource },
      `${spec.path}.request.query`
    );
    const children = child.targets.map((target) => ({
      resourceSql: target.resourceSql,
      columns: target.columns,
      key: target.definition.key,
      field: spec.childField,
      query: childQuery,
    }));
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
    child: OpenSearchBackend | VirtualBackend,
    describe: string,
    scope: JoinScope
  ): Promise<ComputedJoin> {
    const before = this.computed.length;
    const childScope: JoinScope = { parent: child, root: false };
    const childQuery = await this.walk(spec.childQuery, childScope, `${spec.path}.request.query`);
    const limit = this.deps.limits.maxJoinKeys;
    const base = { path: spec.path, root: scope.root };
    const options = {
      limit,
      describe,
      preference: this.deps.preference,
      signal: this.signal(),
      remainingMs: () => this.remainingMs(),
    };
    if (child.kind === 'virtual') checkVirtualKeyField(child, spec.childField, describe);
    if (spec.project.length > 0) {
      // A projection reads every child document; a nested join's projected fields are read through it.
      const nested = this.computed
        .slice(before)
        .flatMap((c) => (c.projection ? [c.projection] : []));
      const read =
        child.kind === 'virtual'
          ? backendProjectionReader(child, childQuery, options)
          : openSearchProjectionReader(this.deps.openSearch, spec.indices, childQuery, {
              preference: this.deps.preference,
            });
      const { keys, projection } = await scanProjection(
        read,
        spec.childField,
        spec.parentField,
        spec.project,
        nested,
        { limit, describe }
      );
      return { ...base, keys, projection, strategy: 'BROADCAST_JOIN' };
    }
    if (child.kind === 'virtual') {
      const keys = await child.distinctKeys(spec.childField, childQuery, options);
      return { ...base, keys, strategy: 'BROADCAST_JOIN' };
    }
    const { parent } = scope;
    if (parent.kind !== 'opensearch' || parent.indices.length === 0) {
      const keys = await child.distinctKeys(spec.childField, childQuery, options);
      return { ...base, keys, strategy: spec.type ?? 'BROADCAST_JOIN' };
    }
    // Unless `type` forces a direction, the child's keys are read while the planner counts: most
    // joins broadcast, and the counts then cost no time. A reversed plan stops that read. The
    // read's first page also counts the child's documents, the planner's estimate, so the child
    // query runs once (a separate `_count` competed with the read for OpenSearch's CPU); `_id`
    // keys are read from a point in time, which counts nothing, so they keep the `_count`.
    const speculative = new AbortController();
    const counted = spec.type === undefined && spec.childField !== '_id';
    const matchCount = counted ? deferred<ChildCount>() : null;
    // The key filter's form depends on the parent field's type: read it now, beside the key
    // read, not after the keys (a serial `_field_caps` round trip, 1-5 ms, in the join's profile).
    parent.fieldType(spec.parentField).catch(() => undefined);
    const broadcast =
      spec.type !== 'INDEX_JOIN'
        ? child.distinctKeys(spec.childField, childQuery, {
            ...options,
            signal: anySignal(options.signal, speculative.signal),
            onMatchCount: (docs, complete) => matchCount?.resolve({ docs, complete }),
          })
        : null;
    // Settled later, or never when the plan reverses: no unhandled rejection meanwhile. A read
    // that ends without having counted (none here does) settles the count with its keys.
    broadcast?.then(
      (keys) => matchCount?.resolve({ docs: keyCount(keys), complete: true }),
      (error: unknown) => matchCount?.reject(error)
    );
    matchCount?.promise.catch(() => undefined);
    let plan;
    try {
      plan = await planJoin(
        spec.type,
        async () =>
          matchCount?.promise ?? { docs: await child.count(childQuery, options), complete: false },
        { backend: parent, field: spec.parentField },
        limit,
        options
      );
    } catch (error) {
      speculative.abort();
      throw error;
    }
    if (plan.strategy !== 'INDEX_JOIN') {
      // HASH_JOIN and BROADCAST_JOIN both stream the child's keys to the parent.
      return { ...base, keys: await broadcast!, ...plan };
    }
    speculative.abort();
    // Reversed: the parent's keys narrow the child first, then the child's keys filter the parent.
    const parentKeys = await parent.distinctKeys(spec.parentField, { match_all: {} }, options);
    const narrowed = {
      bool: {
        filter: [childQuery, (await child.keyFilter(spec.childField, parentKeys)).filter],
      },
    };
    return {
      ...base,
      keys: await child.distinctKeys(spec.childField, narrowed, options),
      ...plan,
    };
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
}

/** Joins that cross backends compare integer or keyword keys (UUID columns map to keyword). */
const VIRTUAL_KEY_TYPES = new Set(['long', 'keyword']);

function checkVirtualKeyField(child: VirtualBackend, field: string, describe: string): void {
  for (const name of child.indices) {
    const type = child.fieldTypeIn(name, field);
    if (type === null) {
      throw badRequest(
        `${describe} names the child field [${field}], which virtual index [${name}] does not have`
      );
    }
    if (!VIRTUAL_KEY_TYPES.has(type)) {
      throw badRequest(
        `${describe} uses [${field}] of virtual index [${name}], of type [${type}]; joins with virtual indices take integer or keyword keys: join on an integer, string or UUID column`
      );
    }
  }
}

/** A signal that aborts when either does (the search's deadline, or a plan that reversed). */
function anySignal(deadline: AbortSignal | undefined, own: AbortSignal): AbortSignal {
  return deadline === undefined ? own : AbortSignal.any([deadline, own]);
}

/** A promise with its settle functions (Promise.withResolvers, which Node 20 lacks). */
function deferred<T>(): {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
} {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
