/**
 * Edits of GQL text that graph mutations share: find the first variable, cut the query back to
 * its MATCH, put a query string into a node, nest a WHERE. Token-based (gql_text.ts), so quotes
 * and comments are never cut in half.
 */
import type { Prng } from '../differential/prng';
import { tokenize, tokenName } from './gql_text';
import type { GraphBody } from './graph_requests';

export interface GraphDamage {
  body: string;
  note: string;
  /** URL parameters replacing the valid request's. */
  query?: Record<string, string>;
  /** Appended to the query string as is. */
  rawQuery?: string;
}

export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function serialize(body: unknown): string {
  return JSON.stringify(body);
}

/** The body with its query replaced. */
export function withQuery(body: GraphBody, query: string, note: string): GraphDamage {
  body.query = query;
  return { body: serialize(body), note };
}

/** The first variable the query names, from its MATCH: `(x:...` or `(x)`. */
export function firstVariable(query: string): string {
  const tokens = tokenize(query).filter((t) => t.kind !== 'space' && t.kind !== 'comment');
  const match = tokens.findIndex((t) => t.text.toUpperCase() === 'MATCH');
  for (let i = Math.max(0, match); i < tokens.length - 1; i++) {
    if (
      tokens[i].text === '(' &&
      tokenName(tokens[i + 1]) !== null &&
      tokens[i + 1].text.toUpperCase() !== 'WHERE'
    )
      return tokens[i + 1].text;
  }
  return 'a';
}

/** The query up to its MATCH patterns (no WHERE, ORDER BY, LIMIT), for conditions to follow. */
export function withoutTail(query: string): string {
  const tokens = tokenize(query);
  let depth = 0;
  let seenMatch = false;
  for (let i = 0; i < tokens.length; i++) {
    const text = tokens[i].text.toUpperCase();
    if (text === '(' || text === '[') depth++;
    if (text === ')' || text === ']') depth--;
    if (text === 'MATCH') seenMatch = true;
    if (
      seenMatch &&
      depth === 0 &&
      ['WHERE', 'ORDER', 'LIMIT', 'OFFSET', ';'].includes(text) &&
      tokens[i].kind !== 'string'
    )
      return tokens
        .slice(0, i)
        .map((t) => t.text)
        .join('')
        .trimEnd();
  }
  return query.trimEnd();
}

/**
 * `text` with ` WHERE "<node query>"` put into the first node of its MATCH that has none (or
 * appended when there is none such).
 */
export function withNodeQuery(text: string, nodeQuery: string): string {
  const tokens = tokenize(text);
  const match = tokens.findIndex((t) => t.text.toUpperCase() === 'MATCH');
  let open = -1;
  for (let i = Math.max(0, match); i < tokens.length; i++) {
    if (tokens[i].text === '(') open = i;
    if (tokens[i].kind === 'quoted' && open >= 0) open = -1;
    if (tokens[i].text === ')' && open >= 0) {
      tokens.splice(i, 0, { kind: 'punct', text: ` WHERE ${nodeQuery}` });
      return tokens.map((t) => t.text).join('');
    }
  }
  return `${text} ${nodeQuery}`;
}

/** `WHERE ((((v.n = 1))))` or `WHERE NOT NOT ... v.b`, `depth` levels. */
export function nestedWhere(random: Prng, body: GraphBody, depth: number): string {
  const v = firstVariable(body.query);
  const head = withoutTail(body.query);
  switch (random.int(0, 3)) {
    case 0:
      return `${head} WHERE ${'('.repeat(depth)}${v}.n = 1${')'.repeat(depth)}`;
    case 1:
      return `${head} WHERE ${'NOT '.repeat(depth)}${v}.b`;
    case 2:
      return `${head} WHERE ${Array(depth)
        .fill(`${v}.n <> 1`)
        .join(random.pick([' AND ', ' OR ']))}`;
    default:
      return head.replace(/\bSELECT\b/i, `SELECT ${'('.repeat(depth)}${v}.id${')'.repeat(depth)},`);
  }
}
