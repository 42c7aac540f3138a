/**
 * The graph generator's promise, checked without services: every generated request parses and
 * binds to its model with the server's own parser and binder, so a valid fuzz case that fails
 * on the host is the host's fault, not the generator's. Also checks that the generator covers
 * the features it claims to, so a change that quietly stops writing them is noticed.
 */
import { describe, expect, it } from 'vitest';
import { parseGql } from '../../common/gql';
import { parseGraphModel } from '../../server/engine/graph/graph_model';
import { bindQuery } from '../../server/engine/graph/query_binding';
import { datasetSpec } from '../differential/dataset';
import { Prng } from '../differential/prng';
import { valuePool } from '../differential/value_pool';
import { tokenize } from './gql_text';
import type { GraphBody } from './graph_requests';
import { graphRequest } from './graph_requests';
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

function generated(count: number): GraphBody[] {
  return Array.from(
    { length: count },
    (_, i) => graphRequest(new Prng(1_000 + i), world).body as GraphBody
  );
}

describe('graph request generator', () => {
  it('writes queries the parser and binder accept', () => {
    const failures: string[] = [];
    for (const body of generated(10_000)) {
      const parsed = parseGql(body.query);
      try {
        if (parsed.errors.length > 0) throw new Error(parsed.errors[0].message);
        bindQuery(parsed.statement!, parseGraphModel(body.model), { maxHops: 5 });
      } catch (error) {
        failures.push(
          `${(error as Error).message}\n  ${body.query}\n  ${JSON.stringify(body.model)}`
        );
      }
    }
    expect(failures.slice(0, 5).join('\n\n')).toBe('');
  });

  it('covers the grammar it claims to', () => {
    const queries = generated(3_000).map((b) => b.query);
    const share = (test: RegExp) => queries.filter((q) => test.test(q)).length / queries.length;
    for (const [feature, test] of [
      ['quantifiers', /[->]\{\d/],
      ['bare arrows', /\)(->|<-|-)\(/],
      ['undirected edges', /\]-\(/],
      ['merged nodes', /\)\s?\(/],
      ['comma patterns', /\), ?\(/],
      ['unlabelled nodes', /-\(\w*( WHERE[^)]*)?\)/i],
      ['WHERE', /\) WHERE /i],
      ['IN lists', / IN \[/i],
      ['IS NULL', / IS (NOT )?NULL/i],
      ['STARTS WITH', /STARTS WITH/i],
      ['DISTINCT', /SELECT DISTINCT/i],
      ['ORDER BY', /ORDER BY/i],
      ['LIMIT', /LIMIT \d/i],
      ['OFFSET', /OFFSET \d/i],
      ['aggregates', /(COUNT|SUM|AVG|MIN|MAX)\(/i],
      ['EXPLAIN', /^EXPLAIN/i],
      ['node query strings', /WHERE "/i],
    ] as const)
      expect(share(test), feature).toBeGreaterThan(0.01);
  });

  it('tokenizes a query back into the same text', () => {
    for (const query of generated(200).map((b) => b.query))
      expect(
        tokenize(query)
          .map((t) => t.text)
          .join('')
      ).toBe(query);
  });
});
