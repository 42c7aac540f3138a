/**
 * The labels of the node each variable names, from the MATCH patterns. A variable may be written
 * more than once (`(a:Person), (a)-[]->(b)`) and node patterns side by side denote one node
 * (`(x:Student) (y:Professor)`), so a node can carry several labels; each is listed once, in the
 * order written.
 */
import type { GqlStatement } from '../../../../../common/gql/ast';

export function nodeLabels(statement: GqlStatement | null): Map<string, string[]> {
  // Each node (a group of patterns) collects the variables that name it and the labels it has.
  const nodes: Array<{ variables: string[]; labels: string[] }> = [];
  for (const pattern of statement?.patterns ?? []) {
    for (const group of pattern.nodes) {
      nodes.push({
        variables: group.flatMap((node) => (node.variable ? [node.variable.name] : [])),
        labels: group.flatMap((node) => (node.label ? [node.label.name] : [])),
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
