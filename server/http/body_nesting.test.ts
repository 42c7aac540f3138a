import { describe, expect, it } from 'vitest';
import { FederationError } from '../engine/errors';
import { assertNesting } from './body_nesting';
import { parseJsonBody, parseNdjsonBody } from './request_body';

const limits = { maxDepth: 50, maxQueryDepth: 3 };

function nestedBools(n: number): unknown {
  let query: unknown = { match_all: {} };
  for (let i = 0; i < n; i++) query = { bool: { must: [query] } };
  return { query };
}

function errorOf(fn: () => unknown): FederationError {
  try {
    fn();
  } catch (error) {
    return error as FederationError;
  }
  throw new Error('expected an error');
}

describe('assertNesting', () => {
  it('refuses JSON deeper than the parser limit, without recursion', () => {
    const text = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const error = errorOf(() => parseJsonBody(text, { maxDepth: 1_000, maxQueryDepth: 20 }));
    expect(error.status).toBe(400);
    expect(error.type).toBe('stream_constraints_exception');
    expect(error.reason).toContain('exceeds the maximum allowed (1000)');
  });

  it('counts compound queries and aggregation levels', () => {
    expect(() => assertNesting(nestedBools(3), limits)).not.toThrow();
    const error = errorOf(() => assertNesting(nestedBools(4), limits));
    expect(error.type).toBe('illegal_argument_exception');
    expect(error.reason).toContain('query.bool.must.0.bool');
    const aggs = { aggs: { a: { aggs: { b: { aggs: { c: { aggs: { d: {} } } } } } } } };
    expect(errorOf(() => assertNesting(aggs, limits)).reason).toContain('aggregations are nested');
  });

  it('refuses a key name longer than OpenSearch parses (it answers a 500 for one)', () => {
    expect(() => assertNesting({ size: 1, ['k'.repeat(50_000)]: 1 }, limits)).not.toThrow();
    const error = errorOf(() => assertNesting({ query: { ['k'.repeat(50_001)]: {} } }, limits));
    expect(error.type).toBe('stream_constraints_exception');
    expect(error.reason).toContain('Name length (50001)');
    expect(error.reason.length).toBeLessThan(400);
  });

  it('checks every NDJSON line', () => {
    const line = JSON.stringify(nestedBools(4));
    expect(errorOf(() => parseNdjsonBody(`{}\n${line}\n`, limits)).reason).toContain('line 2');
  });
});
