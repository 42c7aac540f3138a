/**
 * `LIMIT n` without ORDER BY wants n rows, any n, yet the plan read every surviving document of
 * every node before assembling the first row: on the graph bench, 8,000 rows fetched for 1,000.
 * When the pattern allows it, the plan reads instead the first n documents of one node, the
 * driver, and of its neighbours only the documents linked to those, walking out from it
 * (graph_plan.ts makes the steps; plan_execution.ts runs them).
 *
 * That is only right when each document of the driver is in some row, so that n of them make n
 * rows. The narrowings guarantee it on a chain of plain edges planned from one of its ends: the
 * pass out from the start narrows each node by the one before it, the pass back narrows each by
 * the one after it, and then every document left on a chain is linked to documents left on both
 * sides (the semi-join full reduction of an acyclic join). Anything that can drop a row after
 * the narrowings is excluded: a WHERE part over several nodes or one a backend could not take
 * (both checked in assembly), DISTINCT, grouping, ORDER BY, OPTIONAL MATCH, quantified and
 * shortest edges, path variables.
 */
import type { BoundEdge, BoundQuery } from './bound_query';

/**
 * How many rows the answer needs (OFFSET + LIMIT, LIMIT capped one past maxRows, as shaping
 * reads them), or null when its rows cannot be read first (the statement or the pattern).
 */
export function firstRowsWanted(query: BoundQuery, maxRows: number): number | null {
  const { statement } = query;
  if (statement.limit === undefined || statement.orderBy.length > 0 || statement.distinct) {
    return null;
  }
  if (statement.items.some((item) => item.expression.kind === 'aggregate')) return null;
  if (query.clauses.length !== 1 || query.pathVariables !== undefined) return null;
  if (query.edges.some((edge) => edge.quantifier || edge.shortest)) return null;
  if (!isChain(query)) return null;
  const wanted = (statement.offset?.value ?? 0) + Math.min(statement.limit.value, maxRows + 1);
  return wanted > 0 ? wanted : null;
}

/** One node after another, each edge joining two nodes that no other edge joins twice. */
function isChain(query: BoundQuery): boolean {
  const n = query.nodes.length;
  if (query.edges.length !== n - 1) return false;
  const degree = query.nodes.map(() => 0);
  for (const edge of query.edges) {
    if (edge.left === edge.right) return false;
    degree[edge.left]++;
    degree[edge.right]++;
  }
  return degree.every((d) => d <= 2);
}

/** A node read after a neighbour's documents, by the keys of those documents along `edge`. */
export interface LinkedRead {
  node: number;
  from: number;
  edge: BoundEdge;
}

/**
 * From the narrowing order (its start first, each next node joined to an earlier one), the
 * driver and the order its neighbours are read in; null when the start is not an end of the
 * chain (only the start is then sure to have every document in a row). The driver is the node
 * the counts say is largest (unknown counts as largest): its rows are the most per document
 * read, and a document of the others is read only when a driver's document links to it.
 */
export function firstRowsWalk(
  query: BoundQuery,
  order: readonly number[],
  estimate: readonly number[]
): { driver: number; linked: LinkedRead[] } | null {
  if (order.length !== query.nodes.length) return null;
  const start = order[0];
  const ends = query.edges.filter((e) => e.left === start || e.right === start).length;
  if (ends > 1) return null;
  let driver = start;
  for (const node of order) if (estimate[node] > estimate[driver]) driver = node;
  const linked: LinkedRead[] = [];
  const reached = new Set([driver]);
  let frontier = [driver];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const from of frontier) {
      for (const edge of query.edges) {
        const node = edge.left === from ? edge.right : edge.right === from ? edge.left : null;
        if (node === null || reached.has(node)) continue;
        reached.add(node);
        linked.push({ node, from, edge });
        next.push(node);
      }
    }
    frontier = next;
  }
  return { driver, linked };
}
