/**
 * The aggregates of a graph query (COUNT, SUM, AVG, MIN, MAX, COLLECT, each optionally
 * DISTINCT): one accumulator per aggregate item and group, fed binding by binding. DISTINCT
 * values and collected values held by all of a query's accumulators together are bounded
 * (maxGraphAggregateValues).
 */
import type { Expression } from '../../../common/gql/ast';
import { badRequest } from '../errors';
import { collectAccumulator } from './collect_accumulator';
import { compareValues, presentValues, scalarValues, type Binding } from './expressions';

export interface Accumulator {
  add(binding: Binding): void;
  result(): unknown;
}

/**
 * The values every DISTINCT and COLLECT aggregate of a query holds, over all groups
 * (maxGraphAggregateValues).
 */
export class DistinctValues {
  private held = 0;

  constructor(private readonly max: number) {}

  /** Adds `key` to `set`; false when it was there already. */
  add(set: Set<string>, key: string): boolean {
    if (set.has(key)) return false;
    this.hold();
    set.add(key);
    return true;
  }

  /** Counts one more value held (a collected one). */
  hold(): void {
    if (++this.held > this.max) {
      throw badRequest(
        `the DISTINCT and COLLECT aggregates of the query hold more than ${this.max} values (setting maxGraphAggregateValues); narrow the pattern, group by fewer items, or raise the setting maxGraphAggregateValues`
      );
    }
  }
}

export function accumulator(
  e: Extract<Expression, { kind: 'aggregate' }>,
  variables: ReadonlyMap<string, number>,
  distinctValues: DistinctValues
): Accumulator {
  const valuesOf = (binding: Binding): unknown[] => {
    const arg = e.argument!;
    if (arg.kind === 'property')
      return scalarValues(binding[variables.get(arg.variable.name)!], arg.path);
    if (arg.kind === 'variable') {
      // A null (an OPTIONAL MATCH that found nothing) is no value: count(v) skips it.
      const doc = binding[variables.get(arg.variable.name)!];
      return doc === undefined ? [] : [`${doc._index}\u0000${doc._id}`];
    }
    throw badRequest(
      `line ${arg.range.line}, column ${arg.range.column}: ${e.function} takes a property (v.p) or a variable`
    );
  };
  if (e.function === 'COLLECT') return collectAccumulator(e, variables, distinctValues);
  if (e.function === 'COUNT') {
    if (e.argument === null) {
      let n = 0;
      return { add: () => void n++, result: () => n };
    }
    if (e.distinct) {
      const set = new Set<string>();
      return {
        add: (b) => valuesOf(b).forEach((v) => distinctValues.add(set, JSON.stringify(v))),
        result: () => set.size,
      };
    }
    let n = 0;
    const arg = e.argument;
    const present = (b: Binding) =>
      arg.kind === 'property'
        ? presentValues(b[variables.get(arg.variable.name)!], arg.path).length
        : valuesOf(b).length;
    return { add: (b) => void (n += present(b)), result: () => n };
  }
  const distinct = e.distinct ? new Set<string>() : null;
  const numbers = (b: Binding) =>
    valuesOf(b).filter((v) => !distinct || distinctValues.add(distinct, JSON.stringify(v)));
  if (e.function === 'SUM' || e.function === 'AVG') {
    let sum = 0;
    let count = 0;
    return {
      add: (b) => {
        for (const v of numbers(b)) {
          const x = typeof v === 'number' ? v : Number(v);
          if (Number.isNaN(x))
            throw badRequest(
              `line ${e.range.line}, column ${e.range.column}: ${e.function} met the value [${String(v)}], which is not a number`
            );
          sum += x;
          count++;
        }
      },
      result: () =>
        e.function === 'SUM' ? (count === 0 ? null : sum) : count === 0 ? null : sum / count,
    };
  }
  let best: unknown = null;
  const sign = e.function === 'MIN' ? -1 : 1;
  return {
    add: (b) => {
      for (const v of numbers(b)) {
        const c = best === null ? sign : compareValues(v, best);
        if (c !== null && Math.sign(c) === sign) best = v;
      }
    },
    result: () => best,
  };
}
