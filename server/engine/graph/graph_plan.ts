/**
 * The plan of a graph query: a small immutable list of steps with ids (Trino's PlanNode is the
 * model), each naming the inputs it depends on, so `steps`, `EXPLAIN` and the app's chart all
 * come from here. Execution counts rows and time per step id, beside the plan, never in it.
 *
 * The plan starts from the most selective node (fewest matching documents), walks the pattern
 * breadth-first narrowing each node by its neighbour's keys (semi-joins), walks back narrowing
 * each node by the nodes after it, then fetches each node's surviving documents and assembles
 * rows. On a pattern without cycles the two passes leave only documents that are in some row.
 */
import type { GraphModel } from './graph_model';
import { edgePatternText, matchText, type BoundEdge, type BoundQuery } from './query_binding';

export type PlanStep =
  | {
      readonly id: number;
      readonly kind: 'count';
      readonly node: number;
      readonly pattern: string;
      readonly estimatedRows: number;
      readonly inputs: readonly number[];
    }
  | {
      readonly id: number;
      readonly kind: 'reduce';
      readonly edge: number;
      /** The node whose keys narrow `to`. */
      readonly from: number;
      readonly to: number;
      readonly pattern: string;
      readonly estimatedRows: number;
      readonly inputs: readonly number[];
    }
  | {
      readonly id: number;
      readonly kind: 'fetch';
      readonly node: number;
      readonly pattern: string;
      readonly estimatedRows: number;
      readonly inputs: readonly number[];
    }
  | {
      readonly id: number;
      readonly kind: 'assemble';
      readonly pattern: string;
      readonly estimatedRows: number;
      readonly inputs: readonly number[];
    };

export interface GraphPlan {
  readonly steps: readonly PlanStep[];
  /** Node ids in the order rows are assembled (each after a neighbour, components one by one). */
  readonly order: readonly number[];
  /** For each node in `order` after a component's first: the edge that joins it to an earlier node. */
  readonly joinEdge: ReadonlyMap<number, number>;
  readonly start: { node: number; reason: string };
}

/**
 * `counts[node]` is the node's matching documents, or null for a node that was not counted (it
 * has no condition of its own and another node has one, so it cannot be the start and counting
 * it would read it whole). `keyFields[node]` are the node's fields that identify one document
 * (its entities' ids; see `nodeKeyFields`).
 *
 * Each step's estimate is what that step will see, from what is known before it runs; a number
 * that cannot be derived stays Infinity (answered as null: "unknown"), never a neighbour's number
 * passed on: an uncounted node narrowed by keys of a field that is not its id may match any
 * number of documents per key.
 */
export function planGraph(
  query: BoundQuery,
  counts: ReadonlyArray<number | null>,
  keyFields: ReadonlyArray<ReadonlySet<string>> = []
): GraphPlan {
  const steps: PlanStep[] = [];
  const nodeText = (id: number) => `(${query.nodes[id].display})`;
  const lastStepOf = new Map<number, number>();
  const known = counts.map((c) => c ?? Infinity);
  for (const node of countedNodes(counts)) {
    const id = steps.length + 1;
    steps.push({
      id,
      kind: 'count',
      node,
      pattern: nodeText(node),
      estimatedRows: known[node],
      inputs: [],
    });
    lastStepOf.set(node, id);
  }
  const estimate = [...known];
  const adjacency = new Map<number, BoundEdge[]>(query.nodes.map((n) => [n.id, []]));
  for (const edge of query.edges) {
    adjacency.get(edge.left)!.push(edge);
    if (edge.right !== edge.left) adjacency.get(edge.right)!.push(edge);
  }
  // Breadth-first from the most selective node of each component, components by size.
  const order: number[] = [];
  const joinEdge = new Map<number, number>();
  const seen = new Set<number>();
  const byCount = [...query.nodes.map((n) => n.id)].sort((a, b) => known[a] - known[b] || a - b);
  for (const root of byCount) {
    if (seen.has(root)) continue;
    seen.add(root);
    const queue = [root];
    while (queue.length > 0) {
      const node = queue.shift()!;
      order.push(node);
      const next = adjacency
        .get(node)!
        .map((edge) => ({ edge, other: edge.left === node ? edge.right : edge.left }))
        .filter(({ other }) => !seen.has(other))
        .sort((a, b) => known[a.other] - known[b.other] || a.other - b.other);
      for (const { edge, other } of next) {
        if (seen.has(other)) continue;
        seen.add(other);
        joinEdge.set(other, edge.id);
        queue.push(other);
      }
    }
  }
  /** About how many documents of `to` the keys of `from` find along `edge`. */
  const reachedDocuments = (edge: BoundEdge, from: number, to: number): number => {
    // Both counted: each document of `from` links to about counts[to] / counts[from] of `to`.
    if (Number.isFinite(known[to]) && Number.isFinite(known[from])) {
      return estimate[from] * Math.max(1, Math.ceil(known[to] / Math.max(known[from], 1)));
    }
    // Looked up by an id of `to`: a key finds one document at most.
    if (lookupFields(edge, from).every((field) => keyFields[to]?.has(field))) return estimate[from];
    // By another field of an uncounted node: any number per key; no estimate.
    return Infinity;
  };
  const reduce = (edge: BoundEdge, from: number, to: number) => {
    const id = steps.length + 1;
    const inputs = [lastStepOf.get(from), lastStepOf.get(to)].filter(
      (i): i is number => i !== undefined
    );
    // The step's rows are the distinct keys that cross: about one per document of `from`.
    const keys = estimate[from];
    if (!edge.quantifier) estimate[to] = Math.min(estimate[to], reachedDocuments(edge, from, to));
    steps.push({
      id,
      kind: 'reduce',
      edge: edge.id,
      from,
      to,
      pattern: edgePatternText(query, edge),
      estimatedRows: keys,
      inputs,
    });
    lastStepOf.set(to, id);
  };
  // Forward: each node narrowed by the node that reached it.
  for (const node of order) {
    const edgeId = joinEdge.get(node);
    if (edgeId === undefined) continue;
    const edge = query.edges[edgeId];
    reduce(edge, edge.left === node ? edge.right : edge.left, node);
  }
  // Edges that close cycles narrow both of their ends once.
  const treeEdges = new Set(joinEdge.values());
  for (const edge of query.edges) {
    if (treeEdges.has(edge.id) || edge.left === edge.right) continue;
    reduce(edge, edge.left, edge.right);
    reduce(edge, edge.right, edge.left);
  }
  // Backward: each node narrowed by the nodes it reached.
  for (const node of [...order].reverse()) {
    const edgeId = joinEdge.get(node);
    if (edgeId === undefined) continue;
    const edge = query.edges[edgeId];
    reduce(edge, node, edge.left === node ? edge.right : edge.left);
  }
  for (const node of order) {
    const id = steps.length + 1;
    steps.push({
      id,
      kind: 'fetch',
      node,
      pattern: nodeText(node),
      estimatedRows: estimate[node],
      inputs: lastStepOf.has(node) ? [lastStepOf.get(node)!] : [],
    });
    lastStepOf.set(node, id);
  }
  const fetches = order.map((node) => lastStepOf.get(node)!);
  steps.push({
    id: steps.length + 1,
    kind: 'assemble',
    pattern: matchText(query),
    estimatedRows: Math.max(...order.map((n) => estimate[n]), 0),
    inputs: fetches,
  });
  const start = order[0];
  return {
    steps,
    order,
    joinEdge,
    start: {
      node: start,
      reason:
        query.nodes.length === 1
          ? 'the only node'
          : `fewest matching documents (${counts[start]}) of ${query.nodes.map((n) => `${nodeText(n.id)}: ${counts[n.id] ?? 'not counted (no condition of its own)'}`).join(', ')}`,
    },
  };
}

/** The fields of `to` a reduce from `from` looks its keys up in (one per orientation). */
function lookupFields(edge: BoundEdge, from: number): string[] {
  return edge.orientations.map((o) =>
    o.from === from ? o.relation.to.field : o.relation.from.field
  );
}

/**
 * Per node, the fields whose value names one document: `_id`, and the id field of each of its
 * entities (a merged node's document is each of them).
 */
export function nodeKeyFields(query: BoundQuery, model: GraphModel): Array<Set<string>> {
  return query.nodes.map(
    (node) =>
      new Set(['_id', ...node.labels.flatMap((label) => model.entities.get(label)?.id ?? [])])
  );
}

/** The nodes that were counted, in node order: the count steps' order (ids 1, 2, ...). */
export function countedNodes(counts: ReadonlyArray<number | null>): number[] {
  return counts.flatMap((count, node) => (count === null ? [] : [node]));
}
