/**
 * Binds a parsed GQL statement to the graph model: which document set each node stands for,
 * which relation (and in which orientation) each edge is, and what the items, WHERE and ORDER BY
 * refer to. Everything here is pure; errors point at what the user wrote (line and column).
 *
 * The phases, in the order their errors are reported: the graph's name; node patterns into
 * nodes (node_merging.ts); edges as written; labels inferred from edges that only one relation
 * fits; each edge's relation and quantifier; each node's indices; the references of items,
 * WHERE and ORDER BY (reference_check.ts). OPTIONAL MATCH clauses are bound with the MATCH
 * clauses, into one set of nodes and edges, each marked with the clause that binds it first.
 */
import { propertyEqualities } from '../../../common/gql';
import type { EdgePattern, Expression, GqlStatement } from '../../../common/gql/ast';
import type { BoundClause, BoundEdge, BoundNode, BoundQuery, EdgeOrientation } from './bound_query';
import type { GraphModel, GraphRelation } from './graph_model';
import { mergeNodePatterns, type MergedNodes } from './node_merging';
import { nodeText, writtenEdgeText } from './pattern_text';
import { failAt } from './query_errors';
import { checkReferences } from './reference_check';
import { bindPathVariables } from './path_binding';

/** An edge pattern between the node ids of its two ends, named (`$1`, `$2`... when anonymous). */
interface WrittenEdge {
  pattern: EdgePattern;
  left: number;
  right: number;
  name: string;
  clause: number;
  /** The path's shortest-path search, if any (ast.ts, PathPattern). */
  shortest?: 'any' | 'all';
}

export function bindQuery(
  statement: GqlStatement,
  model: GraphModel,
  limits: { maxHops: number }
): BoundQuery {
  checkGraphName(statement, model);
  checkOptionalReuse(statement);
  const byClause = [statement.patterns, ...(statement.optional ?? []).map((c) => c.patterns)];
  const patternClause = byClause.flatMap((patterns, clause) => patterns.map(() => clause));
  // Every clause's patterns, MATCH first: nodes are numbered in order of first appearance.
  const all: GqlStatement = { ...statement, patterns: byClause.flat() };
  const edgeVariables = edgeVariablesOf(all);
  const merged = mergeNodePatterns(all, model, edgeVariables);
  for (const node of merged.nodes) {
    node.clause = Math.min(
      ...merged.pathNodes.flatMap((nodes, p) => (nodes.includes(node.id) ? [patternClause[p]] : []))
    );
  }
  const written = writtenEdges(all, merged, patternClause);
  inferLabelsFromEdges(written, merged.nodes, model);
  const edges = written.map((edge, id) => resolveEdge(edge, id, merged.nodes, model, limits));
  resolveNodeIndices(merged, model);
  const pathVariables = bindPathVariables(
    statement,
    all.patterns,
    patternClause,
    new Set(merged.variables.keys()),
    edgeVariables
  );
  checkReferences(
    statement,
    merged.variables,
    edgeVariables,
    (node) => merged.nodes[node].clause,
    new Set(pathVariables.keys())
  );
  let edgeId = 0;
  const paths = merged.pathNodes.map((nodes, p) => ({
    nodes,
    edges: nodes.slice(1).map(() => edgeId++),
    clause: patternClause[p],
  }));
  const { variables, conditions } = anonymousPropertyMaps(all, merged, patternClause);
  const clauses: BoundClause[] = byClause.map((_, clause) => {
    const written = clause === 0 ? statement.where : statement.optional![clause - 1].where;
    const where = [...(written ? [written] : []), ...conditions[clause]].reduce<
      Expression | undefined
    >(
      (left, right) => (left ? { kind: 'and', left, right, range: right.range } : right),
      undefined
    );
    return {
      optional: clause > 0,
      ...(where ? { where } : {}),
      introduced: merged.nodes.filter((n) => n.clause === clause).map((n) => n.id),
      nodes: [
        ...new Set(paths.filter((path) => path.clause === clause).flatMap((path) => path.nodes)),
      ],
    };
  });
  return {
    statement,
    nodes: merged.nodes,
    edges,
    variables,
    paths,
    clauses,
    ...(pathVariables.size > 0 ? { pathVariables } : {}),
  };
}

/**
 * Property maps on nodes without a variable (`(:Company {country: 'FR'})`; parseGql desugars the
 * others): the same equalities, on the node's variable when a pattern beside it has one, else
 * on a name of its own that no written variable uses, each in the WHERE of its clause.
 */
function anonymousPropertyMaps(
  all: GqlStatement,
  merged: MergedNodes,
  patternClause: readonly number[]
): { variables: Map<string, number>; conditions: Expression[][] } {
  const variables = new Map(merged.variables);
  const conditions = Array.from(
    { length: Math.max(0, ...patternClause) + 1 },
    () => [] as Expression[]
  );
  all.patterns.forEach((path, p) =>
    path.nodes.forEach((group, g) => {
      for (const pattern of group) {
        if (pattern.variable || !pattern.properties) continue;
        const node = merged.nodes[merged.pathNodes[p][g]];
        let name = node.variables[0] ?? `#${node.id}`;
        while (variables.get(name) !== undefined && variables.get(name) !== node.id) name += '#';
        variables.set(name, node.id);
        const variable = { name, range: pattern.range };
        conditions[patternClause[p]].push(...propertyEqualities(pattern, variable));
      }
    })
  );
  return { variables, conditions };
}

/**
 * In an OPTIONAL MATCH, a variable of an earlier clause is that clause's node: a new label, a
 * query string, or a pattern written beside it would narrow the earlier clause's rows, where
 * Cypher narrows only the optional matches. Such conditions belong in the clause's WHERE.
 */
function checkOptionalReuse(statement: GqlStatement): void {
  const labels = new Map<string, Set<string>>();
  const learn = (patterns: GqlStatement['patterns']) => {
    for (const pattern of patterns.flatMap((path) => path.nodes.flat())) {
      const name = pattern.variable?.name;
      if (name === undefined) continue;
      if (!labels.has(name)) labels.set(name, new Set());
      if (pattern.label) labels.get(name)!.add(pattern.label.name);
    }
  };
  learn(statement.patterns);
  for (const clause of statement.optional ?? []) {
    for (const group of clause.patterns.flatMap((path) => path.nodes)) {
      for (const pattern of group) {
        const name = pattern.variable?.name;
        const earlier = name === undefined ? undefined : labels.get(name);
        if (earlier === undefined) continue;
        const why =
          group.length > 1
            ? 'a pattern written beside it'
            : pattern.where
              ? `a query string`
              : pattern.label && !earlier.has(pattern.label.name)
                ? `a new label [${pattern.label.name}]`
                : undefined;
        if (why === undefined) continue;
        failAt(
          pattern.range,
          `[${name}] is bound by an earlier clause, so in OPTIONAL MATCH it cannot take ${why}: that would narrow the earlier rows; say it in the OPTIONAL MATCH's WHERE`
        );
      }
    }
    learn(clause.patterns);
  }
}

/** The select form names its graph; the match form reads the request's model. */
function checkGraphName(statement: GqlStatement, model: GraphModel): void {
  if (statement.graph !== undefined && statement.graph.name !== model.label) {
    failAt(
      statement.graph.range,
      `the query reads the graph ["${statement.graph.name}"] but the model is labelled [${model.label}]; write FROM "${model.label}"`
    );
  }
}

function edgeVariablesOf(statement: GqlStatement): Set<string> {
  const names = new Set<string>();
  for (const path of statement.patterns)
    for (const edge of path.edges) if (edge.variable) names.add(edge.variable.name);
  return names;
}

/** Each edge pattern between its ends' nodes, anonymous ones numbered; a variable names one edge. */
function writtenEdges(
  statement: GqlStatement,
  merged: MergedNodes,
  patternClause: readonly number[]
): WrittenEdge[] {
  let anonymous = 0;
  const written: WrittenEdge[] = [];
  statement.patterns.forEach((path, p) =>
    path.edges.forEach((pattern, e) => {
      const left = merged.pathNodes[p][e];
      const right = merged.pathNodes[p][e + 1];
      const name = pattern.variable?.name ?? `$${++anonymous}`;
      const shortest = path.shortest?.mode;
      written.push({
        pattern,
        left,
        right,
        name,
        clause: patternClause[p],
        ...(shortest ? { shortest } : {}),
      });
    })
  );
  const seen = new Set<string>();
  for (const { pattern } of written) {
    const name = pattern.variable?.name;
    if (name === undefined) continue;
    if (seen.has(name))
      failAt(
        pattern.variable!.range,
        `the edge variable [${name}] is used twice; each edge needs its own name`
      );
    seen.add(name);
  }
  return written;
}

/** The orientations of every relation that fits the edge's label, direction and ends' labels. */
function edgeCandidates(
  edge: WrittenEdge,
  nodes: readonly BoundNode[],
  model: GraphModel
): EdgeOrientation[] {
  const fits = (node: number, entity: string) =>
    nodes[node].labels.length === 0 || nodes[node].labels.includes(entity);
  const label = edge.pattern.label?.name;
  const out: EdgeOrientation[] = [];
  for (const relation of model.relations) {
    if (label !== undefined && relation.label !== label) continue;
    const forward = fits(edge.left, relation.from.entity) && fits(edge.right, relation.to.entity);
    const backward = fits(edge.right, relation.from.entity) && fits(edge.left, relation.to.entity);
    if (edge.pattern.direction !== 'left' && forward)
      out.push({ from: edge.left, to: edge.right, relation });
    if (
      edge.pattern.direction !== 'right' &&
      backward &&
      !(forward && edge.left === edge.right && edge.pattern.direction === 'undirected')
    ) {
      out.push({ from: edge.right, to: edge.left, relation });
    }
  }
  return out;
}

/**
 * Unlabelled nodes take their labels from edges only one relation fits, until nothing changes
 * (a label found on one edge can make the next edge unambiguous).
 */
function inferLabelsFromEdges(
  written: readonly WrittenEdge[],
  nodes: BoundNode[],
  model: GraphModel
): void {
  const label = (node: number, entity: string, edge: WrittenEdge): boolean => {
    // An optional edge says nothing of what an earlier clause's node is: it may match no row.
    if (nodes[node].labels.length > 0 || nodes[node].clause < edge.clause) return false;
    nodes[node].labels.push(entity);
    return true;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (const edge of written) {
      const found = edgeCandidates(edge, nodes, model);
      const relations = new Set(found.map((o) => o.relation));
      if (relations.size !== 1) continue;
      for (const o of found) {
        if (found.length > 1) break; // Undirected self-relations leave both ends labelled alike.
        if (label(o.from, o.relation.from.entity, edge)) changed = true;
        if (label(o.to, o.relation.to.entity, edge)) changed = true;
      }
      const [only] = found;
      if (found.length === 2 && only.relation.from.entity === only.relation.to.entity) {
        for (const node of [edge.left, edge.right]) {
          if (label(node, only.relation.from.entity, edge)) changed = true;
        }
      }
    }
  }
}

/** The edge's one relation (a 400 naming the fits when none or several), its quantifier checked. */
function resolveEdge(
  edge: WrittenEdge,
  id: number,
  nodes: readonly BoundNode[],
  model: GraphModel,
  limits: { maxHops: number }
): BoundEdge {
  const found = edgeCandidates(edge, nodes, model);
  const between = `(${nodeText(nodes[edge.left])})${writtenEdgeText(edge.pattern, edge.name)}(${nodeText(nodes[edge.right])})`;
  const label = edge.pattern.label?.name;
  if (label !== undefined && !model.relations.some((r) => r.label === label)) {
    failAt(
      edge.pattern.label!.range,
      `the model has no relation labelled [${label}]; its relations are [${[...new Set(model.relations.map((r) => r.label))].join(', ')}]`
    );
  }
  if (found.length === 0) {
    if (label !== undefined) {
      const defined = model.relations
        .filter((r) => r.label === label)
        .map((r) => `(:${r.from.entity})-[:${r.label}]->(:${r.to.entity})`);
      failAt(
        edge.pattern.range,
        `the relation [${label}] does not connect ${between}; the model defines ${defined.join(', ')}`
      );
    }
    failAt(
      edge.pattern.range,
      `the model has no relation that fits ${between}; name a relation or fix the labels`
    );
  }
  const relations = [...new Set(found.map((o) => o.relation))];
  if (relations.length > 1) {
    const listed = relations
      .map((r) => `[${r.label}] (:${r.from.entity})->(:${r.to.entity})`)
      .join(', ');
    failAt(
      edge.pattern.range,
      `the edge ${between} is ambiguous: the model has ${relations.length} relations that fit it: ${listed}; name one, e.g. -[:${relations[0].label}]->`
    );
  }
  const quantifier = edge.pattern.quantifier;
  if (quantifier) checkQuantifier(quantifier, relations[0], edge, limits);
  return {
    id,
    name: edge.name,
    label: relations[0].label,
    direction: edge.pattern.direction,
    left: edge.left,
    right: edge.right,
    orientations: found,
    clause: edge.clause,
    ...(quantifier ? { quantifier: { min: quantifier.min, max: quantifier.max } } : {}),
    ...(edge.shortest ? { shortest: edge.shortest } : {}),
  };
}

function checkQuantifier(
  quantifier: NonNullable<EdgePattern['quantifier']>,
  relation: GraphRelation,
  edge: WrittenEdge,
  limits: { maxHops: number }
): void {
  if (quantifier.max > limits.maxHops) {
    failAt(
      quantifier.range,
      `the quantifier {${quantifier.min},${quantifier.max}} allows up to ${quantifier.max} hops, more than the ${limits.maxHops} allowed (setting maxGraphHops)`
    );
  }
  if (relation.from.entity !== relation.to.entity) {
    failAt(
      quantifier.range,
      `a quantified edge repeats its relation, so [${relation.label}] must go from an entity to the same entity; it goes from [${relation.from.entity}] to [${relation.to.entity}]`
    );
  }
  if (edge.left === edge.right)
    failAt(
      quantifier.range,
      'a quantified edge cannot start and end at the same node: a quantified path repeats no node'
    );
}

/** Every node has a label and a non-empty set of indices: those all its entities share. */
function resolveNodeIndices(merged: MergedNodes, model: GraphModel): void {
  for (const node of merged.nodes) {
    if (node.labels.length === 0) {
      failAt(
        merged.firstPattern(node.id).range,
        `cannot tell which entity the node (${nodeText(node)}) is: give it a label, e.g. (${node.variables[0] ?? ''}:${[...model.entities.keys()][0]}), or connect it with a named relation`
      );
    }
    const lists = node.labels.map((l) => model.entities.get(l)!.indices);
    node.indices = lists[0].filter((index) => lists.every((list) => list.includes(index)));
    if (node.indices.length === 0) {
      failAt(
        merged.firstPattern(node.id).range,
        `no document can be [${node.labels.join('] and [')}] at once: their entities share no index (${node.labels.map((l) => `${l}: [${model.entities.get(l)!.indices.join(', ')}]`).join('; ')})`
      );
    }
    node.display = nodeText(node);
  }
}
