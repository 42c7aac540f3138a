/** `bool` and `constant_score`. Clauses are NULL-free, so NOT and the should count are exact. */
import { FederationError } from '../../errors';
import { queryShardError } from '../sql_values';
import { joinSql, sql, type SqlFragment } from '../sql_fragment';
import {
  MATCH_ALL,
  MATCH_NONE,
  allOf,
  anyOf,
  not,
  type QueryTranslator,
  type Translate,
} from './conditions';
import { expectObject, isObject, parsingError } from './query_parsing';

const CLAUSES = ['must', 'filter', 'should', 'must_not'] as const;
type Clause = (typeof CLAUSES)[number];

export const boolQuery: QueryTranslator = (body, _ctx, translate) => {
  const raw: Partial<Record<Clause, unknown>> = {};
  let minimumShouldMatch: string | undefined;
  for (const [key, value] of Object.entries(expectObject('bool', body))) {
    if ((CLAUSES as readonly string[]).includes(key)) {
      raw[key as Clause] = value;
    } else if (key === 'minimum_should_match') {
      if (value !== null) minimumShouldMatch = String(value);
    } else if (key !== 'boost' && key !== '_name' && key !== 'adjust_pure_negative') {
      throw new FederationError(400, 'x_content_parse_exception', `[bool] unknown field [${key}]`);
    }
  }
  const counts = Object.fromEntries(CLAUSES.map((c) => [c, clauseCount(c, raw[c])]));
  if (CLAUSES.every((c) => counts[c] === 0)) return MATCH_ALL;
  let needed =
    minimumShouldMatch === undefined ? 0 : minimumShouldMatchOf(counts.should, minimumShouldMatch);
  // Lucene: without required clauses, a document must match at least one should clause.
  if (needed <= 0 && counts.must + counts.filter === 0 && counts.should > 0) needed = 1;

  // Every clause is translated, so a bad one is a 400; a clause only validated (optional should
  // clauses, or everything when nothing can match) is then left out, and its values with it.
  const must = clauseList(raw.must, translate);
  const filter = clauseList(raw.filter, translate);
  const should = clauseList(raw.should, translate);
  const mustNot = clauseList(raw.must_not, translate);
  if (needed > should.length) return MATCH_NONE;
  const conditions: SqlFragment[] = [...must, ...filter];
  if (needed > 0) conditions.push(atLeast(should, needed));
  if (mustNot.length > 0) conditions.push(not(anyOf(mustNot)));
  return allOf(conditions);
};

function clauseCount(clause: string, value: unknown): number {
  if (value === undefined) return 0;
  if (Array.isArray(value)) return value.length;
  if (isObject(value)) return 1;
  throw parsingError(
    `[bool] query does not support a value of ${JSON.stringify(value)} for [${clause}]`
  );
}

function clauseList(value: unknown, translate: Translate): SqlFragment[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((query) => translate(query));
}

/** At least `count` of the conditions, each of which is TRUE or FALSE. */
function atLeast(conditions: SqlFragment[], count: number): SqlFragment {
  if (count === 1) return anyOf(conditions);
  if (count === conditions.length) return allOf(conditions);
  const sum = joinSql(
    conditions.map((c) => sql`CASE WHEN ${c} THEN 1 ELSE 0 END`),
    ' + '
  );
  return sql`(${sum}) >= ${String(count)}`;
}

/** Java's Integer.parseInt: a 400 ("For input string") for anything else. */
function parseJavaInt(text: string): number {
  const n = /^[+-]?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n > 2 ** 31 - 1 || n < -(2 ** 31)) {
    throw queryShardError(`For input string: "${text}"`);
  }
  return n;
}

/**
 * OpenSearch's Queries.calculateMinShouldMatch: an integer, a negative integer (all but n), a
 * percentage (rounded down, in float arithmetic as Java does), a negative percentage, or
 * conditional specs `3<90%` ("up to 3 clauses all are needed, above that 90%").
 */
export function minimumShouldMatchOf(optionalClauses: number, spec: string): number {
  let result = optionalClauses;
  const text = spec.trim();
  if (text.includes('<')) {
    for (const part of text.replace(/\s*<\s*/g, '<').split(/\s+/)) {
      const [upperBound, then] = part.split('<');
      if (optionalClauses <= parseJavaInt(upperBound)) return result;
      result = minimumShouldMatchOf(optionalClauses, then ?? '');
    }
    return result;
  }
  if (text.includes('%')) {
    const percent = parseJavaInt(text.slice(0, -1));
    const calc = Math.fround(Math.fround(result * percent) * Math.fround(1 / 100));
    result = calc < 0 ? result + Math.trunc(calc) : Math.trunc(calc);
  } else {
    const calc = parseJavaInt(text);
    result = calc < 0 ? result + calc : calc;
  }
  return result < 0 ? 0 : result;
}

export const constantScoreQuery: QueryTranslator = (body, _ctx, translate) => {
  let filter: unknown;
  for (const [key, value] of Object.entries(expectObject('constant_score', body))) {
    if (key === 'filter') filter = value;
    else if (key !== 'boost' && key !== '_name') {
      throw parsingError(`[constant_score] query does not support [${key}]`);
    }
  }
  if (filter === undefined) throw parsingError("[constant_score] requires a 'filter' element");
  return translate(filter);
};
