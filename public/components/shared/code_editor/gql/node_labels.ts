/**
 * The labels of the node each variable names, from the MATCH (and OPTIONAL MATCH) patterns. A variable may be written
 * more than once (`(a:Person), (a)-[]->(b)`) and node patterns side by side denote one node
 * (`(x:Student) (y:Professor)`), so a node can carry several labels, as can `(x:A&B)` and the
 * alternatives of `(x:A|B)` (its properties are those of either); each is listed once, in the
 * order written.
 */
import type { GqlStatement } from '../../../../../common/gql/ast';

export function nodeLabels(statement: GqlStatement | null): Map<string, string[]> {
  // Each node (a group of patterns) collects the variables that name it and the labels it has.
  const nodes: Array<{ variables: string[]; labels: string[] }> = [];
  const patterns = [
    ...(statement?.patterns ?? []),
    ...(statement?.optional ?? []).flatMap((clause) => clause.patterns),
  ];
  for (const pattern of patterns) {
    for (const group of pattern.nodes) {
      nodes.push({
        variables: group.flatMap((node) => (node.variable ? [node.variable.name] : [])),
        labels: group.flatMap((node) =>
          [node.label, ...(node.moreLabels ?? []), ...(node.labelAlternatives ?? [])].flatMap(
            (label) => (label ? [label.name] : [])
          )
        ),
      });
    }
  }
  const labels = new Map<string, string[]>();
  for (const node of nodes) {
    for (const variable of node.variables) {
      const known = labels.get(variable) ?? [];
      labels.set(variable, [...new Set([...known, ...node.labels])]);
    }
  }
  return labels;
}
