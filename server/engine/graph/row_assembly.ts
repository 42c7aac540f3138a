/**
 * Assembles rows from the documents that survived reduction: nodes are bound in plan order, each
 * new node looked up in a hash index on the field that links it to an already bound node, then
 * every other edge and multi-node condition is checked as soon as its nodes are bound. A
 * generator, so shaping can stop early (LIMIT) and the caller can check its deadline.
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
import type { GraphPlan } from './graph_plan';
import { PAUSE, type Pause } from './result_shaping';
import type { BoundEdge, BoundQuery, EdgeOrientation } from './query_binding';

export interface AssemblyInput {
  query: BoundQuery;
  plan: GraphPlan;
  /** Surviving documents per node id. */
  documents: ReadonlyArray<readonly BackendDocument[]>;
  /** WHERE conjuncts over several nodes, checked once all their nodes are bound. */
  conditions: ReadonlyArray<{ expression: Expression; nodes: ReadonlySet<number> }>;
  isDate: DateFields;
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

export function edgeHolds(
  edge: BoundEdge,
  binding: Binding,
  hops?: HopIndex,
  keys = new FieldKeys()
): boolean {
  const left = binding[edge.left]!;
  const right = binding[edge.right]!;
  if (edge.quantifier) return hops!.connects(edge, left, right);
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
  constructor(documents: readonly BackendDocument[], field: string, keys: FieldKeys) {
    for (const doc of documents) {
      const single = singleKey(doc, field);
      if (single !== null) {
        const list = this.byKey.get(single);
        if (list) list.push(doc);
        else this.byKey.set(single, [doc]);
        continue;
      }
      for (const key of keys.of(doc, field)) {
        const list = this.byKey.get(key);
        if (list) list.push(doc);
        else this.byKey.set(key, [doc]);
      }
    }
  }
  lookup(key: string): readonly BackendDocument[] {
    return this.byKey.get(key) ?? [];
  }
}

/**
 * Paths of a quantified edge: which documents reach which in min..max hops over its relation
 * without repeating a document. Built from the documents fetched for its hops.
 */
export interface HopIndex {
  connects(edge: BoundEdge, from: BackendDocument, to: BackendDocument): boolean;
  reachable(
    edge: BoundEdge,
    from: BackendDocument,
    direction: 'forward' | 'backward'
  ): readonly BackendDocument[];
}

/** Every binding of the pattern over the documents, in plan order. */
export function assembleBindings(input: AssemblyInput, hops?: HopIndex): Generator<Binding> {
  return assemble(input, hops, Infinity) as Generator<Binding>;
}

/**
 * The same, with a PAUSE after every `every` documents examined, so the caller can let the event
 * loop run: a pattern with millions of bindings (or of candidates that fail their conditions)
 * must not freeze the host.
 */
export function assembleWithPauses(
  input: AssemblyInput,
  hops: HopIndex | undefined,
  every: number
): Generator<Binding | Pause> {
  return assemble(input, hops, every);
}

function* assemble(
  input: AssemblyInput,
  hops: HopIndex | undefined,
  every: number
): Generator<Binding | Pause> {
  const { query, plan, documents } = input;
  const keys = new FieldKeys();
  const indexes = new Map<string, KeyIndex>();
  const indexOf = (node: number, field: string) => {
    const key = `${node}\u0000${field}`;
    let index = indexes.get(key);
    if (!index) indexes.set(key, (index = new KeyIndex(documents[node], field, keys)));
    return index;
  };
  const order = plan.order;
  const position = new Map(order.map((node, i) => [node, i]));
  // Checks that become possible when the node at position i is bound.
  const edgesAt = order.map(() => [] as BoundEdge[]);
  for (const edge of query.edges) {
    const last = Math.max(position.get(edge.left)!, position.get(edge.right)!);
    if (plan.joinEdge.get(order[last]) !== edge.id || edge.quantifier) edgesAt[last].push(edge);
  }
  const conditionsAt = order.map(() => [] as Expression[]);
  for (const c of input.conditions) {
    const last = Math.max(...[...c.nodes].map((n) => position.get(n)!));
    conditionsAt[last].push(c.expression);
  }
  const binding: Array<BackendDocument | undefined> = query.nodes.map(() => undefined);

  function candidates(i: number): readonly BackendDocument[] {
    const node = order[i];
    const edgeId = plan.joinEdge.get(node);
    if (edgeId === undefined) return documents[node];
    const edge = query.edges[edgeId];
    const other = edge.left === node ? edge.right : edge.left;
    const bound = binding[other]!;
    if (edge.quantifier)
      return hops!.reachable(edge, bound, other === edge.left ? 'forward' : 'backward');
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

  /** Whether the edges and conditions that become checkable at position i hold. */
  function holds(i: number): boolean {
    const edges = edgesAt[i];
    for (let e = 0; e < edges.length; e++)
      if (!edgeHolds(edges[e], binding, hops, keys)) return false;
    const conditions = conditionsAt[i];
    for (let c = 0; c < conditions.length; c++) {
      if (!evaluateCondition(conditions[c], binding, query.variables, input.isDate)) return false;
    }
    return true;
  }

  // The last position yields rows itself: no generator per row.
  // Depth-first over the positions with an explicit stack: one generator frame for the whole
  // enumeration, so a row does not pass through one delegating generator per node.
  const depth = order.length;
  const lists: Array<readonly BackendDocument[]> = new Array(depth);
  const next = new Int32Array(depth);
  let examined = 0;
  let level = 0;
  lists[0] = candidates(0);
  while (level >= 0) {
    const list = lists[level];
    if (next[level] >= list.length) {
      binding[order[level]] = undefined;
      level--;
      continue;
    }
    const doc = list[next[level]++];
    if (++examined >= every) {
      examined = 0;
      yield PAUSE;
    }
    binding[order[level]] = doc;
    if (!holds(level)) continue;
    if (level === depth - 1) {
      yield binding.slice();
      continue;
    }
    level++;
    lists[level] = candidates(level);
    next[level] = 0;
  }
}
