import { FederationError } from '../engine/errors';
import { assertQueryStringDepth } from '../engine/opensearch/query_string_depth';

/**
 * How deep a parsed body may nest. Checked once, iteratively, right after parsing, so that every
 * later recursive walk (join rewriting, query and aggregation translation, OpenSearch's own
 * parser) only ever sees bounded depth. OpenSearch's node dies of a stack overflow on a `bool`
 * nested a few hundred deep, so normal indices need this as much as virtual ones.
 */
export interface NestingLimits {
  /** JSON nesting of the whole body (OpenSearch's parser refuses past 1000). */
  maxDepth: number;
  /** Compound queries nested in each other, and aggregations nested in each other. */
  maxQueryDepth: number;
}

export const DEFAULT_NESTING_LIMITS: NestingLimits = { maxDepth: 1_000, maxQueryDepth: 20 };

/** Queries that hold other queries: each one nested in another counts one level. */
const COMPOUND_QUERIES = new Set([
  'bool',
  'boosting',
  'constant_score',
  'dis_max',
  'function_score',
  'has_child',
  'has_parent',
  'join',
  'nested',
  'script_score',
]);
const AGGREGATION_KEYS = new Set(['aggs', 'aggregations']);
/**
 * Longest key name OpenSearch's parser takes (`StreamReadConstraints` max name length); past it
 * OpenSearch answers a 500, so the host answers the 400 first.
 */
const MAX_NAME_LENGTH = 50_000;

interface Frame {
  value: unknown;
  depth: number;
  queries: number;
  aggs: number;
  key: string;
  parent: Frame | null;
}

/** Throws a 400 naming where `value` nests deeper than `limits` allow. */
export function assertNesting(value: unknown, limits: NestingLimits, where = 'the request body') {
  const stack: Frame[] = [{ value, depth: 1, queries: 0, aggs: 0, key: '', parent: null }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const v = frame.value;
    if (typeof v !== 'object' || v === null) continue;
    if (frame.depth > limits.maxDepth) {
      throw new FederationError(
        400,
        'stream_constraints_exception',
        `Document nesting depth (${frame.depth}) exceeds the maximum allowed (${limits.maxDepth}) in ${where} at [${pathOf(frame)}]: flatten it (the limit is the setting maxBodyDepth)`
      );
    }
    if (frame.queries > limits.maxQueryDepth) {
      throw new FederationError(
        400,
        'illegal_argument_exception',
        `The nested depth of the query exceeds the maximum nested depth for queries [${limits.maxQueryDepth}] in ${where} at [${pathOf(frame)}]: nest fewer bool/compound queries, e.g. combine clauses in one bool (the limit is the setting maxQueryDepth)`
      );
    }
    if (frame.aggs > limits.maxQueryDepth) {
      throw new FederationError(
        400,
        'illegal_argument_exception',
        `aggregations are nested more than ${limits.maxQueryDepth} levels deep in ${where} at [${pathOf(frame)}]: nest fewer sub-aggregations (the limit is the setting maxQueryDepth)`
      );
    }
    if (frame.key === 'query_string' && !Array.isArray(v)) {
      const text = (v as { query?: unknown }).query;
      if (typeof text === 'string') {
        assertQueryStringDepth(
          text,
          frame.queries,
          limits.maxQueryDepth,
          `${where} at [${pathOf(frame)}]`
        );
      }
    }
    if (Array.isArray(v)) {
      // Walked by index, primitives skipped: a 1,000,000-key `terms` list took 180 ms as pairs.
      for (let i = 0; i < v.length; i++) {
        const child: unknown = v[i];
        if (typeof child !== 'object' || child === null) continue;
        stack.push({
          ...frame,
          value: child,
          depth: frame.depth + 1,
          key: String(i),
          parent: frame,
        });
      }
      continue;
    }
    const entries = Object.entries(v);
    for (const [key, child] of entries) {
      if (key.length > MAX_NAME_LENGTH) {
        throw new FederationError(
          400,
          'stream_constraints_exception',
          `Name length (${key.length}) exceeds the maximum allowed (${MAX_NAME_LENGTH}) in ${where} at [${pathOf(frame)}]: a field or key name this long names nothing`
        );
      }
      if (typeof child !== 'object' || child === null) continue;
      stack.push({
        value: child,
        depth: frame.depth + 1,
        queries: frame.queries + (COMPOUND_QUERIES.has(key) ? 1 : 0),
        aggs: frame.aggs + (AGGREGATION_KEYS.has(key) ? 1 : 0),
        key,
        parent: frame,
      });
    }
  }
}

/** `query.bool.must.0...`, shortened in the middle when long. */
function pathOf(frame: Frame): string {
  const keys: string[] = [];
  for (let f: Frame | null = frame; f !== null && f.parent !== null; f = f.parent) keys.push(f.key);
  keys.reverse();
  const shown = keys.length > 12 ? [...keys.slice(0, 6), '...', ...keys.slice(-5)] : keys;
  return shown.join('.');
}
