/**
 * Parsing rules shared by the aggregation families: OpenSearch's errors for malformed bodies,
 * the parameters virtual indices refuse (docs/api/interface.md §8.2: `missing`, scripts), fields, numbers.
 */
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import { FederationError, badRequest } from '../../errors';
import type { FieldRef } from './aggregation_types';
import type { TopHitsFetcher } from './top_hits_fetch';

export interface ParseEnv {
  columns: ReadonlyMap<string, VirtualIndexColumn>;
  /** Epoch milliseconds of `now` for date math. */
  now: number;
  /** Reads `top_hits` options (the search layer's); absent: top_hits is refused. */
  topHits?: TopHitsFetcher;
}

export function parsingError(reason: string): FederationError {
  return new FederationError(400, 'parsing_exception', reason);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The body of `{"<type>": body}` as an object whose keys are all in `allowed`; the refused
 * parameters of docs/api/interface.md §8.2 are named as such.
 */
export function expectBody(
  type: string,
  name: string,
  body: unknown,
  allowed: readonly string[]
): Record<string, unknown> {
  if (!isObject(body)) {
    throw parsingError(`[${type}] aggregation [${name}] must be an object`);
  }
  for (const key of Object.keys(body)) {
    if (key === 'script') {
      throw badRequest(
        `[script] in aggregation [${name}]: scripts are not supported on virtual indices; name a column with [field] instead`
      );
    }
    if (key === 'missing') {
      throw badRequest(
        `[missing] in aggregation [${name}]: the missing parameter is not supported on virtual indices; leave it out (documents without the field are not counted), and count those documents with a [filters] aggregation on a [bool] [must_not] [exists] query`
      );
    }
    if (!allowed.includes(key)) {
      throw parsingError(`[${type}] unknown field [${key}] in aggregation [${name}]`);
    }
  }
  return body;
}

/** The `field` parameter; a field the index does not have is unmapped, as in OpenSearch. */
export function fieldOf(
  type: string,
  name: string,
  body: Record<string, unknown>,
  env: ParseEnv
): FieldRef {
  const field = body.field;
  if (typeof field !== 'string' || field === '') {
    throw badRequest(
      `Required one of fields [field, script], but none were specified in [${name}]`
    );
  }
  return { name: field, column: env.columns.get(field) ?? null };
}

/** OpenSearch's refusal of a field type an aggregation does not read. */
export function unsupportedFieldType(field: FieldRef, type: string): FederationError {
  return badRequest(
    `Field [${field.name}] of type [${field.column?.type}] is not supported for aggregation [${type}]`
  );
}

/** Formats of numbers are java.text.DecimalFormat patterns, which are not ported. */
export function numericFormatError(name: string): FederationError {
  return badRequest(
    `[format] of aggregation [${name}]: only date fields take a format on virtual indices; leave [format] out for this field`
  );
}

export function integerParam(
  value: unknown,
  parameter: string,
  name: string,
  fallback: number
): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) {
    throw parsingError(
      `[${parameter}] of aggregation [${name}] must be an integer, got [${String(value)}]`
    );
  }
  return n;
}

export function numberParam(value: unknown, parameter: string, name: string): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) {
    throw parsingError(
      `[${parameter}] of aggregation [${name}] must be a number, got [${String(value)}]`
    );
  }
  return n;
}

export function booleanParam(value: unknown, parameter: string, name: string): boolean {
  if (value === undefined) return false;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw parsingError(
    `[${parameter}] of aggregation [${name}] must be true or false, got [${String(value)}]`
  );
}

export function stringParam(value: unknown, parameter: string, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw parsingError(`[${parameter}] of aggregation [${name}] must be a string`);
  }
  return value;
}
