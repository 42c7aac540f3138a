import { describe, expect, it } from 'vitest';
import type { FieldPredicate } from './field_predicate';
import { leafDsl, splitPredicate, type LeafPredicate } from './predicate_split';

/** A backend that evaluates every leaf on `a` and none on other fields. */
const onlyA = async (leaf: LeafPredicate) => (leaf.field === 'a' ? leafDsl(leaf, 'a') : null);

const eq = (field: string, value: number): FieldPredicate => ({
  kind: 'compare',
  field,
  operator: '=',
  value,
});

describe('splitting a predicate between a backend and its caller', () => {
  it('pushes the accepted conjuncts and leaves the others', async () => {
    const split = await splitPredicate(
      { kind: 'and', operands: [eq('a', 1), eq('b', 2), eq('a', 3), eq('c', 4)] },
      onlyA
    );
    expect(split.pushed).toEqual({
      bool: { filter: [{ term: { a: 1 } }, { term: { a: 3 } }] },
    });
    expect(split.remaining).toEqual({ kind: 'and', operands: [eq('b', 2), eq('c', 4)] });
  });

  it('pushes a disjunction or a negation only whole', async () => {
    const partial: FieldPredicate = { kind: 'or', operands: [eq('a', 1), eq('b', 2)] };
    expect(await splitPredicate(partial, onlyA)).toEqual({ pushed: null, remaining: partial });
    const negated: FieldPredicate = {
      kind: 'not',
      operand: { kind: 'and', operands: [eq('a', 1), eq('b', 2)] },
    };
    expect(await splitPredicate(negated, onlyA)).toEqual({ pushed: null, remaining: negated });
    expect(
      await splitPredicate(
        { kind: 'not', operand: { kind: 'or', operands: [eq('a', 1), eq('a', 2)] } },
        onlyA
      )
    ).toEqual({
      pushed: {
        bool: {
          must_not: [
            { bool: { should: [{ term: { a: 1 } }, { term: { a: 2 } }], minimum_should_match: 1 } },
          ],
        },
      },
      remaining: null,
    });
  });

  it('keeps a single remaining conjunct unwrapped and pushes nothing when nothing fits', async () => {
    expect(await splitPredicate({ kind: 'and', operands: [eq('b', 1)] }, onlyA)).toEqual({
      pushed: null,
      remaining: eq('b', 1),
    });
    expect(
      await splitPredicate({ kind: 'and', operands: [eq('a', 1), eq('b', 1)] }, onlyA)
    ).toEqual({ pushed: { term: { a: 1 } }, remaining: eq('b', 1) });
  });

  it('writes each leaf with term-level semantics', () => {
    expect(
      leafDsl({ kind: 'compare', field: 'f', operator: '<>', value: 'x' }, 'f.keyword')
    ).toEqual({
      bool: {
        filter: [{ exists: { field: 'f.keyword' } }],
        must_not: [{ term: { 'f.keyword': 'x' } }],
      },
    });
    expect(leafDsl({ kind: 'compare', field: 'n', operator: '>=', value: 3 }, 'n')).toEqual({
      range: { n: { gte: 3 } },
    });
    expect(leafDsl({ kind: 'in', field: 'n', values: [] }, 'n')).toEqual({ match_none: {} });
    expect(leafDsl({ kind: 'in', field: 'n', values: [1, 2] }, 'n')).toEqual({
      terms: { n: [1, 2] },
    });
    expect(leafDsl({ kind: 'prefix', field: 'k', value: 'ab' }, 'k')).toEqual({
      prefix: { k: 'ab' },
    });
    // Dates compare as instants in ISO form, whatever format the field itself was given.
    expect(
      leafDsl({ kind: 'compare', field: 'd', operator: '=', value: '2024-01-02' }, 'd', 'iso')
    ).toEqual({ range: { d: { gte: '2024-01-02', lte: '2024-01-02', format: 'iso' } } });
    expect(
      leafDsl({ kind: 'compare', field: 'd', operator: '<', value: '2024-01-02' }, 'd', 'iso')
    ).toEqual({ range: { d: { lt: '2024-01-02', format: 'iso' } } });
  });
});
