/**
 * Assembles rows from the documents that survived reduction: nodes are bound in plan order, each
 * new node looked up in a hash index on the field that links it to an already bound node, then
 * every other edge and multi-node condition is checked as soon as its nodes are bound. A
 * generator, so shaping can stop early (LIMIT), and it yields PAUSE whenever the query's
 * WorkBudget has used its slice (its consumer lets the event loop run and checks the deadline
 * and the caller's abort): the indexes, the enumeration and the quantified edges' walks
 * (delegated to with `yield*`) all spend from it.
 */
import type { Expression } from '../../../common/gql/ast';
import type { BackendDocument } from '../backends/backend';
import {
  evaluateCondition,
  joinKey,
  scalarValues,
  type Binding,
  type DateFields,
} from './expressions';
import type { WorkBudget } from '../work_budget';
import type { GraphPlan } from './graph_plan';
import type { HopReach } from './hop_walk';
import { withPathHops } from './path_values';
import { PAUSE, type Pause } from './result_shaping';
import { badRequest } from '../errors';
import type { BoundEdge, BoundQuery, EdgeOrientation } from './bound_query';

export interface AssemblyInput {
  query: BoundQuery;
  plan: GraphPlan;
  /** Surviving documents per node id. */
  documents: ReadonlyArray<readonly BackendDocument[]>;
  /**
   * WHERE conjuncts over several nodes, checked once all their nodes are bound; those of an
   * OPTIONAL MATCH (`clause` > 0) filter its matches, never the rows before it.
   */
  conditions: ReadonlyArray<{
    expression: Expression;
    nodes: ReadonlySet<number>;
    clause?: number;
  }>;
  isDate: DateFields;
  /** The edges whose rows are one per path (named paths' quantified edges, shortest paths). */
  paths?: PathEdges;
}

function fieldOf(o: EdgeOrientation, node: number): string {
  return o.from === node ? o.relation.from.field : o.relation.to.field;
}

/** Whether a document's field shares a value with another document's field. */
function linked(
  a: BackendDocument,
  aField: string,
  b: BackendDocument,
  bField: string,
  keys: FieldKeys
): boolean {
  const bKeys = keys.of(b, bField);
  return keys.of(a, aField).some((key) => bKeys.includes(key));
}

/** Whether a plain (unquantified) edge holds between its two bound documents. */
export function edgeHolds(edge: BoundEdge, binding: Binding, keys = new FieldKeys()): boolean {
  const left = binding[edge.left]!;
  const right = binding[edge.right]!;
  return edge.orientations.some((o) => {
    const from = o.from === edge.left ? left : right;
    const to = o.from === edge.left ? right : left;
    return linked(from, o.relation.from.field, to, o.relation.to.field, keys);
  });
}

/**
 * The join key of a top-level field holding one value (the common case), read directly; null
 * when the field is nested, an array, or missing: FieldKeys handles those.
 */
function singleKey(doc: BackendDocument, field: string): string | null {
  if (field === '_id') return doc._id;
  const value = doc._source[field];
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') {
    return field.includes('.') ? null : String(value);
  }
  return null;
}

/** The distinct join keys of one field of each document, computed once per (field, document). */
export class FieldKeys {
  private readonly byField = new Map<string, Map<BackendDocument, readonly string[]>>();

  of(doc: BackendDocument, field: string): readonly string[] {
    let cache = this.byField.get(field);
    if (!cache) this.byField.set(field, (cache = new Map()));
    let keys = cache.get(doc);
    if (keys === undefined && !field.includes('.')) {
      // The common case, a top-level field with one value: no path walk, one small array.
      const value = field === '_id' ? doc._id : doc._source[field];
      if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') {
        keys = [String(value)];
        cache.set(doc, keys);
      }
    }
    if (keys === undefined) {
      const found: string[] = [];
      for (const value of scalarValues(doc, field.split('.'))) {
        const key = joinKey(value);
        if (key !== null && !found.includes(key)) found.push(key);
      }
      cache.set(doc, (keys = found));
    }
    return keys;
  }
}

/** Documents of a node by the join keys of one field, built once per (node, field). */
class KeyIndex {
  private readonly byKey = new Map<string, BackendDocument[]>();

  /** Indexes the documents, pausing when the budget says so. */
  static *build(
    documents: readonly BackendDocument[],
    field: string,
    keys: FieldKeys,
    budget: WorkBudget | undefined
  ): Generator<Pause, KeyIndex> {
    const index = new KeyIndex();
    for (const doc of documents) {
      index.add(doc, field, keys);
      if (budget?.spend()) yield PAUSE;
    }
    return index;
  }

  private add(doc: BackendDocument, field: string, keys: FieldKeys): void {
    const single = singleKey(doc, field);
    if (single !== null) {
      const list = this.byKey.get(single);
      if (list) list.push(doc);
      else this.byKey.set(single, [doc]);
      return;
    }
    for (const key of keys.of(doc, field)) {
      const list = this.byKey.get(key);
      if (list) list.push(doc);
      else this.byKey.set(key, [doc]);
    }
  }

  lookup(key: string): readonly BackendDocument[] {
    return this.byKey.get(key) ?? [];
  }
}

/**
 * Paths of a quantified edge: which documents reach which in min..max hops over its relation
 * without repeating a document. A walk may be long, so it is a generator that pauses like the
 * assembly around it and returns the reach.
 */
export interface HopIndex {
  reachable(
    edge: BoundEdge,
    from: BackendDocument,
    direction: 'forward' | 'backward'
  ): Generator<Pause, HopReach>;
}

/**
 * Paths along the edges whose rows are one per path (path_edges.ts): from a bound end, each far
 * end once per path, with the documents between the ends in the edge's written order.
 */
export interface PathEdges {
  has(edge: BoundEdge): boolean;
  from(
    edge: BoundEdge,
    from: BackendDocument,
    direction: 'forward' | 'backward'
  ): Generator<
    Pause,
    { ends: readonly BackendDocument[]; middles: ReadonlyArray<readonly BackendDocument[]> }
  >;
}

/** Every binding of the pattern over the documents, in plan order (tests, small inputs). */
export function* assembleBindings(input: AssemblyInput, hops?: HopIndex): Generator<Binding> {
  for (const binding of assemble(input, hops, undefined)) if (binding !== PAUSE) yield binding;
}

/**
 * The same, with a PAUSE whenever `budget` has used its slice, so the caller can let the event
 * loop run: a pattern with millions of bindings (or of candidates that fail their conditions),
 * or a dense quantified edge, must not freeze the host.
 */
export function assembleWithPauses(
  input: AssemblyInput,
  hops: HopIndex | undefined,
  budget: WorkBudget
): Generator<Binding | Pause> {
  return assemble(input, hops, budget);
}

function* assemble(
  input: AssemblyInput,
  hops: HopIndex | undefined,
  budget: WorkBudget | undefined
): Generator<Binding | Pause> {
  const { query, plan, documents } = input;
  const keys = new FieldKeys();
  const order = plan.order;
  // The hash indexes the plain join edges look candidates up in, built first (pausing).
  const indexes = new Map<string, KeyIndex>();
  const indexKey = (node: number, field: string) => `${node}\u0000${field}`;
  for (const node of order) {
    const edgeId = plan.joinEdge.get(node);
    if (edgeId === undefined || query.edges[edgeId].quantifier) continue;
    for (const o of query.edges[edgeId].orientations) {
      const field = fieldOf(o, node);
      if (indexes.has(indexKey(node, field))) continue;
      indexes.set(
        indexKey(node, field),
        yield* KeyIndex.build(documents[node], field, keys, budget)
      );
    }
  }
  const indexOf = (node: number, field: string) => indexes.get(indexKey(node, field))!;
  const position = new Map(order.map((node, i) => [node, i]));
  // Each clause binds its new nodes at consecutive positions (graph_plan.ts, joinOrder); an
  // OPTIONAL MATCH's checks are made at its positions, or on entering it when all their nodes
  // are earlier, never sooner: they filter its matches, not the rows before it.
  const clauses = query.clauses;
  const firstAt = clauses.map((_, c) => {
    const i = order.findIndex((node) => query.nodes[node].clause >= c);
    return i < 0 ? order.length : i;
  });
  const endAt = clauses.map((_, c) => (c + 1 < clauses.length ? firstAt[c + 1] : order.length));
  const atPosition = (clause: number, last: number) => (last < firstAt[clause] ? null : last);
  // Checks that become possible when the node at position i is bound: plain edges (and
  // conditions) synchronously, quantified edges by a walk. A join edge needs no check: its
  // candidates were found along it (a quantified one's reach is the same from either end).
  const edgesAt = order.map(() => [] as BoundEdge[]);
  const walksAt = order.map(() => [] as BoundEdge[]);
  const entryEdges = clauses.map(() => [] as BoundEdge[]);
  const entryConditions = clauses.map(() => [] as Expression[]);
  for (const edge of query.edges) {
    const last = Math.max(position.get(edge.left)!, position.get(edge.right)!);
    if (plan.joinEdge.get(order[last]) === edge.id) continue;
    const at = atPosition(edge.clause, last);
    if (at === null) entryEdges[edge.clause].push(edge);
    else (edge.quantifier ? walksAt : edgesAt)[at].push(edge);
  }
  const conditionsAt = order.map(() => [] as Expression[]);
  for (const c of input.conditions) {
    const clause = c.clause ?? 0;
    const at = atPosition(clause, Math.max(-1, ...[...c.nodes].map((n) => position.get(n)!)));
    if (at === null) entryConditions[clause].push(c.expression);
    else conditionsAt[at].push(c.expression);
  }
  for (const edge of [...walksAt.flat(), ...entryEdges.flat()]) {
    if (input.paths?.has(edge)) {
      throw badRequest(
        `the path along [${edge.name}:${edge.label}] closes a cycle of the pattern (its ends are joined otherwise too); a named or shortest path must be the only way its ends are joined`
      );
    }
  }
  // The documents between the ends of each path-per-row edge, for the row being bound.
  const hopsNow = new Map<number, readonly BackendDocument[]>();
  const middlesAt: Array<ReadonlyArray<readonly BackendDocument[]> | null> = order.map(() => null);
  const row = () => withPathHops(binding.slice(), hopsNow);
  // The nodes of earlier clauses an OPTIONAL MATCH names: one of them null, it cannot match.
  const entryNodes = clauses.map((clause, c) =>
    clause.nodes.filter((node) => query.nodes[node].clause < c)
  );
  const binding: Array<BackendDocument | undefined> = query.nodes.map(() => undefined);

  /** Candidates along a plain join edge (or every document of a start). */
  function candidates(i: number): readonly BackendDocument[] {
    const node = order[i];
    const edgeId = plan.joinEdge.get(node);
    if (edgeId === undefined) return documents[node];
    const edge = query.edges[edgeId];
    const other = edge.left === node ? edge.right : edge.left;
    const bound = binding[other]!;
    const [only] = edge.orientations;
    if (edge.orientations.length === 1) {
      // The common case, one key read directly: the index's own list, no copy.
      const single = singleKey(bound, fieldOf(only, other));
      if (single !== null) return indexOf(node, fieldOf(only, node)).lookup(single);
      const boundKeys = keys.of(bound, fieldOf(only, other));
      // The common case, one key: the index's own list, no copy.
      if (boundKeys.length === 1) return indexOf(node, fieldOf(only, node)).lookup(boundKeys[0]);
    }
    // Several keys or orientations may reach one document twice: one row per pair all the same.
    const found = new Set<BackendDocument>();
    for (const o of edge.orientations) {
      const index = indexOf(node, fieldOf(o, node));
      for (const key of keys.of(bound, fieldOf(o, other))) {
        for (const doc of index.lookup(key)) found.add(doc);
      }
    }
    return [...found];
  }

  /** The quantified join edge reaching the node at position i, if that is how it is reached. */
  function walkTo(i: number): { edge: BoundEdge; direction: 'forward' | 'backward' } | null {
    const edgeId = plan.joinEdge.get(order[i]);
    if (edgeId === undefined || !query.edges[edgeId].quantifier) return null;
    const edge = query.edges[edgeId];
    return { edge, direction: edge.left === order[i] ? 'backward' : 'forward' };
  }
  const walks = order.map((_, i) => walkTo(i));

  /** The documents the node at position i may bind: along its join edge, plain or quantified. */
  function* listAt(i: number): Generator<Pause, readonly BackendDocument[]> {
    const walk = walks[i];
    if (walk === null) return candidates(i);
    const other = walk.direction === 'forward' ? walk.edge.left : walk.edge.right;
    if (input.paths?.has(walk.edge)) {
      const found = yield* input.paths.from(walk.edge, binding[other]!, walk.direction);
      middlesAt[i] = found.middles;
      return found.ends;
    }
    return (yield* hops!.reachable(walk.edge, binding[other]!, walk.direction)).documents;
  }

  /** Whether the plain edges and conditions that become checkable at position i hold. */
  function holds(i: number): boolean {
    const edges = edgesAt[i];
    for (let e = 0; e < edges.length; e++) if (!edgeHolds(edges[e], binding, keys)) return false;
    const conditions = conditionsAt[i];
    for (let c = 0; c < conditions.length; c++) {
      if (!evaluateCondition(conditions[c], binding, query.variables, input.isDate)) return false;
    }
    return true;
  }

  /** Whether the quantified edges checkable once `edges`' ends are bound connect them. */
  function* connected(edges: readonly BoundEdge[]): Generator<Pause, boolean> {
    for (const edge of edges) {
      const reach = yield* hops!.reachable(edge, binding[edge.left]!, 'forward');
      if (!reach.has(binding[edge.right]!)) return false;
    }
    return true;
  }

  /** Whether clause c can match at all given the rows before it: its checks on earlier nodes. */
  function* entryHolds(c: number): Generator<Pause, boolean> {
    if (entryNodes[c].some((node) => binding[node] === undefined)) return false;
    for (const edge of entryEdges[c]) {
      if (!edge.quantifier && !edgeHolds(edge, binding, keys)) return false;
    }
    for (const condition of entryConditions[c]) {
      if (!evaluateCondition(condition, binding, query.variables, input.isDate)) return false;
    }
    return yield* connected(entryEdges[c].filter((edge) => edge.quantifier));
  }

  const lists: Array<readonly BackendDocument[]> = new Array(order.length);
  const next = new Int32Array(order.length);

  /**
   * The rows of clause c onwards, given the nodes before it: each match of clause c (its
   * positions enumerated depth-first with an explicit stack, one generator frame per clause,
   * not per node), extended by the clauses after it; for an OPTIONAL MATCH without a match, the
   * row once with its new nodes null (a left outer join). The last clause yields rows itself.
   */
  function* rowsFrom(c: number): Generator<Binding | Pause> {
    const last = c === clauses.length - 1;
    const from = firstAt[c];
    const to = endAt[c];
    let matched = false;
    if (c === 0 || (yield* entryHolds(c))) {
      if (from === to) {
        matched = true;
        if (last) yield row();
        else yield* rowsFrom(c + 1);
      } else {
        let level = from;
        lists[from] = yield* listAt(from);
        next[from] = 0;
        while (level >= from) {
          const list = lists[level];
          if (next[level] >= list.length) {
            binding[order[level]] = undefined;
            level--;
            continue;
          }
          const doc = list[next[level]++];
          if (budget?.spend()) yield PAUSE;
          binding[order[level]] = doc;
          const middles = middlesAt[level];
          if (middles !== null) hopsNow.set(walks[level]!.edge.id, middles[next[level] - 1]);
          if (!holds(level)) continue;
          if (walksAt[level].length > 0 && !(yield* connected(walksAt[level]))) continue;
          if (level === to - 1) {
            matched = true;
            if (last) yield row();
            else yield* rowsFrom(c + 1);
            continue;
          }
          level++;
          // The common case, a plain join edge, without a generator.
          lists[level] = walks[level] === null ? candidates(level) : yield* listAt(level);
          next[level] = 0;
        }
      }
    }
    if (matched || !clauses[c].optional) return;
    for (let i = from; i < to; i++) binding[order[i]] = undefined;
    if (last) yield row();
    else yield* rowsFrom(c + 1);
  }

  yield* rowsFrom(0);
}
