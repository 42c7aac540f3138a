/**
 * Binds a parsed GQL statement to the graph model: which document set each node stands for,
 * which relation (and in which orientation) each edge is, and what the items, WHERE and ORDER BY
 * refer to. Everything here is pure; errors point at what the user wrote (line and column).
 */
import type {
  EdgePattern,
  Expression,
  GqlStatement,
  Identifier,
  NodePattern,
  SourceRange,
} from '../../../common/gql/ast';
import { badRequest } from '../errors';
import type { GraphModel, GraphRelation } from './graph_model';

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

export function at(range: SourceRange): string {
  return `line ${range.line}, column ${range.column}`;
}

function fail(range: SourceRange, message: string): never {
  throw badRequest(`${at(range)}: ${message}`);
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

export function bindQuery(
  statement: GqlStatement,
  model: GraphModel,
  limits: { maxHops: number }
): BoundQuery {
  if (statement.graph.name !== model.label) {
    fail(
      statement.graph.range,
      `the query reads the graph ["${statement.graph.name}"] but the model is labelled [${model.label}]; write FROM "${model.label}"`
    );
  }
  // 1. Node patterns into nodes.
  const sets = new NodeSets();
  const patterns: NodePattern[] = [];
  const byVariable = new Map<string, number>();
  const labelOfVariable = new Map<string, Identifier>();
  const edgeVariables = new Set<string>();
  for (const path of statement.patterns)
    for (const edge of path.edges) if (edge.variable) edgeVariables.add(edge.variable.name);
  const groupHeads: number[][] = [];
  for (const path of statement.patterns) {
    const heads: number[] = [];
    for (const group of path.nodes) {
      let head = -1;
      for (const pattern of group) {
        const i = sets.add();
        patterns.push(pattern);
        if (pattern.label && !model.entities.has(pattern.label.name)) {
          fail(
            pattern.label.range,
            `the model has no entity labelled [${pattern.label.name}]; its entities are [${[...model.entities.keys()].join(', ')}]`
          );
        }
        const variable = pattern.variable?.name;
        if (variable !== undefined) {
          if (edgeVariables.has(variable))
            fail(
              pattern.variable!.range,
              `[${variable}] names both a node and an edge; use different names`
            );
          const known = byVariable.get(variable);
          if (known !== undefined) sets.union(i, known);
          else byVariable.set(variable, i);
          const earlier = labelOfVariable.get(variable);
          if (pattern.label) {
            if (earlier && earlier.name !== pattern.label.name) {
              fail(
                pattern.label.range,
                `the variable [${variable}] is labelled [${earlier.name}] at ${at(earlier.range)} and [${pattern.label.name}] here; one variable has one label (write the two patterns side by side to ask for a document that is both)`
              );
            }
            labelOfVariable.set(variable, pattern.label);
          }
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
      if (p.where) node.queryStrings.push(p.where.query);
    }
  });
  const variables = new Map([...byVariable].map(([name, i]) => [name, nodeOf.get(sets.find(i))!]));
  const firstPattern = (id: number) => patterns[members[id][0]];

  // 2. Edges: candidate relations; unlabelled nodes take labels from unambiguous edges.
  let anonymous = 0;
  const raw: Array<{ pattern: EdgePattern; left: number; right: number; name: string }> = [];
  statement.patterns.forEach((path, p) =>
    path.edges.forEach((pattern, e) => {
      const left = nodeOf.get(sets.find(groupHeads[p][e]))!;
      const right = nodeOf.get(sets.find(groupHeads[p][e + 1]))!;
      const name = pattern.variable?.name ?? `$${++anonymous}`;
      raw.push({ pattern, left, right, name });
    })
  );
  const seenEdgeVariables = new Set<string>();
  for (const { pattern } of raw) {
    const name = pattern.variable?.name;
    if (name === undefined) continue;
    if (seenEdgeVariables.has(name))
      fail(
        pattern.variable!.range,
        `the edge variable [${name}] is used twice; each edge needs its own name`
      );
    seenEdgeVariables.add(name);
  }
  const candidates = (edge: (typeof raw)[number]): EdgeOrientation[] => {
    const fits = (node: number, entity: string) =>
      nodes[node].labels.length === 0 || nodes[node].labels.includes(entity);
    const label = edge.pattern.label?.name;
    const out: EdgeOrientation[] = [];
    for (const relation of model.relations) {
      if (label !== undefined && relation.label !== label) continue;
      const forward = fits(edge.left, relation.from.entity) && fits(edge.right, relation.to.entity);
      const backward =
        fits(edge.right, relation.from.entity) && fits(edge.left, relation.to.entity);
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
  };
  for (let changed = true; changed;) {
    changed = false;
    for (const edge of raw) {
      const found = candidates(edge);
      const relations = new Set(found.map((o) => o.relation));
      if (relations.size !== 1) continue;
      for (const o of found) {
        if (found.length > 1) break; // Undirected self-relations leave both ends labelled alike.
        for (const [node, entity] of [
          [o.from, o.relation.from.entity],
          [o.to, o.relation.to.entity],
        ] as const) {
          if (nodes[node].labels.length === 0) {
            nodes[node].labels.push(entity);
            changed = true;
          }
        }
      }
      const [only] = found;
      if (found.length === 2 && only.relation.from.entity === only.relation.to.entity) {
        for (const node of [edge.left, edge.right]) {
          if (nodes[node].labels.length === 0) {
            nodes[node].labels.push(only.relation.from.entity);
            changed = true;
          }
        }
      }
    }
  }
  const edges: BoundEdge[] = raw.map((edge, id) => {
    const found = candidates(edge);
    const written = edgeText(edge.pattern, edge.name, undefined);
    const between = `(${nodeText(nodes[edge.left])})${written}(${nodeText(nodes[edge.right])})`;
    const label = edge.pattern.label?.name;
    if (label !== undefined && !model.relations.some((r) => r.label === label)) {
      fail(
        edge.pattern.label!.range,
        `the model has no relation labelled [${label}]; its relations are [${[...new Set(model.relations.map((r) => r.label))].join(', ')}]`
      );
    }
    if (found.length === 0) {
      if (label !== undefined) {
        const defined = model.relations
          .filter((r) => r.label === label)
          .map((r) => `(:${r.from.entity})-[:${r.label}]->(:${r.to.entity})`);
        fail(
          edge.pattern.range,
          `the relation [${label}] does not connect ${between}; the model defines ${defined.join(', ')}`
        );
      }
      fail(
        edge.pattern.range,
        `the model has no relation that fits ${between}; name a relation or fix the labels`
      );
    }
    const relations = [...new Set(found.map((o) => o.relation))];
    if (relations.length > 1) {
      const listed = relations
        .map((r) => `[${r.label}] (:${r.from.entity})->(:${r.to.entity})`)
        .join(', ');
      fail(
        edge.pattern.range,
        `the edge ${between} is ambiguous: the model has ${relations.length} relations that fit it: ${listed}; name one, e.g. -[:${relations[0].label}]->`
      );
    }
    const quantifier = edge.pattern.quantifier;
    if (quantifier) {
      if (quantifier.max > limits.maxHops) {
        fail(
          quantifier.range,
          `the quantifier {${quantifier.min},${quantifier.max}} allows up to ${quantifier.max} hops, more than the ${limits.maxHops} allowed (setting maxGraphHops)`
        );
      }
      const relation = relations[0];
      if (relation.from.entity !== relation.to.entity) {
        fail(
          quantifier.range,
          `a quantified edge repeats its relation, so [${relation.label}] must go from an entity to the same entity; it goes from [${relation.from.entity}] to [${relation.to.entity}]`
        );
      }
      if (edge.left === edge.right)
        fail(
          quantifier.range,
          'a quantified edge cannot start and end at the same node: a quantified path repeats no node'
        );
    }
    return {
      id,
      name: edge.name,
      label: relations[0].label,
      direction: edge.pattern.direction,
      left: edge.left,
      right: edge.right,
      orientations: found,
      ...(quantifier ? { quantifier: { min: quantifier.min, max: quantifier.max } } : {}),
    };
  });

  // 3. Every node has a label and a non-empty set of indices.
  for (const node of nodes) {
    if (node.labels.length === 0) {
      fail(
        firstPattern(node.id).range,
        `cannot tell which entity the node (${nodeText(node)}) is: give it a label, e.g. (${node.variables[0] ?? ''}:${[...model.entities.keys()][0]}), or connect it with a named relation`
      );
    }
    const lists = node.labels.map((l) => model.entities.get(l)!.indices);
    node.indices = lists[0].filter((index) => lists.every((list) => list.includes(index)));
    if (node.indices.length === 0) {
      fail(
        firstPattern(node.id).range,
        `no document can be [${node.labels.join('] and [')}] at once: their entities share no index (${node.labels.map((l) => `${l}: [${model.entities.get(l)!.indices.join(', ')}]`).join('; ')})`
      );
    }
    node.display = nodeText(node);
  }
  checkReferences(statement, variables, edgeVariables);
  let edgeId = 0;
  const paths = groupHeads.map((heads) => ({
    nodes: heads.map((head) => nodeOf.get(sets.find(head))!),
    edges: heads.slice(1).map(() => edgeId++),
  }));
  return { statement, nodes, edges, variables, paths };
}

function nodeText(node: BoundNode): string {
  return `${node.variables[0] ?? ''}${node.labels.length > 0 ? ':' + node.labels.join('&') : ''}`;
}

function edgeText(pattern: EdgePattern, name: string, label: string | undefined): string {
  const inner = `[${name}${label ?? (pattern.label ? ':' + pattern.label.name : '')}]`;
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

/** The whole MATCH as steps write it: each path with resolved labels, comma-separated. */
export function matchText(query: BoundQuery): string {
  return query.paths
    .map((path) =>
      path.nodes
        .map(
          (node, i) =>
            (i === 0 ? '' : arrowText(query.edges[path.edges[i - 1]])) +
            `(${query.nodes[node].display})`
        )
        .join('')
    )
    .join(', ');
}

/** Every variable an item, WHERE or ORDER BY names is a node of the pattern. */
function checkReferences(
  statement: GqlStatement,
  variables: ReadonlyMap<string, number>,
  edgeVariables: ReadonlySet<string>
): void {
  const check = (expression: Expression, where: string, aggregatesAllowed: boolean): void => {
    walkExpression(expression, (e) => {
      if (e.kind === 'property' || e.kind === 'variable') {
        const name = e.variable.name;
        if (edgeVariables.has(name)) {
          fail(
            e.range,
            `[${name}] is an edge; relations are joins and carry no documents or properties, so only node variables can be ${where}`
          );
        }
        if (!variables.has(name)) {
          fail(
            e.range,
            `the variable [${name}] is not in the MATCH pattern; known variables are [${[...variables.keys()].join(', ')}]`
          );
        }
      }
      if (e.kind === 'aggregate' && !aggregatesAllowed)
        fail(e.range, `aggregates such as ${e.function} cannot be used in ${where}`);
      if (e.kind === 'aggregate' && e.argument === null && e.function !== 'COUNT')
        fail(e.range, `${e.function}(*) is not defined; only COUNT(*) takes *`);
      if (e.kind === 'aggregate' && e.argument !== null) {
        if (e.argument.kind === 'variable' && e.function !== 'COUNT') {
          fail(e.argument.range, `${e.function} takes a property (v.p), not a whole document`);
        }
        if (e.argument.kind !== 'property' && e.argument.kind !== 'variable') {
          fail(
            e.argument.range,
            `${e.function} takes a property (v.p)${e.function === 'COUNT' ? ', a variable or *' : ''}`
          );
        }
      }
    });
  };
  for (const item of statement.items) check(item.expression, 'selected', true);
  if (statement.where) check(statement.where, 'WHERE', false);
  for (const item of statement.orderBy) check(item.expression, 'ORDER BY', true);
  // ORDER BY is checked here, so an answer never depends on whether anything matched.
  const grouped = statement.items.some((item) => item.expression.kind === 'aggregate');
  for (const item of statement.orderBy) {
    const selected = statement.items.some((i) => i.text === item.text);
    if (grouped && !selected) {
      fail(
        item.range,
        `with aggregates, ORDER BY takes a selected item; [${item.text}] is not one`
      );
    }
    if (!grouped && !selected && item.expression.kind !== 'property') {
      fail(
        item.range,
        `ORDER BY takes a property (v.p) or a selected item; [${item.text}] is neither`
      );
    }
  }
}

export function walkExpression(expression: Expression, visit: (e: Expression) => void): void {
  visit(expression);
  switch (expression.kind) {
    case 'comparison':
    case 'and':
    case 'or':
      walkExpression(expression.left, visit);
      walkExpression(expression.right, visit);
      break;
    case 'not':
      walkExpression(expression.operand, visit);
      break;
    case 'in':
      walkExpression(expression.operand, visit);
      walkExpression(expression.list, visit);
      break;
    case 'isNull':
      walkExpression(expression.operand, visit);
      break;
    case 'startsWith':
      walkExpression(expression.operand, visit);
      walkExpression(expression.prefix, visit);
      break;
    case 'list':
      expression.items.forEach((item) => walkExpression(item, visit));
      break;
    case 'aggregate':
      if (expression.argument) walkExpression(expression.argument, visit);
      break;
    default:
      break;
  }
}
