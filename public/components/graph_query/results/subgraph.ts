import type { EdgePattern, GqlStatement, NodePattern } from '../../../../common/gql';
import type { GraphDocument, GraphModelJson } from '../../../services/api/graph_api';
import { documentCaption, documentKey, isGraphDocument } from './cell_value';

/** Results with more distinct documents than this are not drawn: the picture would be noise. */
export const MAX_PICTURE_NODES = 300;

export interface SubgraphNode {
  /** `index/id`. */
  key: string;
  document: GraphDocument;
  /** The entity label it was matched as (the colour), or its index when no label is known. */
  label: string;
  caption: string;
}

export interface SubgraphEdge {
  key: string;
  source: string;
  target: string;
  /** The relation label (`MENTIONS`, `FOLLOWS{1,3}`); labels joined by ` · ` for `indirect`. */
  label: string;
  /** False for undirected edges and paths whose hops point both ways. */
  directed: boolean;
  /** Joins two selected variables through nodes that were not selected. */
  indirect: boolean;
}

export interface Subgraph {
  nodes: SubgraphNode[];
  edges: SubgraphEdge[];
  /** The node labels present, in the model's order (then as met): the legend. */
  labels: string[];
}

export type SubgraphResult =
  | { kind: 'graph'; graph: Subgraph }
  /** No item is a whole variable (`SELECT v`): there is nothing to draw. */
  | { kind: 'no_variables' }
  | { kind: 'empty' }
  | { kind: 'too_many'; nodes: number; limit: number };

interface NodeGroup {
  /** Representative of the merged node (same variable, or written side by side). */
  cls: string | null;
  label?: string;
}

/** Union-find over variables: the variables of one node group, or repeated, are one node. */
class VariableClasses {
  private readonly parent = new Map<string, string>();

  find(name: string): string {
    let root = name;
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root)!;
    if (!this.parent.has(name)) this.parent.set(name, name);
    return root;
  }

  union(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(rb, ra);
  }
}

const variablesOf = (group: NodePattern[]) =>
  group.flatMap((node) => (node.variable ? [node.variable.name] : []));

/**
 * The matched subgraphs of a result: every distinct document bound to a selected whole variable
 * is a node, and two such variables adjacent in a MATCH path give an edge per row (through
 * unselected nodes in between, an "indirect" edge naming the relations on the way).
 */
export function extractSubgraph(
  statement: GqlStatement,
  rows: readonly (readonly unknown[])[],
  model: GraphModelJson,
  limit = MAX_PICTURE_NODES
): SubgraphResult {
  // OPTIONAL MATCH paths link their variables too (a row where one is null draws no edge).
  const patterns = [
    ...statement.patterns,
    ...(statement.optional ?? []).flatMap((clause) => clause.patterns),
  ];
  const classes = new VariableClasses();
  for (const path of patterns) {
    for (const group of path.nodes) {
      const [first, ...rest] = variablesOf(group);
      if (first !== undefined) classes.find(first);
      for (const other of rest) classes.union(first!, other);
    }
  }
  // Column → node class, for the items that are whole variables.
  const columns = new Map<number, string>();
  statement.items.forEach((item, column) => {
    if (item.expression.kind === 'variable') {
      columns.set(column, classes.find(item.expression.variable.name));
    }
  });
  if (columns.size === 0) return { kind: 'no_variables' };
  if (rows.length === 0) return { kind: 'empty' };

  const patternLabels = new Map<string, string>();
  const paths = patterns.map((path) =>
    path.nodes.map((group): NodeGroup => {
      const variables = variablesOf(group);
      const cls = variables.length > 0 ? classes.find(variables[0]) : null;
      const label = group.find((node) => node.label)?.label?.name;
      if (cls && label && !patternLabels.has(cls)) patternLabels.set(cls, label);
      return { cls, label };
    })
  );
  const selected = new Set(columns.values());
  const links = paths.flatMap((groups, p) =>
    linksOfPath(groups, patterns[p].edges, selected, model)
  );

  const nodes = new Map<string, SubgraphNode>();
  const edges = new Map<string, SubgraphEdge>();
  for (const row of rows) {
    const bound = new Map<string, GraphDocument>();
    for (const [column, cls] of columns) {
      const cell = row[column];
      if (isGraphDocument(cell)) bound.set(cls, cell);
    }
    for (const [cls, document] of bound) {
      const key = documentKey(document);
      if (!nodes.has(key)) {
        const label = patternLabels.get(cls) ?? entityOfIndex(model, document._index);
        nodes.set(key, { key, document, label, caption: documentCaption(document) });
      }
    }
    if (nodes.size > limit) return { kind: 'too_many', nodes: countNodes(rows, columns), limit };
    for (const link of links) {
      const from = bound.get(link.from);
      const to = bound.get(link.to);
      if (!from || !to) continue;
      const source = documentKey(from);
      const target = documentKey(to);
      const key = `${source}\u0000${link.edge.label}\u0000${target}`;
      if (!edges.has(key)) edges.set(key, { key, source, target, ...link.edge });
    }
  }
  return {
    kind: 'graph',
    graph: { nodes: [...nodes.values()], edges: [...edges.values()], labels: legend(model, nodes) },
  };
}

/** An edge between two node classes, drawn once per pair of documents bound to them. */
interface Link {
  from: string;
  to: string;
  edge: Pick<SubgraphEdge, 'label' | 'directed' | 'indirect'>;
}

/** The edges to draw for one path: between consecutive groups holding a selected variable. */
function linksOfPath(
  groups: NodeGroup[],
  edges: EdgePattern[],
  selected: ReadonlySet<string>,
  model: GraphModelJson
): Link[] {
  const positions = groups.flatMap((group, i) =>
    group.cls !== null && selected.has(group.cls) ? [i] : []
  );
  const links: Link[] = [];
  for (let k = 1; k < positions.length; k++) {
    const p = positions[k - 1];
    const q = positions[k];
    const hops = edges.slice(p, q);
    const label = hops
      .map((edge, i) => edgeLabel(edge, groups[p + i].label, groups[p + i + 1].label, model))
      .join(' · ');
    const directions = new Set(hops.map((edge) => edge.direction));
    const reversed = directions.size === 1 && directions.has('left');
    const directed = directions.size === 1 && !directions.has('undirected');
    const left = groups[p].cls!;
    const right = groups[q].cls!;
    links.push({
      from: reversed ? right : left,
      to: reversed ? left : right,
      edge: { label, directed, indirect: hops.length > 1 },
    });
  }
  return links;
}

/**
 * An edge's relation label: as written, else the model's only relation between the two node
 * labels in that direction (as the server resolves a bare arrow), else empty.
 */
function edgeLabel(
  edge: EdgePattern,
  leftLabel: string | undefined,
  rightLabel: string | undefined,
  model: GraphModelJson
): string {
  // `-[:R|S]->`: either relation, named as written.
  let label = edge.label?.name ?? edge.labelAlternatives?.map((name) => name.name).join('|');
  if (label === undefined) {
    const fits =
      (from?: string, to?: string) =>
      (relation: { from: { entity: string }; to: { entity: string } }) =>
        (from === undefined || relation.from.entity === from) &&
        (to === undefined || relation.to.entity === to);
    const relations = model.relations ?? [];
    const candidates =
      edge.direction === 'right'
        ? relations.filter(fits(leftLabel, rightLabel))
        : edge.direction === 'left'
          ? relations.filter(fits(rightLabel, leftLabel))
          : relations.filter(
              (r) => fits(leftLabel, rightLabel)(r) || fits(rightLabel, leftLabel)(r)
            );
    const names = new Set(candidates.map((relation) => relation.label));
    label = names.size === 1 ? [...names][0] : '';
  }
  const quantifier = edge.quantifier ? `{${edge.quantifier.min},${edge.quantifier.max}}` : '';
  return `${label}${quantifier}`;
}

/** The entity whose indices hold `index` (exact name or `*` pattern), else the index itself. */
function entityOfIndex(model: GraphModelJson, index: string): string {
  const matches = (pattern: string) =>
    pattern === index ||
    (pattern.includes('*') &&
      new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`).test(index));
  return model.entities.find((entity) => entity.indices.some(matches))?.label ?? index;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function legend(model: GraphModelJson, nodes: ReadonlyMap<string, SubgraphNode>): string[] {
  const present = new Set([...nodes.values()].map((node) => node.label));
  const ordered = model.entities.map((entity) => entity.label).filter((l) => present.has(l));
  return [...ordered, ...[...present].filter((label) => !ordered.includes(label))];
}

function countNodes(rows: readonly (readonly unknown[])[], columns: ReadonlyMap<number, string>) {
  const keys = new Set<string>();
  for (const row of rows) {
    for (const column of columns.keys()) {
      const cell = row[column];
      if (isGraphDocument(cell)) keys.add(documentKey(cell));
    }
  }
  return keys.size;
}
