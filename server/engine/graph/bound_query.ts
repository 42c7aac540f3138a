/**
 * What binding makes of a GQL statement: the nodes (document sets), the edges (relations and
 * their orientations) and the variables, by id. Every later stage (plan, execution, assembly,
 * shaping) reads these types and never the raw pattern.
 */
import type { EdgePattern, GqlStatement } from '../../../common/gql/ast';
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
}

export interface BoundQuery {
  statement: GqlStatement;
  nodes: BoundNode[];
  edges: BoundEdge[];
  /** Variable name to node id. */
  variables: ReadonlyMap<string, number>;
  /** Each comma-separated path as node and edge ids, for writing the whole pattern. */
  paths: Array<{ nodes: number[]; edges: number[] }>;
}
