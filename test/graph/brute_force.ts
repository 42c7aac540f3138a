/**
 * The oracle of the GQL scenario corpus: a naive evaluator of a parsed statement over raw
 * documents, written from the contract alone (docs/api/semantics.md) so it can judge the engine.
 *
 * A row is one binding of every node of the pattern (anonymous ones included) to a document such
 * that every edge holds; one document may bind several nodes (homomorphism). Bindings are
 * enumerated by backtracking over each node's candidate documents, which is quadratic-ish and
 * fine for a fixture of a few hundred documents. Quantified edges hold when a path without a
 * repeated document exists; they add one row per (start, end), however many paths.
 *
 * OPTIONAL MATCH, as Cypher has it: each clause in turn takes every row so far and every way of
 * binding its new nodes so that its edges hold and its WHERE is true; a row with none is kept
 * once, its new nodes null. A clause naming a null node has no match.
 */
import type { Expression, GqlStatement } from '../../common/gql/ast';
import type { GraphModelJson } from '../support/graph_models';
import {
  compilePattern,
  OracleError,
  type CompiledPattern,
  type OracleEdge,
  type Orientation,
} from './graph_pattern';
import {
  aggregate,
  canonical,
  compareForWhere,
  compareKeys,
  keyText,
  sortKey,
  valueAt,
  valuesOf,
  type AggregateName,
} from './oracle_values';
import { isMiss, labelBranches } from './oracle_alternatives';
import { checkOptionalClauses, optionalJoin } from './oracle_optional';
import {
  expandPathRows,
  optionalPaths,
  pathDocuments,
  pathOf,
  pathVariablesOf,
  usesPaths,
} from './oracle_paths';

export { OracleError };

export interface RawDocument {
  _index: string;
  _id: string;
  _source: Record<string, unknown>;
}

export interface GraphData {
  documents(index: string): RawDocument[];
  /** The mapping type of a dotted field path in an index (`date`, `long`, ...). */
  fieldType(index: string, path: string): string | undefined;
  /** `index\u0000_id` of the documents of `indices` that the query string matches. */
  matching(indices: string[], query: string): Promise<Set<string>>;
}

export interface OracleResult {
  header: string[];
  /** Every row, after DISTINCT, aggregation and ORDER BY, before OFFSET and LIMIT. */
  rows: unknown[][];
  /** The ORDER BY as select-item columns; null without ORDER BY. */
  order: Array<{ column: number; descending: boolean }> | null;
  offset: number;
  limit: number | undefined;
}

/** Stops a runaway cross product in a badly written case instead of hanging the suite. */
const MAX_BINDINGS = 2_000_000;

/** Null where an OPTIONAL MATCH found nothing. */
type Binding = Array<RawDocument | null>;

const docKey = (doc: RawDocument) => `${doc._index}\u0000${doc._id}`;

/** A field of a document; `_id` and `_index` are the document's own (`v._id` in a query too). */
function fieldValue(doc: RawDocument, path: readonly string[]): unknown {
  if (path.length === 1 && path[0] === '_id') return doc._id;
  if (path.length === 1 && path[0] === '_index') return doc._index;
  return valueAt(doc._source, path);
}

export async function bruteForce(
  statement: GqlStatement,
  model: GraphModelJson,
  data: GraphData
): Promise<OracleResult> {
  // Label alternatives: the union of the bindings of every branch whose edges fit.
  const branches = labelBranches(statement, model);
  let pattern: CompiledPattern | undefined;
  const rows: Binding[] = [];
  let miss: unknown;
  for (const branch of branches) {
    try {
      const found = await bindingsOf(branch, model, data);
      pattern ??= found.pattern;
      rows.push(...found.rows);
    } catch (error) {
      if (branches.length === 1 || !isMiss(error)) throw error;
      // An OPTIONAL MATCH edge must fit every alternative: only a MATCH part that fits no
      // relation drops the branch.
      const matchOnly = { ...branch, optional: undefined, items: [], orderBy: [] };
      let matchFits = true;
      try {
        compilePattern(matchOnly, model);
      } catch {
        matchFits = false;
      }
      if (matchFits) throw error;
      miss ??= error;
    }
  }
  if (!pattern) throw miss;
  return project(statement, pattern, rows, data);
}

async function bindingsOf(
  statement: GqlStatement,
  model: GraphModelJson,
  data: GraphData
): Promise<{ pattern: CompiledPattern; rows: Binding[] }> {
  const clauses = [statement.patterns, ...(statement.optional ?? []).map((c) => c.patterns)];
  const wheres = [statement.where, ...(statement.optional ?? []).map((c) => c.where)];
  // The clauses up to each one, compiled alone: an OPTIONAL MATCH tells nothing of the nodes
  // before it (their labels come from their own clauses), and numbers its new nodes and edges
  // after theirs, so a clause's nodes are the ids from the previous prefix's count to its own.
  const prefixes = clauses.map((_, k) =>
    compilePattern({ ...statement, patterns: clauses.slice(0, k + 1).flat() }, model)
  );
  const pattern = prefixes[prefixes.length - 1];
  checkExpressions(statement, pattern);
  const nodeCounts = prefixes.map((p) => p.nodes.length);
  const edgeCounts = prefixes.map((p) => p.edges.length);
  const clauseOf = (node: number) => nodeCounts.findIndex((count) => node < count);
  checkOptionalClauses(statement, pattern.variables, clauseOf);

  const candidates: RawDocument[][] = [];
  for (const node of pattern.nodes) {
    let docs = node.indices.flatMap((index) => data.documents(index));
    for (const query of node.queries) {
      const matching = await data.matching(node.indices, query);
      docs = docs.filter((doc) => matching.has(docKey(doc)));
    }
    for (const { key, value } of node.properties) {
      // `{k: v}` on a node without a variable: some value of the field equals v, as `n.k = v`.
      if (value.kind !== 'literal') throw new Error('oracle: a property map value is a literal');
      docs = docs.filter((doc) => {
        const instant = data.fieldType(doc._index, key.name) === 'date';
        return valuesOf(fieldValue(doc, [key.name])).some((v) =>
          valuesOf(value.value).some((w) => compareForWhere(v, w, instant) === 0)
        );
      });
    }
    candidates.push(docs);
  }

  const holds = edgePredicates(pattern, data);
  const evaluate = (expression: Expression, binding: Binding) =>
    evaluateExpression(expression, binding, pattern, data);
  const first = prefixes[0];
  let rows: Binding[] = enumerate(first, candidates, holds.slice(0, first.edges.length));
  if (statement.where) rows = rows.filter((b) => truth(evaluate(statement.where!, b)));
  for (let k = 1; k < clauses.length; k++) {
    const fresh = range(nodeCounts[k - 1], nodeCounts[k]);
    const edges = range(edgeCounts[k - 1], edgeCounts[k]);
    const where = wheres[k];
    rows = optionalJoin(rows, {
      fresh,
      named: [
        ...edges.flatMap((e) => [pattern.edges[e].left, pattern.edges[e].right]),
        ...clauses[k]
          .flatMap((path) => path.nodes.flat())
          .flatMap((node) => (node.variable ? [pattern.variables.get(node.variable.name)!] : [])),
      ],
      candidates,
      edges: edges.map((e) => ({
        left: pattern.edges[e].left,
        right: pattern.edges[e].right,
        holds: holds[e],
      })),
      where: (binding) => !where || truth(evaluate(where, binding)),
      maxRows: MAX_BINDINGS,
    });
  }
  if (usesPaths(statement)) {
    // The MATCH clauses' paths multiply their rows; which path is taken changes no optional match.
    rows = expandPathRows(statement, pattern, rows, data, MAX_BINDINGS);
    optionalPaths(statement, pattern, rows, edgeCounts[0]);
  }
  return { pattern, rows };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** Every variable named in SELECT, WHERE and ORDER BY must be a node variable; SUM(*) is no aggregate. */
function checkExpressions(statement: GqlStatement, pattern: CompiledPattern) {
  const paths = pathVariablesOf(statement);
  const visit = (e: Expression) => {
    switch (e.kind) {
      case 'pathFunction':
      case 'listComprehension':
        if (!paths.has(e.path.name)) throw new OracleError(`[${e.path.name}] is no path`);
        return;
      case 'property':
      case 'variable':
        if (paths.has(e.variable.name)) {
          if (e.kind === 'property') throw new OracleError('a path has no properties');
          return;
        }
        if (pattern.edgeVariables.has(e.variable.name)) {
          throw new OracleError(`[${e.variable.name}] is an edge variable`);
        }
        if (!pattern.variables.has(e.variable.name)) {
          throw new OracleError(`unknown variable [${e.variable.name}]`);
        }
        return;
      case 'literal':
        return;
      case 'list':
        return e.items.forEach(visit);
      case 'comparison':
      case 'and':
      case 'or':
        visit(e.left);
        return visit(e.right);
      case 'not':
        return visit(e.operand);
      case 'in':
        visit(e.operand);
        return visit(e.list);
      case 'isNull':
        return visit(e.operand);
      case 'startsWith':
        visit(e.operand);
        return visit(e.prefix);
      case 'aggregate':
        if (e.argument === null && e.function !== 'COUNT') {
          throw new OracleError(`${e.function}(*) is not an aggregate`);
        }
        if (e.argument) visit(e.argument);
        return;
    }
  };
  statement.items.forEach((i) => visit(i.expression));
  if (statement.where) visit(statement.where);
  statement.optional?.forEach((c) => c.where && visit(c.where));
  statement.orderBy.forEach((o) => visit(o.expression));
}

/** For each edge, whether it holds between two documents (memoised; quantified edges by search). */
function edgePredicates(pattern: CompiledPattern, data: GraphData) {
  return pattern.edges.map((edge) => {
    const hop = (source: RawDocument, target: RawDocument, o: Orientation) => {
      const from = valuesOf(fieldValue(source, o.relation.from.field.split('.')));
      const to = new Set(valuesOf(fieldValue(target, o.relation.to.field.split('.'))).map(keyText));
      return from.some((v) => keyText(v) !== undefined && to.has(keyText(v)));
    };
    if (!edge.quantifier) {
      return (left: RawDocument, right: RawDocument) =>
        edge.orientations.some((o) =>
          o.source === edge.left ? hop(left, right, o) : hop(right, left, o)
        );
    }
    return quantifiedPredicate(edge, pattern, data, hop);
  });
}

/**
 * A quantified edge holds from `left` to `right` when a path of min..max hops exists that visits
 * no document twice. Intermediate documents come from the relation's entities' indices.
 */
function quantifiedPredicate(
  edge: OracleEdge,
  pattern: CompiledPattern,
  data: GraphData,
  hop: (s: RawDocument, t: RawDocument, o: Orientation) => boolean
) {
  const { min, max } = edge.quantifier!;
  // Inner documents of a path may be any document of the relation's entities.
  const docsOf = new Map<string, { docs: RawDocument[]; keys: Set<string> }>();
  const inEntity = (label: string) => {
    if (!docsOf.has(label)) {
      const docs = pattern.entityIndices.get(label)!.flatMap((i) => data.documents(i));
      docsOf.set(label, { docs, keys: new Set(docs.map(docKey)) });
    }
    return docsOf.get(label)!;
  };
  // Directed hops from a document: which documents one relation step reaches, in the edge's direction.
  const steps = (doc: RawDocument): RawDocument[] => {
    const out: RawDocument[] = [];
    for (const o of edge.orientations) {
      const forward = o.source === edge.left;
      const fromEntity = forward ? o.relation.from.entity : o.relation.to.entity;
      const toEntity = forward ? o.relation.to.entity : o.relation.from.entity;
      if (!inEntity(fromEntity).keys.has(docKey(doc))) continue;
      for (const next of inEntity(toEntity).docs) {
        if (forward ? hop(doc, next, o) : hop(next, doc, o)) out.push(next);
      }
    }
    return out;
  };
  const reachable = new Map<string, Set<string>>();
  const reach = (start: RawDocument): Set<string> => {
    const found = new Set<string>();
    const onPath = new Set<string>([docKey(start)]);
    const walk = (doc: RawDocument, depth: number) => {
      if (depth >= min) found.add(docKey(doc));
      if (depth === max) return;
      for (const next of steps(doc)) {
        const key = docKey(next);
        if (onPath.has(key)) continue;
        onPath.add(key);
        walk(next, depth + 1);
        onPath.delete(key);
      }
    };
    walk(start, 0);
    return found;
  };
  return (left: RawDocument, right: RawDocument) => {
    const key = docKey(left);
    if (!reachable.has(key)) reachable.set(key, reach(left));
    return reachable.get(key)!.has(docKey(right));
  };
}

/** Every binding of the nodes to candidate documents under which all edges hold. */
function enumerate(
  pattern: CompiledPattern,
  candidates: RawDocument[][],
  holds: Array<(left: RawDocument, right: RawDocument) => boolean>
): Binding[] {
  // Visit connected nodes one after another so edges prune early.
  const order: number[] = [];
  const remaining = new Set(pattern.nodes.map((n) => n.id));
  while (remaining.size > 0) {
    const connected = [...remaining].filter((n) =>
      pattern.edges.some(
        (e) =>
          (e.left === n && order.includes(e.right)) || (e.right === n && order.includes(e.left))
      )
    );
    const pool = connected.length > 0 ? connected : [...remaining];
    const nextNode = pool.reduce((a, b) => (candidates[b].length < candidates[a].length ? b : a));
    order.push(nextNode);
    remaining.delete(nextNode);
  }
  const checksAt = order.map((node, position) =>
    pattern.edges
      .map((edge, i) => ({ edge, i }))
      .filter(({ edge }) => {
        const placed = order.slice(0, position + 1);
        return (
          (edge.left === node || edge.right === node) &&
          placed.includes(edge.left) &&
          placed.includes(edge.right)
        );
      })
  );

  const results: Binding[] = [];
  const binding: Binding = new Array(pattern.nodes.length);
  const place = (position: number) => {
    if (position === order.length) {
      if (results.length >= MAX_BINDINGS)
        throw new Error('oracle: too many bindings; narrow the case');
      results.push([...binding]);
      return;
    }
    const node = order[position];
    for (const doc of candidates[node]) {
      binding[node] = doc;
      if (
        checksAt[position].every(({ edge, i }) =>
          holds[i](binding[edge.left]!, binding[edge.right]!)
        )
      ) {
        place(position + 1);
      }
    }
  };
  place(0);
  return results;
}

interface Values {
  values: unknown[];
  /** A date field is involved: string comparisons are between instants. */
  date: boolean;
  /** The raw value, for IS NULL and projection. */
  raw: unknown;
}

function evaluateExpression(
  e: Expression,
  binding: Binding,
  pattern: CompiledPattern,
  data: GraphData
): Values | boolean {
  const sub = (x: Expression) => evaluateExpression(x, binding, pattern, data);
  const vals = (x: Expression): Values => {
    const v = sub(x);
    if (typeof v === 'boolean') throw new Error('oracle: a condition where a value was expected');
    return v;
  };
  switch (e.kind) {
    case 'property': {
      const doc = binding[pattern.variables.get(e.variable.name)!];
      // A null node (no OPTIONAL MATCH match) has null properties.
      if (doc === null) return { values: [], date: false, raw: null };
      const raw = fieldValue(doc, e.path);
      return {
        values: valuesOf(raw),
        date: data.fieldType(doc._index, e.path.join('.')) === 'date',
        raw: raw === undefined ? null : raw,
      };
    }
    case 'pathFunction': {
      const path = pathOf(binding, e.path.name);
      if (!path) return { values: [], date: false, raw: null };
      const raw = e.function === 'length' ? path.length : path.nodes;
      return { values: [raw], date: false, raw };
    }
    case 'listComprehension': {
      const own = { ...pattern, variables: new Map([[e.variable.name, 0]]) };
      const docs = pathDocuments(binding, e.path.name);
      if (docs === null) return { values: [], date: false, raw: null };
      const raw: unknown[] = [];
      for (const doc of docs) {
        if (e.where && !truth(evaluateExpression(e.where, [doc], own, data))) continue;
        if (!e.projection) raw.push({ _index: doc._index, _id: doc._id, _source: doc._source });
        else {
          const v = evaluateExpression(e.projection, [doc], own, data);
          raw.push(typeof v === 'boolean' ? v : v.raw);
        }
      }
      return { values: [raw], date: false, raw };
    }
    case 'variable': {
      const path = pathOf(binding, e.variable.name);
      if (path !== undefined) return { values: path ? [path] : [], date: false, raw: path };
      const doc = binding[pattern.variables.get(e.variable.name)!];
      if (doc === null) return { values: [], date: false, raw: null };
      const whole = { _index: doc._index, _id: doc._id, _source: doc._source };
      return { values: [whole], date: false, raw: whole };
    }
    case 'literal':
      return { values: valuesOf(e.value), date: false, raw: e.value };
    case 'list': {
      const items = e.items.map(vals);
      return { values: items.flatMap((i) => i.values), date: false, raw: items.map((i) => i.raw) };
    }
    case 'comparison': {
      const left = vals(e.left);
      const right = vals(e.right);
      const instant = left.date || right.date;
      const pairs = (test: (c: number) => boolean) =>
        left.values.some((l) =>
          right.values.some((r) => {
            const c = compareForWhere(l, r, instant);
            return c !== undefined && test(c);
          })
        );
      switch (e.operator) {
        case '=':
          return pairs((c) => c === 0);
        case '<>':
          // Has a value, and none of them equals any value on the other side.
          return left.values.length > 0 && right.values.length > 0 && !pairs((c) => c === 0);
        case '<':
          return pairs((c) => c < 0);
        case '<=':
          return pairs((c) => c <= 0);
        case '>':
          return pairs((c) => c > 0);
        case '>=':
          return pairs((c) => c >= 0);
      }
      throw new Error('unreachable');
    }
    case 'and':
      return truth(sub(e.left)) && truth(sub(e.right));
    case 'or':
      return truth(sub(e.left)) || truth(sub(e.right));
    case 'not':
      return !truth(sub(e.operand));
    case 'in': {
      const operand = vals(e.operand);
      const list = vals(e.list);
      const found = operand.values.some((v) =>
        list.values.some((l) => compareForWhere(v, l, operand.date) === 0)
      );
      return e.negated ? !found : found;
    }
    case 'isNull': {
      const empty = vals(e.operand).values.length === 0;
      return e.negated ? !empty : empty;
    }
    case 'startsWith': {
      const prefix = vals(e.prefix).values[0];
      const found =
        typeof prefix === 'string' &&
        vals(e.operand).values.some((v) => typeof v === 'string' && v.startsWith(prefix));
      return found;
    }
    case 'aggregate':
      throw new OracleError('an aggregate is not allowed here');
  }
}

function truth(value: Values | boolean): boolean {
  if (typeof value !== 'boolean') throw new Error('oracle: a value where a condition was expected');
  return value;
}

/** SELECT items, implicit grouping, DISTINCT and ORDER BY. */
function project(
  statement: GqlStatement,
  pattern: CompiledPattern,
  bindings: Binding[],
  data: GraphData
): OracleResult {
  const value = (e: Expression, b: Binding) => {
    const v = evaluateExpression(e, b, pattern, data);
    return typeof v === 'boolean' ? v : v.raw;
  };
  const isAggregate = statement.items.map((i) => i.expression.kind === 'aggregate');
  let rows: unknown[][];
  if (isAggregate.some(Boolean)) {
    // Implicit grouping by the non-aggregate items; one group of everything when there are none.
    const groups = new Map<string, Binding[]>();
    if (!isAggregate.includes(false)) groups.set(canonical([]), []);
    for (const b of bindings) {
      const key = canonical(
        statement.items.filter((_, i) => !isAggregate[i]).map((i) => value(i.expression, b))
      );
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key)!.push(b);
    }
    rows = [...groups.values()].map((group) =>
      statement.items.map((item) => {
        const e = item.expression;
        if (e.kind !== 'aggregate') return value(e, group[0]);
        const inputs = group.map((b) => (e.argument ? value(e.argument, b) : undefined));
        return aggregate(e.function as AggregateName, e.distinct, e.argument === null, inputs);
      })
    );
  } else {
    rows = bindings.map((b) => statement.items.map((item) => value(item.expression, b)));
  }
  if (statement.distinct) {
    const seen = new Set<string>();
    rows = rows.filter((row) => {
      const key = canonical(row);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  let order: OracleResult['order'] = null;
  if (statement.orderBy.length > 0) {
    order = statement.orderBy.map((o) => {
      const column = statement.items.findIndex((i) => i.text === o.text);
      // The corpus orders by selected items only, so the check can read keys off the engine's rows.
      if (column < 0) throw new Error(`oracle: ORDER BY [${o.text}] is not a select item`);
      return { column, descending: o.descending };
    });
    const descending = order.map((o) => o.descending);
    const keyed = rows.map((row) => ({
      row,
      key: order!.map((o) => sortKey(row[o.column], o.descending)),
    }));
    keyed.sort((a, b) => compareKeys(a.key, b.key, descending));
    rows = keyed.map((k) => k.row);
  }
  return {
    header: statement.items.map((i) => i.text),
    rows,
    order,
    offset: statement.offset?.value ?? 0,
    limit: statement.limit?.value,
  };
}
