import type { FieldPredicate } from './field_predicate';

/** A predicate without `and`/`or`/`not`: one condition on one field. */
export type LeafPredicate = Exclude<FieldPredicate, { kind: 'and' | 'or' | 'not' }>;

export interface SplitPredicate {
  /** Query DSL for the part the backend evaluates exactly; null when it takes nothing. */
  pushed: unknown | null;
  /** What the caller still evaluates on the fetched documents; null when nothing is left. */
  remaining: FieldPredicate | null;
}

/**
 * Splits a predicate into what a backend evaluates and what remains, given how it evaluates one
 * leaf (`push` answers the leaf's query DSL, or null when the backend cannot evaluate it
 * exactly). Conjuncts are split one by one: the accepted ones are pushed, the others remain.
 * `or` and `not` are pushed only whole: pushing part of a disjunction or of a negation would
 * drop or add documents, where pushing part of a conjunction only narrows what is fetched.
 */
export async function splitPredicate(
  predicate: FieldPredicate,
  push: (leaf: LeafPredicate) => Promise<unknown | null>
): Promise<SplitPredicate> {
  switch (predicate.kind) {
    case 'and': {
      const parts = await Promise.all(predicate.operands.map((p) => splitPredicate(p, push)));
      const pushed = parts.flatMap((p) => (p.pushed === null ? [] : [p.pushed]));
      const remaining = parts.flatMap((p) => (p.remaining === null ? [] : [p.remaining]));
      return {
        pushed:
          pushed.length === 0 && remaining.length > 0
            ? null
            : pushed.length === 1
              ? pushed[0]
              : { bool: { filter: pushed } },
        remaining:
          remaining.length === 0
            ? null
            : remaining.length === 1
              ? remaining[0]
              : { kind: 'and', operands: remaining },
      };
    }
    case 'or': {
      const parts = await Promise.all(predicate.operands.map((p) => splitPredicate(p, push)));
      if (parts.some((p) => p.remaining !== null)) return { pushed: null, remaining: predicate };
      return {
        pushed:
          parts.length === 0
            ? { match_none: {} }
            : { bool: { should: parts.map((p) => p.pushed), minimum_should_match: 1 } },
        remaining: null,
      };
    }
    case 'not': {
      const part = await splitPredicate(predicate.operand, push);
      if (part.remaining !== null) return { pushed: null, remaining: predicate };
      return { pushed: { bool: { must_not: [part.pushed] } }, remaining: null };
    }
    default: {
      const pushed = await push(predicate);
      return pushed === null ? { pushed: null, remaining: predicate } : { pushed, remaining: null };
    }
  }
}

/**
 * The query DSL of one leaf on `field` (already the field the backend reads, e.g. a `.keyword`
 * subfield), with OpenSearch's term-level semantics: `=` is `term`, `<>` needs a value and no
 * equal one, comparisons are one-sided `range`s. `dateFormat` makes `=` and `<>` on a date field
 * ranges in that format, so a date written in ISO form matches whatever the field's own format.
 */
export function leafDsl(leaf: LeafPredicate, field: string, dateFormat?: string): unknown {
  switch (leaf.kind) {
    case 'exists':
      return { exists: { field } };
    case 'prefix':
      return { prefix: { [field]: leaf.value } };
    case 'in':
      if (leaf.values.length === 0) return { match_none: {} };
      if (dateFormat !== undefined) {
        return {
          bool: {
            should: leaf.values.map((value) => equalDate(field, value, dateFormat)),
            minimum_should_match: 1,
          },
        };
      }
      return { terms: { [field]: leaf.values } };
    case 'compare': {
      const { operator, value } = leaf;
      const equal =
        dateFormat === undefined
          ? { term: { [field]: value } }
          : equalDate(field, value, dateFormat);
      if (operator === '=') return equal;
      if (operator === '<>')
        return { bool: { filter: [{ exists: { field } }], must_not: [equal] } };
      const bound = { '<': 'lt', '<=': 'lte', '>': 'gt', '>=': 'gte' }[operator];
      return {
        range: {
          [field]: { [bound]: value, ...(dateFormat === undefined ? {} : { format: dateFormat }) },
        },
      };
    }
  }
}

function equalDate(field: string, value: unknown, format: string): unknown {
  return { range: { [field]: { gte: value, lte: value, format } } };
}
