/**
 * The plan of a graph query: a small immutable list of steps with ids (Trino's PlanNode is the
 * model), each naming the inputs it depends on, so `steps`, `EXPLAIN`, the app's chart and the
 * executor (plan_execution.ts) all come from here. Execution counts rows and time per step id,
 * beside the plan, never in it. The planner allocates every id.
 *
 * Planned in two stages, because where the plan starts depends on what the counts find: first
 * the count steps (`planCounts`), then, from their results, the rest (`planGraph`), ids going on.
 * The plan starts from the most selective node (fewest matching documents), walks the pattern
 * breadth-first narrowing each node by its neighbour's keys (semi-joins), walks back narrowing
 * each node by the nodes after it, then fetches each node's surviving documents, the documents
 * each quantified edge's paths may pass through, and assembles rows. On a pattern without
 * cycles the two passes leave only documents that are in some row.
 *
 * OPTIONAL MATCH clauses (bound_query.ts, BoundClause) come after, clause by clause: their new
 * nodes are narrowed from the nodes bound before them and among themselves, never the other way
 * (an optional match that is missing removes no row), and rows are assembled with a left outer
 * join on them (row_assembly.ts). Their narrowing steps say `OPTIONAL`, as does the assemble step.
 */
import type { BoundEdge, BoundQuery } from './bound_query';
import type { GraphModel } from './graph_model';
import { firstRowsWalk } from './first_rows';
import { edgePatternText, matchText } from './pattern_text';

interface StepBase {
  readonly id: number;
  readonly pattern: string;
  /** Infinity when nothing bounds it yet (answered as null: "unknown"). */
  readonly estimatedRows: number;
  /** Ids of the steps this one depends on, each earlier in the plan. */
  readonly inputs: readonly number[];
}

/** How many documents match a node's own conditions. */
export interface CountStep extends StepBase {
  readonly kind: 'count';
  readonly node: number;
}

/** Narrows `to` to the documents the keys of `from` reach along `edge` (a semi-join). */
export interface ReduceStep extends StepBase {
  readonly kind: 'reduce';
  readonly edge: number;
  /** The node whose keys narrow `to`. */
  readonly from: number;
  readonly to: number;
}

/**
 * Reads a node's surviving documents: all of them, or for the first rows of a LIMIT
 * (first_rows.ts) the first `first` of the driver, and of each other node those linked along
 * `linked.edge` to the documents read of `linked.from`.
 */
export interface FetchStep extends StepBase {
  readonly kind: 'fetch';
  readonly node: number;
  readonly first?: number;
  readonly linked?: { readonly from: number; readonly edge: number };
}

/** Reads the documents a quantified edge's paths may pass through (see quantified_hops.ts). */
export interface ExpandStep extends StepBase {
  readonly kind: 'expand';
  readonly edge: number;
}

/**
 * Finds the shortest paths of an `ANY SHORTEST` / `ALL SHORTEST` edge between its ends' fetched
 * documents: breadth-first from both ends over the relation's keys (shortest_paths.ts).
 */
export interface ShortestStep extends StepBase {
  readonly kind: 'shortest';
  readonly edge: number;
}

/** Binds the fetched documents into rows and shapes them into the answer. */
export interface AssembleStep extends StepBase {
  readonly kind: 'assemble';
}

export type PlanStep =
  CountStep | ReduceStep | FetchStep | ExpandStep | ShortestStep | AssembleStep;

/** What a count step found: the node's matching documents. */
export interface CountResult {
  readonly step: CountStep;
  readonly rows: number;
}

export interface GraphPlan {
  readonly steps: readonly PlanStep[];
  /** Node ids in the order rows are assembled (each after a neighbour, components one by one). */
  readonly order: readonly number[];
  /** For each node in `order` after a component's first: the edge that joins it to an earlier node. */
  readonly joinEdge: ReadonlyMap<number, number>;
  readonly start: { node: number; reason: string };
}

/**
 * The first stage: a count step for each node with conditions of its own, in node order; for
 * every node when none has any. A node without conditions beside one that has some cannot be the
 * start, and counting it would read it whole (a full scan on a SQL table). Nothing is known
 * before the counts run.
 */
export function planCounts(query: BoundQuery, hasConditions: readonly boolean[]): CountStep[] {
  // Shortest paths alone choose nothing by counts: no end is narrowed along a shortest edge, and
  // its step searches from both ends whatever their sizes. Counting would only add a round
  // before the first read (docs/api/graph_queries.md, "Shortest paths").
  if (shortestOnly(query)) return [];
  // The start is a node of the first clause (the MATCH clauses, or a leading OPTIONAL MATCH):
  // its nodes are all counted when none has conditions.
  const first = Math.min(...query.nodes.map((n) => n.clause));
  const firstConditions = query.nodes.some((n) => n.clause === first && hasConditions[n.id]);
  const counted = (node: number) =>
    hasConditions[node] || (query.nodes[node].clause === first && !firstConditions);
  return query.nodes
    .filter((node) => counted(node.id))
    .map((node, i) => ({
      id: i + 1,
      kind: 'count',
      node: node.id,
      pattern: `(${node.display})`,
      estimatedRows: Infinity,
      inputs: [],
    }));
}

/** Whether the pattern's edges are all shortest-path edges (and it has one). */
export function shortestOnly(query: BoundQuery): boolean {
  return query.edges.length > 0 && query.edges.every((edge) => edge.shortest);
}

/**
 * The whole plan, from the count steps and what they found; the steps after them take the ids
 * that follow. A node without a count step was not counted (see `planCounts`). `keyFields[node]`
 * are the node's fields that identify one document (its entities' ids; see `nodeKeyFields`).
 *
 * Each step's estimate is what that step will see, from what is known before it runs; a number
 * that cannot be derived stays Infinity (answered as null: "unknown"), never a neighbour's number
 * passed on: an uncounted node narrowed by keys of a field that is not its id may match any
 * number of documents per key.
 */
export function planGraph(
  query: BoundQuery,
  counted: readonly CountResult[],
  keyFields: ReadonlyArray<ReadonlySet<string>> = [],
  /** The id the steps' ids go on from when nothing was counted (a branch after others). */
  idsAfter = 0,
  /** The rows a LIMIT wants when they may be read first (first_rows.ts, firstRowsWanted). */
  firstRows: number | null = null
): GraphPlan {
  const counts: Array<number | null> = query.nodes.map(() => null);
  for (const { step, rows } of counted) counts[step.node] = rows;
  const steps: PlanStep[] = [];
  const nodeText = (id: number) => `(${query.nodes[id].display})`;
  const lastStepOf = new Map<number, number>();
  let lastId = Math.max(idsAfter, ...counted.map(({ step }) => step.id));
  const nextId = () => ++lastId;
  for (const { step, rows } of counted) {
    steps.push({ ...step, estimatedRows: rows });
    lastStepOf.set(step.node, step.id);
  }
  const known = counts.map((c) => c ?? Infinity);
  const estimate = [...known];
  const { order, joinEdge } = joinOrder(query, known);
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
    // A shortest path's ends are not narrowed along it: its own step searches between them.
    if (edge.shortest) return;
    const id = nextId();
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
      pattern: (query.nodes[to].clause > 0 ? 'OPTIONAL ' : '') + edgePatternText(query, edge),
      estimatedRows: keys,
      inputs,
    });
    lastStepOf.set(to, id);
  };
  const clauseOf = (node: number) => query.nodes[node].clause;
  const treeEdges = new Set(joinEdge.values());
  for (let clause = 0; clause < query.clauses.length; clause++) {
    // Only this clause's nodes are narrowed: an earlier node keeps the rows its clause found.
    const mine = order.filter((node) => clauseOf(node) === clause);
    // Forward: each node narrowed by the node that reached it.
    for (const node of mine) {
      const edgeId = joinEdge.get(node);
      if (edgeId === undefined) continue;
      const edge = query.edges[edgeId];
      reduce(edge, edge.left === node ? edge.right : edge.left, node);
    }
    // Edges that close cycles narrow both of their ends once.
    for (const edge of query.edges) {
      if (edge.clause !== clause || treeEdges.has(edge.id) || edge.left === edge.right) continue;
      if (clauseOf(edge.right) === clause) reduce(edge, edge.left, edge.right);
      if (clauseOf(edge.left) === clause) reduce(edge, edge.right, edge.left);
    }
    // Backward: each node narrowed by the nodes it reached.
    for (const node of [...mine].reverse()) {
      const edgeId = joinEdge.get(node);
      if (edgeId === undefined) continue;
      const edge = query.edges[edgeId];
      const parent = edge.left === node ? edge.right : edge.left;
      if (clauseOf(parent) === clause) reduce(edge, node, parent);
    }
  }
  const walk = firstRows === null ? null : firstRowsWalk(query, order, estimate);
  if (walk !== null) {
    // The driver once every narrowing is done (each of its documents is then in a row), its
    // neighbours by the keys of what was read before them.
    const narrowed = [...new Set(lastStepOf.values())].sort((a, b) => a - b);
    const driverId = nextId();
    steps.push({
      id: driverId,
      kind: 'fetch',
      node: walk.driver,
      first: firstRows!,
      pattern: `${nodeText(walk.driver)} LIMIT ${firstRows}`,
      estimatedRows: Math.min(estimate[walk.driver], firstRows!),
      inputs: narrowed,
    });
    lastStepOf.set(walk.driver, driverId);
    const read = new Map([[walk.driver, Math.min(estimate[walk.driver], firstRows!)]]);
    for (const { node, from, edge } of walk.linked) {
      const id = nextId();
      const byKey = lookupFields(edge, from).every((field) => keyFields[node]?.has(field));
      read.set(node, Math.min(estimate[node], byKey ? read.get(from)! : Infinity));
      steps.push({
        id,
        kind: 'fetch',
        node,
        linked: { from, edge: edge.id },
        pattern: `${nodeText(node)} BY ${edgePatternText(query, edge)}`,
        estimatedRows: read.get(node)!,
        inputs: [lastStepOf.get(from)!],
      });
      lastStepOf.set(node, id);
    }
  } else {
    for (const node of order) {
      const id = nextId();
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
  }
  const fetches = order.map((node) => lastStepOf.get(node)!);
  // A quantified edge's paths are read once every node's documents are: a narrowing that empties
  // a node leaves no row, and then no path worth reading.
  const expands = query.edges
    .filter((edge) => edge.quantifier)
    .map((edge): ExpandStep | ShortestStep => {
      const step: ExpandStep | ShortestStep = edge.shortest
        ? {
            id: nextId(),
            kind: 'shortest',
            edge: edge.id,
            pattern: `${edge.shortest === 'any' ? 'ANY' : 'ALL'} SHORTEST ${edgePatternText(query, edge)}`,
            estimatedRows: Infinity,
            inputs: [lastStepOf.get(edge.left)!, lastStepOf.get(edge.right)!],
          }
        : {
            id: nextId(),
            kind: 'expand',
            edge: edge.id,
            pattern: edgePatternText(query, edge),
            estimatedRows: Infinity,
            inputs: fetches,
          };
      steps.push(step);
      return step;
    });
  steps.push({
    id: nextId(),
    kind: 'assemble',
    pattern: matchText(query),
    estimatedRows: Math.min(
      Math.max(...order.map((n) => estimate[n]), 0),
      walk ? firstRows! : Infinity
    ),
    inputs: [...fetches, ...expands.map((s) => s.id)],
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
          : counted.length === 0
            ? `the first node of the pattern: shortest paths alone are not counted (their step searches from both ends)`
            : `fewest matching documents (${counts[start]}) of ${query.nodes.map((n) => `${nodeText(n.id)}: ${counts[n.id] ?? 'not counted (no condition of its own)'}`).join(', ')}`,
    },
  };
}

/**
 * Breadth-first from the most selective node of each component, components by size: the order
 * nodes are narrowed and bound in, and the edge that joins each to an earlier one.
 */
function joinOrder(
  query: BoundQuery,
  known: readonly number[]
): { order: number[]; joinEdge: Map<number, number> } {
  const order: number[] = [];
  const joinEdge = new Map<number, number>();
  const seen = new Set<number>();
  const byCount = [...query.nodes.map((n) => n.id)].sort((a, b) => known[a] - known[b] || a - b);
  // Clause by clause: a clause's new nodes are reached along its own edges from the nodes
  // bound before it, so every row of the earlier clauses is there when they are joined.
  for (let clause = 0; clause < query.clauses.length; clause++) {
    const adjacency = new Map<number, BoundEdge[]>(query.nodes.map((n) => [n.id, []]));
    for (const edge of query.edges) {
      if (edge.clause !== clause) continue;
      adjacency.get(edge.left)!.push(edge);
      if (edge.right !== edge.left) adjacency.get(edge.right)!.push(edge);
    }
    const walk = (queue: number[]) => {
      while (queue.length > 0) {
        const node = queue.shift()!;
        const next = adjacency
          .get(node)!
          .map((edge) => ({ edge, other: edge.left === node ? edge.right : edge.left }))
          .filter(({ other }) => !seen.has(other))
          .sort((a, b) => known[a.other] - known[b.other] || a.other - b.other);
        for (const { edge, other } of next) {
          if (seen.has(other)) continue;
          seen.add(other);
          joinEdge.set(other, edge.id);
          order.push(other);
          queue.push(other);
        }
      }
    };
    walk([...order]);
    for (const root of byCount) {
      if (seen.has(root) || query.nodes[root].clause !== clause) continue;
      seen.add(root);
      order.push(root);
      walk([root]);
    }
  }
  return { order, joinEdge };
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
