/**
 * The oracle's paths (brute_force.ts), written naively from the contract
 * (docs/api/graph_queries.md, "Paths" and "Shortest paths"): a row of a pattern with a named
 * path is one per path, every simple path of its quantified edges enumerated depth-first over
 * every document of the relation's entity; a shortest-path edge keeps, per pair of ends, the
 * paths of fewest hops (breadth-first), all of them for ALL SHORTEST and the first for ANY
 * SHORTEST (which one the engine picks may differ: cases read only its length and ends).
 * A path is `{length, nodes: [{_index, _id, _source}], relations: [label per hop]}`.
 */
import type { GqlStatement } from '../../common/gql/ast';
import type { CompiledPattern, OracleEdge, Orientation } from './graph_pattern';
import { OracleError } from './graph_pattern';
import { keyText, valueAt, valuesOf } from './oracle_values';
import type { GraphData, RawDocument } from './brute_force';

type Binding = Array<RawDocument | null>;

export interface OraclePath {
  length: number;
  nodes: Array<{ _index: string; _id: string; _source: Record<string, unknown> }>;
  relations: string[];
}

/** Each row's paths, by path variable. */
const rowPaths = new WeakMap<
  Binding,
  Map<string, (RawDocument[] & { relations?: string[] }) | null>
>();

const docKey = (doc: RawDocument) => `${doc._index}\u0000${doc._id}`;

function fieldValue(doc: RawDocument, path: readonly string[]): unknown {
  if (path.length === 1 && path[0] === '_id') return doc._id;
  if (path.length === 1 && path[0] === '_index') return doc._index;
  return valueAt(doc._source, path);
}

export function pathVariablesOf(statement: GqlStatement): Set<string> {
  const all = [...statement.patterns, ...(statement.optional ?? []).flatMap((c) => c.patterns)];
  return new Set(all.flatMap((p) => (p.variable ? [p.variable.name] : [])));
}

export function usesPaths(statement: GqlStatement): boolean {
  const all = [...statement.patterns, ...(statement.optional ?? []).flatMap((c) => c.patterns)];
  return all.some((p) => p.variable || p.shortest);
}

/** The row's path named `name` (null when the row has none: not a path variable). */
export function pathOf(binding: Binding, name: string): OraclePath | null | undefined {
  const named = rowPaths.get(binding);
  if (!named?.has(name)) return undefined;
  const path = named.get(name)!;
  if (path === null) return null;
  return {
    length: path.relations!.length,
    nodes: path.map((d) => ({ _index: d._index, _id: d._id, _source: d._source })),
    relations: path.relations!,
  };
}

/** The row's path's documents; null for an OPTIONAL MATCH that found nothing. */
export function pathDocuments(binding: Binding, name: string): RawDocument[] | null {
  const named = rowPaths.get(binding);
  if (!named?.has(name)) throw new OracleError(`[${name}] is not a path variable`);
  return named.get(name)!;
}

/**
 * The rows of the MATCH clauses, one per path: each row's named paths' quantified edges and
 * shortest edges take every path they allow between the row's ends.
 */
export function expandPathRows(
  statement: GqlStatement,
  pattern: CompiledPattern,
  rows: Binding[],
  data: GraphData,
  maxRows: number
): Binding[] {
  let first = 0;
  const paths = statement.patterns.map((p) => {
    const edges = p.edges.map((_, i) => first + i);
    first += p.edges.length;
    return { pattern: p, edges };
  });
  for (const { pattern: p, edges } of paths) {
    if (p.shortest && (edges.length !== 1 || !pattern.edges[edges[0]].quantifier)) {
      throw new OracleError('a shortest path is one quantified edge');
    }
    if (p.shortest && pattern.edges[edges[0]].quantifier!.min !== 1) {
      throw new OracleError('a shortest path starts from one hop');
    }
  }
  const walked = new Map<number, ReturnType<typeof walker>>();
  const walkOf = (e: number) => {
    if (!walked.has(e)) walked.set(e, walker(pattern.edges[e], pattern, data));
    return walked.get(e)!;
  };
  const out: Binding[] = [];
  for (const row of rows) {
    // Per path-per-row edge, the documents between its ends of each of its paths.
    let combos: Array<Map<number, RawDocument[]>> = [new Map()];
    for (const { pattern: p, edges } of paths) {
      for (const e of edges) {
        const edge = pattern.edges[e];
        if (!edge.quantifier || (!p.variable && !p.shortest)) continue;
        const left = row[edge.left]!;
        const right = row[edge.right]!;
        const choices = p.shortest
          ? walkOf(e).shortest(left, right, p.shortest.mode)
          : walkOf(e).simple(left, right);
        combos = combos.flatMap((c) => choices.map((middle) => new Map(c).set(e, middle)));
      }
    }
    for (const combo of combos) {
      const copy = [...row];
      const named = new Map<string, RawDocument[] & { relations?: string[] }>();
      for (const { pattern: p, edges } of paths) {
        if (!p.variable) continue;
        const nodes =
          edges.length === 0
            ? [pattern.variables.get(p.nodes[0][0].variable?.name ?? '')]
            : [pattern.edges[edges[0]].left, ...edges.map((e) => pattern.edges[e].right)];
        if (nodes.some((n) => n === undefined))
          throw new Error('oracle: an anonymous one-node path');
        const docs: RawDocument[] & { relations?: string[] } = [];
        const relations: string[] = [];
        nodes.forEach((node, i) => {
          if (i > 0) {
            const e = edges[i - 1];
            const middle = combo.get(e) ?? [];
            docs.push(...middle);
            const label = pattern.edges[e].orientations[0].relation.label;
            for (let h = 0; h <= middle.length; h++) relations.push(label);
          }
          docs.push(copy[node!]!);
        });
        docs.relations = relations;
        named.set(p.variable.name, docs);
      }
      rowPaths.set(copy, named);
      out.push(copy);
      if (out.length > maxRows) throw new Error('oracle: too many paths; narrow the case');
    }
  }
  return out;
}

/**
 * The named paths of OPTIONAL MATCH clauses, fixed patterns only (their rows are one per
 * binding): the path's nodes, or null when the clause found nothing. `firstEdge` is the number of
 * edges of the MATCH clauses (optional edges are numbered after them).
 */
export function optionalPaths(
  statement: GqlStatement,
  pattern: CompiledPattern,
  rows: Binding[],
  firstEdge: number
): void {
  let edge = firstEdge;
  const paths = (statement.optional ?? []).flatMap((clause) =>
    clause.patterns.map((p) => {
      const edges = p.edges.map((_, i) => edge + i);
      edge += p.edges.length;
      return { pattern: p, edges };
    })
  );
  for (const { pattern: p, edges } of paths) {
    if (!p.variable) continue;
    if (p.shortest || edges.some((e) => pattern.edges[e].quantifier)) {
      throw new Error('oracle: quantified paths in OPTIONAL MATCH are not modelled');
    }
    const nodes =
      edges.length === 0
        ? [pattern.variables.get(p.nodes[0][0].variable?.name ?? '')!]
        : [pattern.edges[edges[0]].left, ...edges.map((e) => pattern.edges[e].right)];
    for (const row of rows) {
      const named = rowPaths.get(row) ?? new Map();
      if (nodes.some((n) => row[n] === null)) named.set(p.variable.name, null);
      else {
        const docs: RawDocument[] & { relations?: string[] } = nodes.map((n) => row[n]!);
        docs.relations = edges.map((e) => pattern.edges[e].orientations[0].relation.label);
        named.set(p.variable.name, docs);
      }
      rowPaths.set(row, named);
    }
  }
}

/** Walks over one quantified edge's relation: every simple path, and the shortest ones. */
function walker(edge: OracleEdge, pattern: CompiledPattern, data: GraphData) {
  const { min, max } = edge.quantifier!;
  const docsOf = new Map<string, { docs: RawDocument[]; keys: Set<string> }>();
  const inEntity = (label: string) => {
    if (!docsOf.has(label)) {
      const docs = pattern.entityIndices.get(label)!.flatMap((i) => data.documents(i));
      docsOf.set(label, { docs, keys: new Set(docs.map(docKey)) });
    }
    return docsOf.get(label)!;
  };
  const hop = (source: RawDocument, target: RawDocument, o: Orientation) => {
    const from = valuesOf(fieldValue(source, o.relation.from.field.split('.')));
    const to = new Set(valuesOf(fieldValue(target, o.relation.to.field.split('.'))).map(keyText));
    return from.some((v) => keyText(v) !== undefined && to.has(keyText(v)));
  };
  const cache = new Map<string, RawDocument[]>();
  const steps = (doc: RawDocument): RawDocument[] => {
    const key = docKey(doc);
    if (cache.has(key)) return cache.get(key)!;
    const out: RawDocument[] = [];
    for (const o of edge.orientations) {
      const forward = o.source === edge.left;
      const fromEntity = forward ? o.relation.from.entity : o.relation.to.entity;
      const toEntity = forward ? o.relation.to.entity : o.relation.from.entity;
      if (!inEntity(fromEntity).keys.has(key)) continue;
      for (const next of inEntity(toEntity).docs) {
        if ((forward ? hop(doc, next, o) : hop(next, doc, o)) && !out.includes(next))
          out.push(next);
      }
    }
    cache.set(key, out);
    return out;
  };
  return {
    /** Every path of min..max hops from `left` to `right` repeating no document. */
    simple(left: RawDocument, right: RawDocument): RawDocument[][] {
      const found: RawDocument[][] = [];
      const onPath = new Set([docKey(left)]);
      const between: RawDocument[] = [];
      const walk = (doc: RawDocument, depth: number) => {
        for (const next of steps(doc)) {
          const key = docKey(next);
          if (onPath.has(key)) continue;
          if (key === docKey(right)) {
            if (depth + 1 >= min) found.push([...between]);
            continue;
          }
          if (depth + 1 === max) continue;
          onPath.add(key);
          between.push(next);
          walk(next, depth + 1);
          between.pop();
          onPath.delete(key);
        }
      };
      walk(left, 0);
      return found;
    },
    /** The paths of fewest hops (at most max) from `left` to `right`: all, or the first. */
    shortest(left: RawDocument, right: RawDocument, mode: 'any' | 'all'): RawDocument[][] {
      const depth = new Map([[docKey(left), 0]]);
      const parents = new Map<string, RawDocument[]>();
      let frontier = [left];
      for (let level = 1; level <= max && frontier.length > 0; level++) {
        const next: RawDocument[] = [];
        for (const doc of frontier) {
          for (const n of steps(doc)) {
            const key = docKey(n);
            if (!depth.has(key)) {
              depth.set(key, level);
              parents.set(key, [doc]);
              next.push(n);
            } else if (depth.get(key) === level) parents.get(key)!.push(doc);
          }
        }
        if (depth.has(docKey(right))) break;
        frontier = next;
      }
      if (!depth.has(docKey(right)) || docKey(left) === docKey(right)) return [];
      const paths: RawDocument[][] = [];
      const back = (doc: RawDocument, after: RawDocument[]) => {
        for (const parent of parents.get(docKey(doc))!) {
          if (docKey(parent) === docKey(left)) paths.push(after);
          else back(parent, [parent, ...after]);
        }
      };
      back(right, []);
      return mode === 'all' ? paths : paths.slice(0, 1);
    },
  };
}
