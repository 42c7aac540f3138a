/**
 * How steps, EXPLAIN and error messages write a pattern back: `(a:Article)-[$1:MENTIONS]->(c:Company)`,
 * with labels resolved, anonymous edges numbered and quantifiers as written, so what the user
 * reads matches what they wrote.
 */
import type { EdgePattern } from '../../../common/gql/ast';
import type { BoundEdge, BoundNode, BoundQuery } from './bound_query';

/** A node as steps write it (without parentheses): `p:Person`, `:Forum`, `x:Person&Student`. */
export function nodeText(node: Pick<BoundNode, 'variables' | 'labels'>): string {
  return `${node.variables[0] ?? ''}${node.labels.length > 0 ? ':' + node.labels.join('&') : ''}`;
}

/** An edge as written, before its relation is resolved: `-[$1:KNOWS]->{1,3}`, `<-[e]-`. */
export function writtenEdgeText(pattern: EdgePattern, name: string): string {
  const inner = `[${name}${pattern.label ? ':' + pattern.label.name : ''}]`;
  const q = pattern.quantifier ? `{${pattern.quantifier.min},${pattern.quantifier.max}}` : '';
  if (pattern.direction === 'right') return `-${inner}->${q}`;
  if (pattern.direction === 'left') return `<-${inner}-${q}`;
  return `-${inner}-${q}`;
}

/** A step's pattern text: `(p:Person)<-[$1:hasMember]-(f:Forum)`. */
export function edgePatternText(query: Pick<BoundQuery, 'nodes'>, edge: BoundEdge): string {
  return `(${query.nodes[edge.left].display})${arrowText(edge)}(${query.nodes[edge.right].display})`;
}

/** `-[$1:hasMember]->`, with the relation resolved and the quantifier as written. */
function arrowText(edge: BoundEdge): string {
  const arrow =
    edge.direction === 'right' ? ['-', '->'] : edge.direction === 'left' ? ['<-', '-'] : ['-', '-'];
  const q = edge.quantifier ? `{${edge.quantifier.min},${edge.quantifier.max}}` : '';
  return `${arrow[0]}[${edge.name}:${edge.label}]${arrow[1]}${q}`;
}

/**
 * The whole MATCH as steps write it: each path with resolved labels, comma-separated, and each
 * OPTIONAL MATCH clause after it, so the assemble step says which part is a left outer join.
 */
export function matchText(query: Pick<BoundQuery, 'paths' | 'nodes' | 'edges'>): string {
  const pathText = (path: BoundQuery['paths'][number]) =>
    path.nodes
      .map(
        (node, i) =>
          (i === 0 ? '' : arrowText(query.edges[path.edges[i - 1]])) +
          `(${query.nodes[node].display})`
      )
      .join('');
  const clauses: string[][] = [];
  for (const path of query.paths) (clauses[path.clause] ??= []).push(pathText(path));
  // A statement may start with OPTIONAL MATCH: clause 0 has no path then.
  return clauses
    .flatMap((paths, clause) =>
      paths ? [(clause === 0 ? '' : 'OPTIONAL MATCH ') + paths.join(', ')] : []
    )
    .join(' ');
}
