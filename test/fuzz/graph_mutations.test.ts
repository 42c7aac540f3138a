/**
 * The graph mutations do what their notes say: hostile values put inside quotes and names keep
 * the query well-formed (so they reach the backends instead of the parser's first error), huge
 * and deep bodies land where they aim, and system indices are told from patterns.
 */
import { describe, expect, it } from 'vitest';
import { parseGql } from '../../common/gql';
import { datasetSpec } from '../differential/dataset';
import { Prng } from '../differential/prng';
import { valuePool } from '../differential/value_pool';
import { damageGraph, namesSystemIndex, type GraphCategory } from './graph_mutations';
import { graphRequest, type GraphBody } from './graph_requests';
import type { FuzzWorld } from './valid_requests';

const world: FuzzWorld = {
  normal: 'fuzz-normal-x',
  virtual: { postgres: 'fuzz-vi-pg', mysql: 'fuzz-vi-my', sqlite: 'fuzz-vi-lite' },
  datasources: {},
  tables: {},
  sqliteFile: '/tmp/x.sqlite',
  freshPrefix: 'fuzz-new-',
  pool: valuePool(datasetSpec(20251123, 40)),
};
const LIMIT = 1024 * 1024;

function damaged(category: GraphCategory, count: number) {
  const out: Array<{ note: string; body: string; valid: GraphBody }> = [];
  for (let i = 0; i < count; i++) {
    const valid = graphRequest(new Prng(5_000 + i), world).body as GraphBody;
    const result = damageGraph(new Prng(9_000 + i), category, valid, world, LIMIT);
    if (result !== null) out.push({ note: result.note, body: result.body, valid });
  }
  return out;
}

describe('graph mutations', () => {
  it('keep the query well-formed when they put a hostile value inside quotes or names', () => {
    const cases = damaged('hostile_strings', 600).filter((c) =>
      /^query: (string literal|node query string|property) :=|label .* :=|graph name :=/.test(
        c.note
      )
    );
    expect(cases.length).toBeGreaterThan(50);
    for (const c of cases) {
      const query = JSON.parse(c.body).query as string;
      expect(parseGql(query).errors, `${c.note}\n${query}`).toEqual([]);
    }
  });

  it('change the query or the model, and stay the same for the same seed', () => {
    for (const category of [
      'grammar_mutation',
      'hostile_strings',
      'wrong_types',
      'unknown_fields',
      'deep_bodies',
    ] as const) {
      const first = damaged(category, 100);
      expect(first.length, category).toBeGreaterThan(20);
      expect(first.filter((c) => c.body === JSON.stringify(c.valid)).length, category).toBeLessThan(
        first.length / 10
      );
      expect(damaged(category, 100).map((c) => c.body)).toEqual(first.map((c) => c.body));
    }
  });

  it('aim huge bodies at the request limit and keep deep ones under it', () => {
    const huge = damaged('huge_bodies', 60).map((c) => c.body.length);
    expect(huge.some((n) => n > LIMIT)).toBe(true);
    expect(huge.some((n) => n <= LIMIT && n > LIMIT - 3_000)).toBe(true);
    expect(huge.every((n) => n >= 100_000)).toBe(true);
    for (const c of damaged('deep_bodies', 60))
      expect(c.body.length, c.note).toBeLessThanOrEqual(LIMIT);
    // Builds some 120 bodies of up to a few MB: seconds on a busy two-core machine.
  }, 30_000);

  it('tell a model naming a system index from one with a pattern', () => {
    const body = (indices: string[]) =>
      JSON.stringify({ model: { entities: [{ label: 'A', indices }] }, query: '' });
    expect(namesSystemIndex(body(['.federation-datasources']))).toBe(true);
    expect(namesSystemIndex(body(['x', 'y,.FEDERATION-pits']))).toBe(true);
    expect(namesSystemIndex(body(['.federation-*']))).toBe(false);
    expect(namesSystemIndex(body(['federation-datasources']))).toBe(false);
    expect(namesSystemIndex('{"model": ')).toBe(false);
  });
});
