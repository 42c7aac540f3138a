/**
 * Writing GQL text for the fuzz suite: names, strings and node query strings quoted the way the
 * the grammar says (docs/api/graph_queries.md), and a small tokenizer that lets mutations
 * work on tokens instead of characters. Kept apart from common/gql on purpose: the suite must not
 * inherit the parser's mistakes about its own syntax.
 */
import type { Prng } from '../differential/prng';

/** The keywords of the GQL grammar (docs/api/graph_queries.md); a variable may only be one of them when backquoted. */
export const GQL_WORDS = [
  'EXPLAIN',
  'SELECT',
  'DISTINCT',
  'FROM',
  'MATCH',
  'WHERE',
  'ORDER',
  'BY',
  'ASC',
  'DESC',
  'LIMIT',
  'OFFSET',
  'AND',
  'OR',
  'NOT',
  'IN',
  'IS',
  'NULL',
  'STARTS',
  'WITH',
  'COUNT',
  'SUM',
  'AVG',
  'MIN',
  'MAX',
  'TRUE',
  'FALSE',
  'RETURN',
  'AS',
  'SKIP',
  'OPTIONAL',
];

const KEYWORDS = new Set(GQL_WORDS);
const PLAIN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `` `a``b` `` is the name a`b. */
export function backquote(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}

/** A label or property name: keywords may stand bare there. */
export function nameText(name: string): string {
  return PLAIN.test(name) ? name : backquote(name);
}

/** A variable: keywords must be quoted. */
export function variableText(name: string): string {
  return PLAIN.test(name) && !KEYWORDS.has(name.toUpperCase()) ? name : backquote(name);
}

/** `'it''s'` or `'it\'s'` (both are in the grammar); backslashes doubled. */
export function stringText(random: Prng, value: string): string {
  const quote = random.chance(0.5) ? "''" : "\\'";
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, quote)}'`;
}

/** `"..."`: a graph name or a node's query string; only `"` and `\` are escaped. */
export function doubleQuoted(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/** A keyword in the case a user might type it: keywords are case-insensitive. */
export function keywordText(random: Prng, word: string): string {
  const roll = random.next();
  if (roll < 0.75) return word;
  if (roll < 0.92) return word.toLowerCase();
  return [...word].map((c) => (random.chance(0.5) ? c.toLowerCase() : c)).join('');
}

/** A literal number as GQL writes it (the data's numbers are all below 2^53). */
export function numberText(value: number): string {
  return String(value);
}

export interface GqlToken {
  kind: 'space' | 'comment' | 'string' | 'quoted' | 'name' | 'word' | 'number' | 'punct';
  text: string;
}

/**
 * Splits GQL text into tokens, whitespace and comments included, so that joining the texts gives
 * the input back. Unterminated quotes and comments run to the end, as in the real lexer.
 */
export function tokenize(text: string): GqlToken[] {
  const patterns: Array<[GqlToken['kind'], RegExp]> = [
    ['space', /\s+/y],
    ['comment', /--(?![>([])[^\r\n]*|\/\*[\s\S]*?(\*\/|$)/y],
    ['string', /'(?:[^'\\]|''|\\[\s\S])*('|$)/y],
    ['quoted', /"(?:[^"\\]|\\[\s\S])*("|$)/y],
    ['name', /`(?:[^`]|``)*(`|$)/y],
    ['word', /[A-Za-z_][A-Za-z0-9_]*/y],
    ['number', /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y],
    ['punct', /<-(?!\d)|->|<>|!=|<=|>=|[\s\S]/y],
  ];
  const tokens: GqlToken[] = [];
  let at = 0;
  while (at < text.length) {
    for (const [kind, pattern] of patterns) {
      pattern.lastIndex = at;
      const match = pattern.exec(text);
      if (match === null || match[0] === '') continue;
      tokens.push({ kind, text: match[0] });
      at += match[0].length;
      break;
    }
  }
  return tokens;
}

/** A token's name when it is an identifier or a backquoted name, else null. */
export function tokenName(token: GqlToken): string | null {
  if (token.kind === 'word') return token.text;
  if (token.kind === 'name' && token.text.length >= 2 && token.text.endsWith('`'))
    return token.text.slice(1, -1).replace(/``/g, '`');
  return null;
}
