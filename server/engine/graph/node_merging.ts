/**
 * The first phase of binding: node patterns into nodes. Patterns with the same variable, or
 * written side by side `(x:A) (y:B)`, are one node (a document that is all of them); nodes are
 * numbered in order of first appearance.
 */
import type { GqlStatement, Identifier, NodePattern } from '../../../common/gql/ast';
import type { BoundNode } from './bound_query';
import type { GraphModel } from './graph_model';
import { at, failAt } from './query_errors';

export interface MergedNodes {
  nodes: BoundNode[];
  /** Variable name to node id. */
  variables: Map<string, number>;
  /** Per comma-separated path: the node id of each of its node groups, left to right. */
  pathNodes: number[][];
  /** The first pattern written for each node: where its errors point. */
  firstPattern: (node: number) => NodePattern;
}

/** Union-find over node patterns: same variable or side by side means the same node. */
class NodeSets {
  private parent: number[] = [];
  add(): number {
    this.parent.push(this.parent.length);
    return this.parent.length - 1;
  }
  find(i: number): number {
    while (this.parent[i] !== i) i = this.parent[i] = this.parent[this.parent[i]];
    return i;
  }
  union(a: number, b: number): void {
    this.parent[this.find(a)] = this.find(b);
  }
}

export function mergeNodePatterns(
  statement: GqlStatement,
  model: GraphModel,
  edgeVariables: ReadonlySet<string>
): MergedNodes {
  const sets = new NodeSets();
  const patterns: NodePattern[] = [];
  const byVariable = new Map<string, number>();
  const labelOfVariable = new Map<string, Identifier>();
  const groupHeads: number[][] = [];
  for (const path of statement.patterns) {
    const heads: number[] = [];
    for (const group of path.nodes) {
      let head = -1;
      for (const pattern of group) {
        const i = sets.add();
        patterns.push(pattern);
        checkEntityLabel(pattern, model);
        const variable = pattern.variable?.name;
        if (variable !== undefined) {
          if (edgeVariables.has(variable))
            failAt(
              pattern.variable!.range,
              `[${variable}] names both a node and an edge; use different names`
            );
          const known = byVariable.get(variable);
          if (known !== undefined) sets.union(i, known);
          else byVariable.set(variable, i);
          checkOneLabelPerVariable(variable, pattern, labelOfVariable);
        }
        if (head >= 0) sets.union(i, head);
        else head = i;
      }
      heads.push(head);
    }
    groupHeads.push(heads);
  }
  // Compact the sets into node ids, in order of first appearance.
  const nodeOf = new Map<number, number>();
  const nodes: BoundNode[] = [];
  const members: number[][] = [];
  patterns.forEach((_, i) => {
    const root = sets.find(i);
    if (!nodeOf.has(root)) {
      nodeOf.set(root, nodes.length);
      nodes.push({
        id: nodes.length,
        variables: [],
        labels: [],
        indices: [],
        queryStrings: [],
        display: '',
        clause: 0,
      });
      members.push([]);
    }
    members[nodeOf.get(root)!].push(i);
  });
  members.forEach((list, id) => {
    const node = nodes[id];
    for (const i of list) {
      const p = patterns[i];
      if (p.variable && !node.variables.includes(p.variable.name))
        node.variables.push(p.variable.name);
      if (p.label && !node.labels.includes(p.label.name)) node.labels.push(p.label.name);
      // `(n:A&B)` is `(n:A) (n:B)`: a document of both.
      for (const more of p.moreLabels ?? [])
        if (!node.labels.includes(more.name)) node.labels.push(more.name);
      if (p.where) node.queryStrings.push(p.where.query);
    }
  });
  const nodeOfPattern = (i: number) => nodeOf.get(sets.find(i))!;
  return {
    nodes,
    variables: new Map([...byVariable].map(([name, i]) => [name, nodeOfPattern(i)])),
    pathNodes: groupHeads.map((heads) => heads.map(nodeOfPattern)),
    firstPattern: (id) => patterns[members[id][0]],
  };
}

function checkEntityLabel(pattern: NodePattern, model: GraphModel): void {
  if (pattern.labelAlternatives) {
    // label_alternatives.ts binds one statement per alternative, each with one label.
    throw new Error('label alternatives reached the binder unexpanded');
  }
  for (const label of [pattern.label, ...(pattern.moreLabels ?? [])]) {
    if (label) checkEntityLabelName(label, model);
  }
}

/** A 400 at the label when the model has no such entity. */
export function checkEntityLabelName(label: Identifier, model: GraphModel): void {
  if (!model.entities.has(label.name)) {
    failAt(
      label.range,
      `the model has no entity labelled [${label.name}]; its entities are [${[...model.entities.keys()].join(', ')}]`
    );
  }
}

function checkOneLabelPerVariable(
  variable: string,
  pattern: NodePattern,
  labelOfVariable: Map<string, Identifier>
): void {
  if (!pattern.label) return;
  const earlier = labelOfVariable.get(variable);
  if (earlier && earlier.name !== pattern.label.name) {
    failAt(
      pattern.label.range,
      `the variable [${variable}] is labelled [${earlier.name}] at ${at(earlier.range)} and [${pattern.label.name}] here; one variable has one label (write the two patterns side by side to ask for a document that is both)`
    );
  }
  labelOfVariable.set(variable, pattern.label);
}
