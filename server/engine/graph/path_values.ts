/**
 * Path values (docs/api/graph_queries.md, "Paths"): what `RETURN p`, `length(p)` /
 * `path_length(p)`, `nodes(p)` and `[n IN nodes(p) WHERE c | e]` answer for a row.
 *
 * A row (a Binding) holds one document per node; the documents a quantified edge's path passes
 * through between its ends are not nodes, so row assembly hands them on beside the row
 * (`withPathHops`), per edge id, in the order the edge is written (left to right). A path is
 * its nodes in the order written, with each quantified edge's documents between its ends.
 *
 * A path answers `{"length": hops, "nodes": [{_index, _id, _source}, ...], "relations":
 * [label, ...]}` (one relation label per hop): plain JSON an OpenSearch client reads as it reads
 * a document, and `null` when a node of it is null (an OPTIONAL MATCH found nothing).
 */
import type { Expression } from '../../../common/gql/ast';
import type { BackendDocument } from '../backends/backend';
import type { BoundQuery } from './bound_query';
import { evaluateCondition, propertyValue, type Binding } from './expressions';

/** The documents between the ends of each path-per-row edge of a row, by edge id. */
export type PathHops = ReadonlyMap<number, readonly BackendDocument[]>;

const hopsOfRow = new WeakMap<Binding, PathHops>();

/** The row, with the documents its quantified edges' paths pass through (a copy of `hops`). */
export function withPathHops(row: Binding, hops: PathHops): Binding {
  if (hops.size > 0) hopsOfRow.set(row, new Map(hops));
  return row;
}

export function pathHopsOf(row: Binding): PathHops | undefined {
  return hopsOfRow.get(row);
}

export interface PathValue {
  length: number;
  nodes: Array<{ _index: string; _id: string; _source: Record<string, unknown> }>;
  relations: string[];
}

const rendered = (doc: BackendDocument) => ({
  _index: doc._index,
  _id: doc._id,
  _source: doc._source,
});

/** Reads path values off rows, for the items that name a path (result_shaping.ts). */
export class PathValues {
  constructor(private readonly query: Pick<BoundQuery, 'paths' | 'edges' | 'pathVariables'>) {}

  /** Whether the expression is a path value this class reads (else the caller's). */
  reads(expression: Expression): boolean {
    return (
      expression.kind === 'pathFunction' ||
      expression.kind === 'listComprehension' ||
      (expression.kind === 'variable' &&
        this.query.pathVariables?.has(expression.variable.name) === true)
    );
  }

  /** The expression's value for a row (`reads(expression)` must hold). */
  reader(expression: Expression): (binding: Binding) => unknown {
    switch (expression.kind) {
      case 'variable': {
        const path = this.pathIndex(expression.variable.name);
        return (binding) => this.value(path, binding);
      }
      case 'pathFunction': {
        const path = this.pathIndex(expression.path.name);
        if (expression.function === 'length') {
          return (binding) =>
            this.pathDocuments(path, binding) === null ? null : this.hops(path, binding);
        }
        return (binding) => this.pathDocuments(path, binding)?.map(rendered) ?? null;
      }
      case 'listComprehension': {
        const path = this.pathIndex(expression.path.name);
        const own = new Map([[expression.variable.name, 0]]);
        const { where, projection } = expression;
        return (binding) => {
          const docs = this.pathDocuments(path, binding);
          if (docs === null) return null;
          const out: unknown[] = [];
          for (const doc of docs) {
            // Dates in a comprehension's condition compare as written (no field types here).
            if (where && !evaluateCondition(where, [doc], own, () => false)) continue;
            out.push(projected(projection, doc));
          }
          return out;
        };
      }
      default:
        throw new Error(`not a path value: ${expression.kind}`);
    }
  }

  private pathIndex(name: string): number {
    return this.query.pathVariables!.get(name)!;
  }

  private hops(path: number, binding: Binding): number {
    const hops = pathHopsOf(binding);
    return this.query.paths[path].edges.reduce(
      (sum, edge) =>
        sum + (this.query.edges[edge].quantifier ? (hops?.get(edge)?.length ?? 0) + 1 : 1),
      0
    );
  }

  /** The path's documents in order, or null when one of its nodes is null. */
  private pathDocuments(path: number, binding: Binding): BackendDocument[] | null {
    const { nodes, edges } = this.query.paths[path];
    const hops = pathHopsOf(binding);
    const out: BackendDocument[] = [];
    for (let i = 0; i < nodes.length; i++) {
      const doc = binding[nodes[i]];
      if (doc === undefined) return null;
      if (i > 0) out.push(...(hops?.get(edges[i - 1]) ?? []));
      out.push(doc);
    }
    return out;
  }

  private value(path: number, binding: Binding): PathValue | null {
    const docs = this.pathDocuments(path, binding);
    if (docs === null) return null;
    const hops = pathHopsOf(binding);
    const relations: string[] = [];
    for (const id of this.query.paths[path].edges) {
      const edge = this.query.edges[id];
      const count = edge.quantifier ? (hops?.get(id)?.length ?? 0) + 1 : 1;
      for (let i = 0; i < count; i++) relations.push(edge.label);
    }
    return { length: relations.length, nodes: docs.map(rendered), relations };
  }
}

function projected(projection: Expression | undefined, doc: BackendDocument): unknown {
  if (projection === undefined || projection.kind === 'variable') return rendered(doc);
  if (projection.kind === 'property') return propertyValue(doc, projection.path);
  if (projection.kind === 'literal') return projection.value;
  throw new Error(`a list comprehension's value is n, n.prop or a literal`);
}
