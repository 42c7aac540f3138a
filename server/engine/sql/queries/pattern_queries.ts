/**
 * `prefix` and `wildcard` on keyword fields, as LIKE (or GLOB on SQLite, whose LIKE ignores
 * case) with every character of the user's text escaped: only the query's own `*` and `?` are
 * wildcards in the SQL.
 */
import type { PatternPart } from '../dialect';
import { bound, sql, type SqlFragment } from '../sql_fragment';
import { keywordValue, queryShardError } from '../sql_values';
import type { TranslationContext } from '../translation_context';
import { MATCH_NONE, guarded, type QueryTranslator } from './conditions';
import { resolveField } from './query_fields';
import { booleanFlag, singleField } from './query_parsing';

export const prefixQuery: QueryTranslator = (body, ctx) => {
  const { field, value, options } = singleField(
    'prefix',
    body,
    ['value', 'prefix'],
    ['case_insensitive', 'rewrite']
  );
  const pattern: PatternPart[] = [
    { kind: 'literal', text: keywordValue(value) },
    { kind: 'anyString' },
  ];
  return patternCondition(ctx, 'prefix', field, pattern, booleanFlag(options.case_insensitive));
};

export const wildcardQuery: QueryTranslator = (body, ctx) => {
  const { field, value, options } = singleField(
    'wildcard',
    body,
    ['value', 'wildcard'],
    ['case_insensitive', 'rewrite']
  );
  const text = keywordValue(value);
  const caseInsensitive = booleanFlag(options.case_insensitive);
  // OpenSearch answers an empty pattern with no document, not even those whose value is ''.
  if (text === '') return patternCondition(ctx, 'wildcard', field, null, caseInsensitive);
  return patternCondition(ctx, 'wildcard', field, parseWildcard(text), caseInsensitive);
};

/**
 * Lucene's wildcard syntax: `*` any run of characters, `?` one character (code point), `\`
 * makes the next character literal; a trailing `\` is itself literal.
 */
export function parseWildcard(text: string): PatternPart[] {
  const parts: PatternPart[] = [];
  const chars = Array.from(text);
  const literal = (c: string) => {
    const last = parts[parts.length - 1];
    if (last?.kind === 'literal') last.text += c;
    else parts.push({ kind: 'literal', text: c });
  };
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === '*') parts.push({ kind: 'anyString' });
    else if (c === '?') parts.push({ kind: 'anyChar' });
    else if (c === '\\' && i + 1 < chars.length) literal(chars[++i]);
    else literal(c);
  }
  return parts;
}

function patternCondition(
  ctx: TranslationContext,
  queryName: string,
  field: string,
  /** Null: a pattern that matches nothing (checked against the field all the same). */
  pattern: PatternPart[] | null,
  caseInsensitive: boolean
): SqlFragment {
  const target = resolveField(ctx, field, queryName);
  if (target === null) return MATCH_NONE;
  const type = target.isId ? '_id' : target.column.type;
  if (type !== 'keyword') {
    throw queryShardError(
      `Can only use ${queryName} queries on keyword and text fields - not on [${field}] which is of type [${type}]`
    );
  }
  if (pattern === null) return MATCH_NONE;
  const hasNul = pattern.some((part) => part.kind === 'literal' && part.text.includes('\u0000'));
  // PostgreSQL text cannot hold U+0000, so no value has this literal text (and the server
  // would refuse the pattern): the query matches nothing, as in OpenSearch.
  if (hasNul && !ctx.dialect.textHoldsNul) return MATCH_NONE;
  const match = bound(ctx.dialect.patternText(pattern, caseInsensitive), (placeholder) =>
    ctx.dialect.matchPattern(target.sql, placeholder, caseInsensitive)
  );
  if (!hasNul || !ctx.dialect.patternStopsAtNul) return guarded(target, match);
  return guarded(target, match, ...sqliteNulConditions(target.sql, pattern, caseInsensitive));
}

/**
 * SQLite's LIKE and GLOB stop reading the pattern at U+0000, so `x\0' OR ...*` alone would
 * match every value starting with `x`. These byte-exact conditions on the value as a BLOB (which
 * keeps every byte) add what the pattern says past the NUL: the literal text the value starts
 * with (all of a prefix query), the text it ends with, and every literal containing a NUL
 * somewhere in it. Case-insensitive patterns compare `lower()` of both sides, which folds ASCII
 * only, as SQLite's LIKE does.
 */
function sqliteNulConditions(
  expression: string,
  pattern: readonly PatternPart[],
  caseInsensitive: boolean
): SqlFragment[] {
  const text = (sql: string) => (caseInsensitive ? `lower(${sql})` : sql);
  const value = `CAST(${text(expression)} AS BLOB)`;
  const bytes = (literal: string) => {
    const buffer = Buffer.from(caseInsensitive ? asciiLower(literal) : literal, 'utf8');
    return { placeholder: bound(buffer), length: buffer.length };
  };
  const conditions: SqlFragment[] = [];
  const first = pattern[0];
  const last = pattern[pattern.length - 1];
  if (first.kind === 'literal') {
    const { placeholder, length } = bytes(first.text);
    conditions.push(sql`substr(${value}, 1, ${String(length)}) = ${placeholder}`);
  }
  if (pattern.length > 1 && last.kind === 'literal') {
    const { placeholder, length } = bytes(last.text);
    conditions.push(sql`substr(${value}, -${String(length)}) = ${placeholder}`);
  }
  for (const part of pattern.slice(1, -1)) {
    if (part.kind === 'literal' && part.text.includes('\u0000')) {
      conditions.push(sql`instr(${value}, ${bytes(part.text).placeholder}) > 0`);
    }
  }
  return conditions;
}

function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}
