/**
 * The oracle's reading of a statement's MATCH against a model: which nodes there are (merged
 * node groups and repeated variables are one node), each node's labels and indices, and which
 * relation (and orientation) each edge stands for. Every contract error that depends only on the
 * query and the model is raised here as an OracleError.
 */
import type { EdgePattern, GqlStatement, Identifier, NodePattern } from '../../common/gql/ast';
import type { GraphModelJson } from '../support/graph_models';

/** The statement is one the service must refuse with a 400. */
export class OracleError extends Error {
  override name = 'OracleError';
}

/** A relation with both end fields known (an omitted one replaced by its entity's id). */
export interface Relation {
  label: string;
  from: { entity: string; field: string };
  to: { entity: string; field: string };
}

export interface OracleNode {
  id: number;
  /** Variables bound to this node (none for an anonymous node). */
  variables: string[];
  labels: Set<string>;
  /** Query strings of every pattern of the node, all of which must match. */
  queries: string[];
  /** Property maps written on its patterns without a variable: equalities the document meets. */
  properties: NonNullable<NodePattern['properties']>;
  indices: string[];
}

/** One way an edge can hold: `relation` read from `source` to `target`. */
export interface Orientation {
  relation: Relation;
  source: number;
  target: number;
}

export interface OracleEdge {
  left: number;
  right: number;
  pattern: EdgePattern;
  orientations: Orientation[];
  quantifier?: { min: number; max: number };
}

export interface CompiledPattern {
  nodes: OracleNode[];
  edges: OracleEdge[];
  /** Variable name -> node id. */
  variables: Map<string, number>;
  edgeVariables: Set<string>;
  /** Entity label -> the model's indices of that entity. */
  entityIndices: Map<string, string[]>;
}

export function compilePattern(statement: GqlStatement, model: GraphModelJson): CompiledPattern {
  if (statement.graph !== undefined && statement.graph.name !== model.label) {
    throw new OracleError(`unknown graph [${statement.graph.name}]`);
  }
  const entities = new Map<string, { indices: string[]; id?: string }>();
  for (const entity of model.entities) {
    if (entities.has(entity.label)) throw new OracleError(`duplicate entity [${entity.label}]`);
    entities.set(entity.label, entity);
  }

  const relations: Relation[] = model.relations.map((relation) => {
    const end = (e: { entity: string; field?: string }) => {
      if (!entities.has(e.entity)) {
        throw new OracleError(
          `relation [${relation.label}] names the unknown entity [${e.entity}]`
        );
      }
      return { entity: e.entity, field: e.field ?? entities.get(e.entity)!.id ?? '_id' };
    };
    return { label: relation.label, from: end(relation.from), to: end(relation.to) };
  });

  // Union-find over node pattern occurrences: a group's members and a repeated variable are one node.
  const occurrences: NodePattern[] = [];
  const parent: number[] = [];
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const union = (a: number, b: number) => (parent[find(a)] = find(b));
  const firstOfVariable = new Map<string, number>();
  const labelOfVariable = new Map<string, string>();
  const edgeVariables = new Set<string>();
  const rawEdges: Array<{ left: number; right: number; pattern: EdgePattern }> = [];

  const addNode = (node: NodePattern): number => {
    const i = occurrences.push(node) - 1;
    parent.push(i);
    for (const label of [node.label, ...(node.moreLabels ?? [])]) {
      if (label && !entities.has(label.name))
        throw new OracleError(`unknown label [${label.name}]`);
    }
    const name = node.variable?.name;
    if (name !== undefined) {
      const seen = labelOfVariable.get(name);
      if (node.label && seen !== undefined && seen !== node.label.name) {
        throw new OracleError(`variable [${name}] has labels [${seen}] and [${node.label.name}]`);
      }
      if (node.label) labelOfVariable.set(name, node.label.name);
      if (firstOfVariable.has(name)) union(i, firstOfVariable.get(name)!);
      else firstOfVariable.set(name, i);
    }
    return i;
  };
  const addEdgeVariable = (variable: Identifier | undefined) => {
    if (!variable) return;
    if (edgeVariables.has(variable.name)) {
      throw new OracleError(`edge variable [${variable.name}] is used twice`);
    }
    edgeVariables.add(variable.name);
  };

  for (const path of statement.patterns) {
    const groups = path.nodes.map((group) => {
      const members = group.map(addNode);
      for (const m of members.slice(1)) union(m, members[0]);
      return members[0];
    });
    path.edges.forEach((edge, i) => {
      addEdgeVariable(edge.variable);
      rawEdges.push({ left: groups[i], right: groups[i + 1], pattern: edge });
    });
  }
  for (const name of edgeVariables) {
    if (firstOfVariable.has(name)) throw new OracleError(`[${name}] names a node and an edge`);
  }

  // Nodes: one per union-find root.
  const nodeOfRoot = new Map<number, OracleNode>();
  const nodes: OracleNode[] = [];
  occurrences.forEach((occurrence, i) => {
    const root = find(i);
    let node = nodeOfRoot.get(root);
    if (!node) {
      node = {
        id: nodes.length,
        variables: [],
        labels: new Set(),
        queries: [],
        properties: [],
        indices: [],
      };
      nodeOfRoot.set(root, node);
      nodes.push(node);
    }
    const name = occurrence.variable?.name;
    if (name !== undefined && !node.variables.includes(name)) node.variables.push(name);
    if (occurrence.label) node.labels.add(occurrence.label.name);
    // `(n:A&B)` is a document of both, as `(n:A) (n:B)` side by side.
    for (const more of occurrence.moreLabels ?? []) node.labels.add(more.name);
    if (occurrence.where) node.queries.push(occurrence.where.query);
    // Maps on named patterns are in the WHERE already (parseGql desugars them).
    if (!occurrence.variable) node.properties.push(...(occurrence.properties ?? []));
  });
  const nodeOf = (occurrence: number) => nodeOfRoot.get(find(occurrence))!.id;

  for (const edge of rawEdges) {
    const label = edge.pattern.label?.name;
    if (label !== undefined && !relations.some((r) => r.label === label)) {
      throw new OracleError(`unknown relation [${label}]`);
    }
  }
  const edges: OracleEdge[] = rawEdges.map((edge) => ({
    left: nodeOf(edge.left),
    right: nodeOf(edge.right),
    pattern: edge.pattern,
    orientations: [],
    quantifier: edge.pattern.quantifier
      ? { min: edge.pattern.quantifier.min, max: edge.pattern.quantifier.max }
      : undefined,
  }));

  inferLabels(nodes, edges, relations);

  for (const edge of edges) {
    const relations = new Set(edge.orientations.map((o) => o.relation));
    if (relations.size === 0) {
      throw new OracleError(`no relation fits the edge [${edge.pattern.label?.name ?? 'bare'}]`);
    }
    if (edge.quantifier && [...relations].some((r) => r.from.entity !== r.to.entity)) {
      // A path repeats the relation, so each hop must end where the next one starts.
      throw new OracleError(`a quantified relation must go from an entity to itself`);
    }
    if (!edge.pattern.label && relations.size > 1) {
      throw new OracleError(
        `bare edge is ambiguous: ${[...relations].map((r) => r.label).join(', ')}`
      );
    }
  }
  for (const node of nodes) {
    if (node.labels.size === 0) {
      throw new OracleError(`cannot infer the label of node [${node.variables.join(', ')}]`);
    }
    const [first, ...rest] = [...node.labels].map((l) => entities.get(l)!.indices);
    node.indices = first.filter((index) => rest.every((other) => other.includes(index)));
    if (node.indices.length === 0) {
      throw new OracleError(`labels [${[...node.labels].join(', ')}] share no index`);
    }
  }
  return {
    nodes,
    edges,
    variables: new Map(nodes.flatMap((n) => n.variables.map((v) => [v, n.id] as const))),
    edgeVariables,
    entityIndices: new Map([...entities].map(([label, e]) => [label, e.indices])),
  };
}

/**
 * Gives each edge the orientations that fit the labels known so far and gives unlabeled nodes
 * the only entity their edges allow, until nothing changes.
 */
function inferLabels(nodes: OracleNode[], edges: OracleEdge[], relations: Relation[]) {
  const fits = (node: OracleNode, entity: string) =>
    node.labels.size === 0 || node.labels.has(entity);
  for (let changed = true; changed;) {
    changed = false;
    for (const edge of edges) {
      const label = edge.pattern.label?.name;
      const ways: Array<[number, number]> =
        edge.pattern.direction === 'right'
          ? [[edge.left, edge.right]]
          : edge.pattern.direction === 'left'
            ? [[edge.right, edge.left]]
            : [
                [edge.left, edge.right],
                [edge.right, edge.left],
              ];
      edge.orientations = [];
      for (const relation of relations) {
        if (label !== undefined && relation.label !== label) continue;
        for (const [source, target] of ways) {
          if (
            !fits(nodes[source], relation.from.entity) ||
            !fits(nodes[target], relation.to.entity)
          ) {
            continue;
          }
          // An undirected edge between two nodes of one entity fits one relation once per way.
          edge.orientations.push({ relation, source, target });
        }
      }
      for (const end of [edge.left, edge.right]) {
        if (nodes[end].labels.size > 0) continue;
        const possible = new Set(
          edge.orientations.map((o) =>
            o.source === end ? o.relation.from.entity : o.relation.to.entity
          )
        );
        if (possible.size === 1) {
          nodes[end].labels.add([...possible][0]);
          changed = true;
        }
      }
    }
  }
}
