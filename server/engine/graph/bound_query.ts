/**
 * What binding makes of a GQL statement: the nodes (document sets), the edges (relations and
 * their orientations) and the variables, by id. Every later stage (plan, execution, assembly,
 * shaping) reads these types and never the raw pattern.
 */
import type { EdgePattern, Expression, GqlStatement } from '../../../common/gql/ast';
import type { GraphRelation } from './graph_model';

export interface BoundNode {
  id: number;
  /** Named variables bound to this node (several when patterns were merged or repeated). */
  variables: string[];
  /** Entity labels (several for merged nodes `(x:A) (y:B)`: the document is both). */
  labels: string[];
  /** The indices the node reads: the intersection of its entities' indices. */
  indices: string[];
  /** `WHERE "..."` query strings of its patterns, ANDed. */
  queryStrings: string[];
  /** How steps write it: `p:Person`, `:Forum`, `x:Person&Student`. */
  display: string;
  /** The clause that binds it first: 0 for MATCH, k for the k-th OPTIONAL MATCH (`clauses`). */
  clause: number;
}

/** One way an edge can hold: `relation.from.field` of node `from` equals `relation.to.field` of node `to`. */
export interface EdgeOrientation {
  from: number;
  to: number;
  relation: GraphRelation;
}

export interface BoundEdge {
  id: number;
  /** The variable, or `$1`, `$2`... for anonymous edges. */
  name: string;
  /** The relation label (resolved for bare arrows). */
  label: string;
  direction: EdgePattern['direction'];
  /** Node ids as written, left to right. */
  left: number;
  right: number;
  /** A directed edge has one; an undirected self-relation two. The edge holds if any does. */
  orientations: EdgeOrientation[];
  quantifier?: { min: number; max: number };
  /**
   * A shortest-path search over the quantified edge (`ANY SHORTEST`, `shortestPath`: one path per
   * pair of ends; `ALL SHORTEST`, `allShortestPaths`: every shortest one), found by its own plan
   * step (shortest_paths.ts) instead of narrowings and an expand step.
   */
  shortest?: 'any' | 'all';
  /** The clause it is written in (see BoundNode.clause). */
  clause: number;
}

/**
 * A reading clause: the MATCH clauses together (clause 0), then each OPTIONAL MATCH in order,
 * which extends every row of the clauses before it by its matches, or binds its new nodes to null
 * when there is none (docs/api/graph_queries.md).
 */
export interface BoundClause {
  optional: boolean;
  /** Its WHERE: the statement's for clause 0, the OPTIONAL MATCH's own after it. */
  where?: Expression;
  /** The nodes it binds first (`BoundNode.clause` is this clause). */
  introduced: number[];
  /** Every node its patterns name: those of earlier clauses must be bound (not null) for a match. */
  nodes: number[];
}

export interface BoundQuery {
  statement: GqlStatement;
  nodes: BoundNode[];
  edges: BoundEdge[];
  /** Variable name to node id. */
  variables: ReadonlyMap<string, number>;
  /** Each comma-separated path as node and edge ids, for writing the whole pattern. */
  paths: Array<{ nodes: number[]; edges: number[]; clause: number }>;
  /** Clause 0 (the MATCH clauses), then one per OPTIONAL MATCH. */
  clauses: BoundClause[];
  /**
   * Path variables (`p = (a)-[:R]->{1,3}(b)`) to their index in `paths`. Along a quantified edge
   * of a named path, rows are one per path, not one per pair of ends (path_values.ts).
   */
  pathVariables?: ReadonlyMap<string, number>;
}
