/** Helpers shared by the GQL parser tests. */
import { expect } from 'vitest';
import type { Expression, GqlStatement, GqlSyntaxError } from './ast';
import { parseGql } from './parse';

/** Parses a query that must be valid. */
export function parseValid(text: string): GqlStatement {
  const result = parseGql(text);
  expect(result.errors).toEqual([]);
  expect(result.statement).not.toBeNull();
  return result.statement!;
}

/** The errors of a query that must be invalid. */
export function parseErrors(text: string): GqlSyntaxError[] {
  const { errors } = parseGql(text);
  expect(errors.length).toBeGreaterThan(0);
  return errors;
}

/** A copy without `range` fields, to compare trees by shape. */
export function withoutRanges<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (key, v) => (key === 'range' ? undefined : v)));
}

/** The WHERE expression of `SELECT a FROM "g" MATCH (a) WHERE <condition>`, without ranges. */
export function condition(text: string): Expression {
  return withoutRanges(parseValid(`SELECT a FROM "g" MATCH (a) WHERE ${text}`).where!);
}

export const prop = (variable: string, ...path: string[]) => ({
  kind: 'property',
  variable: { name: variable },
  path,
});
export const lit = (value: string | number | boolean | null) => ({ kind: 'literal', value });
