/**
 * `COLLECT(expr)` and `COLLECT(DISTINCT expr)` (Cypher's `collect`): the list of a group's
 * values, nulls skipped (a missing field, an OPTIONAL MATCH that found nothing), a property's
 * array kept as one value, as the item `v.p` answers it. Without WITH there is no row order to
 * keep, so the list is answered in a fixed order: numbers, strings, booleans, then objects
 * (documents, arrays), each ascending (docs/api/graph_queries.md). Every value held counts
 * against maxGraphAggregateValues.
 */
import type { Expression } from '../../../common/gql/ast';
import { propertyValue, type Binding } from './expressions';

/** What the query's aggregates hold together (aggregate_accumulators.ts, DistinctValues). */
interface HeldValues {
  add(set: Set<string>, key: string): boolean;
  hold(): void;
}

export function collectAccumulator(
  e: Extract<Expression, { kind: 'aggregate' }>,
  variables: ReadonlyMap<string, number>,
  held: HeldValues
): { add(binding: Binding): void; result(): unknown[] } {
  const arg = e.argument!;
  const node =
    arg.kind === 'property' || arg.kind === 'variable' ? variables.get(arg.variable.name)! : -1;
  const valueOf = (binding: Binding): unknown => {
    const doc = binding[node];
    if (arg.kind === 'property') return propertyValue(doc, arg.path);
    return doc === undefined ? null : { _index: doc._index, _id: doc._id, _source: doc._source };
  };
  const values: unknown[] = [];
  const seen = e.distinct ? new Set<string>() : null;
  return {
    add: (binding) => {
      const value = valueOf(binding);
      if (value === null || value === undefined) return;
      if (seen) {
        if (held.add(seen, sortedJson(value))) values.push(value);
        return;
      }
      held.hold();
      values.push(value);
    },
    result: () => [...values].sort(collectOrder),
  };
}

const RANK: Record<string, number> = { number: 0, string: 1, boolean: 2, object: 3 };

/** A total order: by type, then by value; objects and arrays by their JSON with sorted keys. */
export function collectOrder(a: unknown, b: unknown): number {
  const ta = RANK[typeof a] ?? 4;
  const tb = RANK[typeof b] ?? 4;
  if (ta !== tb) return ta - tb;
  if (typeof a === 'number') return a - (b as number);
  if (typeof a === 'boolean') return Number(a) - Number(b);
  const x = typeof a === 'string' ? a : sortedJson(a);
  const y = typeof b === 'string' ? (b as string) : sortedJson(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** JSON with object keys sorted, so equal values give equal text whatever their key order. */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]])
        )
      : v
  );
}
