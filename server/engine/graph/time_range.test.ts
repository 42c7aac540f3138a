import { describe, expect, it } from 'vitest';
import { parseGql } from '../../../common/gql';
import type { Expression } from '../../../common/gql/ast';
import { parseGraphModel } from './graph_model';
import { bindQuery } from './query_binding';
import { parseTimeRange, withTimeRange } from './time_range';

const MODEL = parseGraphModel({
  label: 'g',
  entities: [
    { label: 'Article', indices: ['articles'], time_field: 'meta.published' },
    { label: 'Company', indices: ['companies'] },
  ],
  relations: [
    {
      label: 'MENTIONS',
      from: { entity: 'Article', field: 'company_id' },
      to: { entity: 'Company' },
    },
  ],
});
const RANGE = { from: '2026-01-01T00:00:00Z', to: '2026-01-31T23:59:59Z' };

function bound(text: string) {
  const { statement, errors } = parseGql(text);
  expect(errors).toEqual([]);
  return bindQuery(statement!, MODEL, { maxHops: 5 });
}

/** A WHERE as `v.field op value` conjuncts, for comparing. */
function conjunctsOf(where: Expression | undefined): string[] {
  if (where === undefined) return [];
  if (where.kind === 'and') return [...conjunctsOf(where.left), ...conjunctsOf(where.right)];
  if (
    where.kind === 'comparison' &&
    where.left.kind === 'property' &&
    where.right.kind === 'literal'
  )
    return [
      `${where.left.variable.name}.${where.left.path.join('.')} ${where.operator} ${String(where.right.value)}`,
    ];
  return ['(written)'];
}

describe('a graph request’s time_range', () => {
  it('adds both bounds on the time field of each node of a timed entity, beside the written WHERE', () => {
    const query = withTimeRange(
      bound("MATCH (a:Article)-[:MENTIONS]->(c:Company) WHERE c.name = 'Acme' RETURN a"),
      MODEL,
      RANGE
    );
    expect(conjunctsOf(query.clauses[0].where)).toEqual([
      'c.name = Acme',
      `a.meta.published >= ${RANGE.from}`,
      `a.meta.published <= ${RANGE.to}`,
    ]);
  });

  it('names an anonymous node so its conditions can reach it, and leaves the query alone without a range', () => {
    const written = bound('MATCH (:Article)-[:MENTIONS]->(c:Company) RETURN c');
    expect(withTimeRange(written, MODEL, undefined)).toBe(written);
    const query = withTimeRange(written, MODEL, RANGE);
    expect(conjunctsOf(query.clauses[0].where)).toEqual([
      `#time0.meta.published >= ${RANGE.from}`,
      `#time0.meta.published <= ${RANGE.to}`,
    ]);
    expect(query.variables.get('#time0')).toBe(0);
  });

  it('puts an OPTIONAL MATCH node’s bounds in its own clause, not in the MATCH', () => {
    const query = withTimeRange(
      bound('MATCH (c:Company) OPTIONAL MATCH (a:Article)-[:MENTIONS]->(c) RETURN c, a'),
      MODEL,
      RANGE
    );
    expect(conjunctsOf(query.clauses[0].where)).toEqual([]);
    expect(conjunctsOf(query.clauses[1].where)).toEqual([
      `a.meta.published >= ${RANGE.from}`,
      `a.meta.published <= ${RANGE.to}`,
    ]);
  });

  it('reads ISO dates and epoch milliseconds, and refuses anything else by name', () => {
    expect(parseTimeRange(undefined)).toBeUndefined();
    expect(parseTimeRange({ from: '2026-01-01', to: '1767225600000' })).toEqual({
      from: '2026-01-01',
      to: '1767225600000',
    });
    expect(() => parseTimeRange([])).toThrow('[time_range] must be an object');
    expect(() => parseTimeRange({ from: 5, to: '2026-01-01' })).toThrow(
      '[time_range.from] failed to parse date [5]'
    );
  });
});
