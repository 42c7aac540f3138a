/**
 * Per-node state of one graph query while it is reduced: the node's query (its query strings,
 * the WHERE parts its backend took, and one key filter per reduction along an edge), the WHERE
 * parts left for its fetched documents, and the fields its documents must carry.
 */
import type { Expression } from '../../../common/gql/ast';
import type { Backend, BackendDocument, CallOptions } from '../backends/backend';
import type { FieldPredicate } from '../backends/field_predicate';
import { keyCount, KeySetBuilder, unionKeySets, type KeySet } from '../backends/key_set';
import { badRequest } from '../errors';
import { WorkBudget } from '../work_budget';
import { evaluateCondition, fieldName, scalarValues } from './expressions';
import type { GraphLimits } from './graph_limits';
import type { BoundEdge, BoundQuery, EdgeOrientation } from './bound_query';
import { walkExpression } from '../../../common/gql/expression_walk';

/** How one hop walks a relation: read `value` of the current document, find `lookup` equal. */
export interface HopDirection {
  value: string;
  lookup: string;
}

/**
 * The ways to walk an edge starting from `node`: along each orientation that has `node` at one
 * end. Undirected edges walk both ways.
 */
export function hopDirections(edge: BoundEdge, node: number): HopDirection[] {
  return edge.orientations.map((o: EdgeOrientation) =>
    o.from === node
      ? { value: o.relation.from.field, lookup: o.relation.to.field }
      : { value: o.relation.to.field, lookup: o.relation.from.field }
  );
}

/** The directions without repeats (a relation from an entity to itself walks one way twice). */
export function distinctDirections(directions: HopDirection[]): HopDirection[] {
  const seen = new Set<string>();
  return directions.filter((d) => {
    const key = `${d.value}\u0000${d.lookup}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export class ReductionState {
  private readonly filters: unknown[][];
  private readonly remaining: Expression[][];
  private readonly empty: boolean[];
  /** Per node, its count or the fewest distinct keys seen on it: about how many documents a fetch reads. */
  private readonly narrowedTo: number[];
  private readonly fields: Array<Set<string> | 'all'>;
  /** The ends of shortest-path edges: fetched in one plain read when nothing narrowed them. */
  private readonly shortestEnds: Set<number>;
  private readonly dates = new Map<string, boolean>();

  constructor(
    private readonly query: BoundQuery,
    readonly backends: readonly Backend[],
    private readonly limits: GraphLimits,
    /** Backends of whole entities, for the hidden middle hops of quantified edges. */
    readonly entityBackends: ReadonlyMap<string, Backend>,
    /** The query's budget: loops over fetched documents pause on it (none in tests). */
    private readonly budget = new WorkBudget(() => {})
  ) {
    this.filters = query.nodes.map((node) =>
      node.queryStrings.map((q) => ({ query_string: { query: q } }))
    );
    this.remaining = query.nodes.map(() => []);
    this.empty = query.nodes.map(() => false);
    this.narrowedTo = query.nodes.map(() => Infinity);
    this.fields = neededFields(query);
    this.shortestEnds = new Set(
      query.edges.filter((edge) => edge.shortest).flatMap((edge) => [edge.left, edge.right])
    );
  }

  /** The node's current query in the DSL its backend reads (a copy: later steps add filters). */
  queryOf(node: number): unknown {
    const filters = this.filters[node];
    if (filters.length === 0) return { match_all: {} };
    return filters.length === 1 ? filters[0] : { bool: { filter: [...filters] } };
  }

  /** A WHERE part that holds for no binding: every node matches nothing. */
  matchNothing(): void {
    this.filters.forEach((filters, node) => {
      filters.push({ match_none: {} });
      this.empty[node] = true;
    });
  }

  /** Whether the node has a query string or a WHERE part its backend evaluates. */
  hasConditions(node: number): boolean {
    return this.filters[node].length > 0;
  }

  /** A WHERE conjunct on one node: its backend takes what it can, the rest is checked on fetch. */
  async addCondition(
    node: number,
    expression: Expression,
    predicate: FieldPredicate | null
  ): Promise<void> {
    if (predicate !== null) {
      const { pushed, remaining } = await this.backends[node].applyFilter(predicate);
      if (pushed !== null) this.filters[node].push(pushed);
      if (remaining === null) return;
    }
    this.remaining[node].push(expression);
    await this.loadDates([expression]);
  }

  /** Learns which fields read by conditions evaluated here are dates (compared as instants). */
  async loadDateFields(conditions: ReadonlyArray<{ expression: Expression }>): Promise<void> {
    await this.loadDates(conditions.map((c) => c.expression));
  }

  private async loadDates(expressions: Expression[]): Promise<void> {
    const wanted: Array<[number, string]> = [];
    for (const expression of expressions) {
      walkExpression(expression, (e) => {
        if (e.kind === 'property')
          wanted.push([this.query.variables.get(e.variable.name)!, fieldName(e.path)]);
      });
    }
    await Promise.all(
      wanted.map(async ([node, field]) => {
        const type = await this.backends[node].fieldType(field);
        this.dates.set(`${node}\u0000${field}`, type === 'date' || type === 'date_nanos');
      })
    );
  }

  isDate(node: number, field: string): boolean {
    return this.dates.get(`${node}\u0000${field}`) ?? false;
  }

  async count(node: number, options: CallOptions): Promise<number> {
    const count = await this.backends[node].count(this.queryOf(node), options);
    this.narrowedTo[node] = Math.min(this.narrowedTo[node], count);
    return count;
  }

  /** Whether a node of the MATCH clauses matches nothing (an OPTIONAL MATCH node may). */
  anyEmpty(): boolean {
    return this.empty.some((empty, node) => empty && this.query.nodes[node].clause === 0);
  }

  /**
   * Narrows `to` to the documents linked along `edge` to some document of `from` (a semi-join:
   * `from`'s distinct keys become a key filter on `to`). Returns how many keys crossed.
   */
  async reduce(
    edge: BoundEdge,
    from: number,
    to: number,
    pattern: string,
    options: CallOptions
  ): Promise<number> {
    const keyOptions = {
      ...options,
      limit: this.limits.maxFrontierKeys,
      describe: `the graph step ${pattern}`,
      setting: 'maxGraphFrontierKeys',
    };
    const directions = hopDirections(edge, from);
    let keys = await Promise.all(
      directions.map((d) =>
        this.backends[from].distinctKeys(d.value, this.queryOf(from), keyOptions)
      )
    );
    if (edge.quantifier) keys = await this.hopKeys(edge, directions, keys, keyOptions);
    const filters: unknown[] = [];
    let crossed = 0;
    for (let i = 0; i < directions.length; i++) {
      crossed += keyCount(keys[i]);
      if (keyCount(keys[i]) > 0)
        filters.push((await this.backends[to].keyFilter(directions[i].lookup, keys[i])).filter);
    }
    // Key fields are usually unique per document (an id): about as many documents as keys, on
    // both ends (`from` had that many distinct keys; `to` is narrowed to them). Filters only
    // narrow, so the fewest seen stays a bound. Only a hint: a fetch checks it.
    if (!edge.quantifier) {
      this.narrowedTo[from] = Math.min(this.narrowedTo[from], crossed);
      this.narrowedTo[to] = Math.min(this.narrowedTo[to], crossed);
    }
    if (filters.length === 0) {
      this.empty[to] = true;
      this.filters[to].push({ match_none: {} });
    } else {
      this.filters[to].push(
        filters.length === 1 ? filters[0] : { bool: { should: filters, minimum_should_match: 1 } }
      );
    }
    return crossed;
  }

  /**
   * A quantified edge `{min,max}`: per walking direction, the keys a document reached in min..max
   * hops may be found by, starting from `start` (the keys of the first hop). Middle hops read the
   * relation's whole entity; an undirected edge may change direction at every hop. Paths that
   * repeat a document are removed when rows are assembled, so this is a superset, as it must be.
   */
  private async hopKeys(
    edge: BoundEdge,
    directions: HopDirection[],
    start: KeySet[],
    options: CallOptions & { limit: number; describe: string }
  ): Promise<KeySet[]> {
    const { min, max } = edge.quantifier!;
    const entity = this.entityBackends.get(edge.orientations[0].relation.from.entity)!;
    const reached: KeySet[][] = directions.map(() => []);
    let frontier = start;
    for (let hop = 1; hop <= max; hop++) {
      if (hop >= min) frontier.forEach((keys, i) => reached[i].push(keys));
      if (hop === max) break;
      const filters: unknown[] = [];
      for (let i = 0; i < directions.length; i++) {
        if (keyCount(frontier[i]) > 0)
          filters.push((await entity.keyFilter(directions[i].lookup, frontier[i])).filter);
      }
      if (filters.length === 0) break;
      const docs =
        filters.length === 1 ? filters[0] : { bool: { should: filters, minimum_should_match: 1 } };
      frontier = await Promise.all(
        directions.map((d) => entity.distinctKeys(d.value, docs, options))
      );
    }
    return reached.map((sets) =>
      sets.length === 0
        ? { kind: 'long' as const, values: new Float64Array(0) }
        : unionKeySets(sets)
    );
  }

  /** Whether some node has a WHERE part its backend did not take (checked on its documents). */
  hasRemainingConditions(): boolean {
    return this.remaining.some((conditions) => conditions.length > 0);
  }

  /**
   * A filter on `to` for the documents linked along `edge` to `documents` of `from` (the keys
   * of what was read, as a reduction's are of what matches); null when they carry no key.
   */
  async linkedFilter(
    edge: BoundEdge,
    from: number,
    to: number,
    documents: readonly BackendDocument[],
    pattern: string
  ): Promise<unknown> {
    const filters: unknown[] = [];
    for (const direction of hopDirections(edge, from)) {
      const keys = new KeySetBuilder(
        this.limits.maxFrontierKeys,
        `the graph step ${pattern}`,
        'maxGraphFrontierKeys'
      );
      const path = direction.value.split('.');
      for (const doc of documents) {
        for (const value of scalarValues(doc, path)) keys.add(value);
        await this.budget.tick();
      }
      const set = keys.build();
      if (keyCount(set) > 0)
        filters.push((await this.backends[to].keyFilter(direction.lookup, set)).filter);
    }
    if (filters.length === 0) return null;
    return filters.length === 1
      ? filters[0]
      : { bool: { should: filters, minimum_should_match: 1 } };
  }

  /**
   * The node's surviving documents, with the fields the query reads, past its own conditions;
   * with `read`, only the first `first` of them, or only those `filter` also matches.
   */
  async fetch(
    node: number,
    options: CallOptions,
    read: { first?: number; filter?: unknown } = {}
  ): Promise<BackendDocument[]> {
    const fields = this.fields[node];
    const limit = read.first ?? this.limits.maxDocuments;
    const query =
      read.filter === undefined
        ? this.queryOf(node)
        : { bool: { filter: [...this.filters[node], read.filter] } };
    const documents: BackendDocument[] = [];
    for await (const doc of this.backends[node].documents(query, {
      ...options,
      ...(fields === 'all' ? {} : { fields: [...fields] }),
      limit: read.first ?? limit + 1,
      // Rows are assembled by hash lookups: any order will do.
      ordered: false,
      ...(read.first === undefined ? this.expectedDocuments(node) : { anyUpToLimit: true }),
    })) {
      if (read.first !== undefined && documents.length === read.first) break;
      if (documents.length === limit) {
        throw badRequest(
          `the node (${this.query.nodes[node].display}) matches more than ${limit} documents after narrowing along the pattern; add conditions to it, or raise the setting maxGraphDocuments`
        );
      }
      documents.push(doc);
      // Buffered documents arrive without a turn of the event loop: pause on the budget.
      await this.budget.tick();
    }
    const conditions = this.remaining[node];
    if (conditions.length === 0) return documents;
    const binding: Array<BackendDocument | undefined> = this.query.nodes.map(() => undefined);
    const kept: BackendDocument[] = [];
    for (const doc of documents) {
      binding[node] = doc;
      const holds = conditions.every((c) =>
        evaluateCondition(c, binding, this.query.variables, (n, f) => this.isDate(n, f))
      );
      if (holds) kept.push(doc);
      await this.budget.tick();
    }
    return kept;
  }

  /**
   * The fetch's hint of how many documents it reads: the node's count or narrowing; for an end
   * of a shortest path that nothing counted (graph_plan.ts, planCounts), a few, as the pairs
   * its step answers grow with the product of both ends. Only a hint: a wrong one costs a
   * second read (backend.ts, expectedDocuments).
   */
  private expectedDocuments(node: number): { expectedDocuments?: number } {
    if (Number.isFinite(this.narrowedTo[node])) return { expectedDocuments: this.narrowedTo[node] };
    return this.shortestEnds.has(node) ? { expectedDocuments: 1 } : {};
  }
}

/** The `_source` fields each node's documents must carry (`all` for a selected whole variable). */
function neededFields(query: BoundQuery): Array<Set<string> | 'all'> {
  const fields: Array<Set<string> | 'all'> = query.nodes.map(() => new Set<string>());
  const add = (node: number, field: string) => {
    const set = fields[node];
    if (set !== 'all' && field !== '_id' && field !== '_index') set.add(field);
  };
  const { statement } = query;
  const expressions = [
    ...statement.items.map((i) => i.expression),
    ...statement.orderBy.map((o) => o.expression),
    ...query.clauses.flatMap((clause) => (clause.where ? [clause.where] : [])),
  ];
  for (const expression of expressions) {
    walkExpression(expression, (e) => {
      const node =
        e.kind === 'property' || e.kind === 'variable' ? query.variables.get(e.variable.name)! : -1;
      if (node === undefined) return; // A path variable (its nodes are below).
      if (e.kind === 'property') add(node, fieldName(e.path));
      if (e.kind === 'variable') fields[node] = 'all';
    });
  }
  // A path's value shows its nodes' whole documents.
  for (const path of query.pathVariables?.values() ?? []) {
    for (const node of query.paths[path].nodes) fields[node] = 'all';
  }
  for (const edge of query.edges) {
    for (const o of edge.orientations) {
      add(o.from, o.relation.from.field);
      add(o.to, o.relation.to.field);
      if (edge.quantifier) {
        // Paths walk through the ends too: both need both fields of the relation.
        add(o.from, o.relation.to.field);
        add(o.to, o.relation.from.field);
      }
    }
  }
  return fields;
}
