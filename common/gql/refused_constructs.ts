/**
 * Clauses of openCypher and ISO GQL that graph queries here do not run (writes, procedure calls,
 * query chaining), named when the parser meets one where a clause could start, with the
 * supported way to say it where there is one (docs/api/graph_queries.md). Without this a user
 * who types `CREATE (n)` reads "expected one of ['SELECT', 'OPTIONAL', 'MATCH']".
 */
import { type IToken, tokenMatcher } from 'chevrotain';
import type { GqlSyntaxError } from './ast';
import { Identifier, KW } from './tokens';

const READ_ONLY = 'graph queries here are read-only: change the indices or tables themselves';

/** By the construct's first word (upper case): how to name it and what to say. */
const REFUSED: Record<string, { name: (next?: IToken) => string; advice: string }> = {
  CREATE: { name: () => 'CREATE', advice: READ_ONLY },
  MERGE: { name: () => 'MERGE', advice: READ_ONLY },
  SET: { name: () => 'SET', advice: READ_ONLY },
  DELETE: { name: () => 'DELETE', advice: READ_ONLY },
  DETACH: { name: () => 'DETACH DELETE', advice: READ_ONLY },
  REMOVE: { name: () => 'REMOVE', advice: READ_ONLY },
  INSERT: { name: () => 'INSERT', advice: READ_ONLY },
  FOREACH: { name: () => 'FOREACH', advice: READ_ONLY },
  LOAD: {
    name: (next) => (next?.image.toUpperCase() === 'CSV' ? 'LOAD CSV' : 'LOAD'),
    advice: 'load data into an index or a table, then query it through the model',
  },
  CALL: {
    name: () => 'CALL',
    advice: 'procedures and subqueries do not run here; write the pattern in MATCH',
  },
  UNWIND: {
    name: () => 'UNWIND',
    advice: 'a list is tested with IN in a WHERE (v.p IN [1, 2]); there are no row-producing lists',
  },
  WITH: {
    name: () => 'WITH',
    advice:
      'queries are not chained: use a WHERE on the MATCH, or ORDER BY, SKIP and LIMIT on RETURN',
  },
  UNION: {
    name: (next) => (next?.image.toUpperCase() === 'ALL' ? 'UNION ALL' : 'UNION'),
    advice:
      'one query answers one pattern; send one query per pattern, or use label alternatives (n:A|B)',
  },
  EXCEPT: { name: () => 'EXCEPT', advice: 'one query answers one pattern' },
  INTERSECT: { name: () => 'INTERSECT', advice: 'one query answers one pattern' },
  FILTER: { name: () => 'FILTER', advice: 'use a WHERE on the MATCH' },
  LET: { name: () => 'LET', advice: 'name a returned value with AS on RETURN' },
  FOR: { name: () => 'FOR', advice: 'a list is tested with IN in a WHERE' },
  USE: { name: () => 'USE', advice: 'the graph is the request’s model' },
  FINISH: { name: () => 'FINISH', advice: 'end the query with RETURN' },
  YIELD: { name: () => 'YIELD', advice: 'procedures do not run here' },
};

/** What a parser error expects when the token stands where a clause could start. */
const CLAUSE_STARTS = new Set(['SELECT', 'MATCH', 'OPTIONAL', 'RETURN', 'end of input']);

/** Label expressions of GQL and Cypher 5 we do not run, by the character that starts them. */
const LABEL_REFUSALS: Record<string, string> = {
  '!': 'label negation !A is not supported: name the labels the node may have, e.g. (n:A|B)',
  '%': 'the label wildcard % is not supported: leave the label out, (n), and every entity its edges allow fits',
};

/**
 * The errors with the first one that stands on a refused construct named instead; the errors
 * after it are dropped (they are the construct's own syntax, which is not ours to check).
 * `text` is the query: a label's `!` or `%` is no token, so the lexer's error is where it is.
 */
export function nameRefusedConstructs(
  errors: GqlSyntaxError[],
  tokens: readonly IToken[],
  text: string
): GqlSyntaxError[] {
  const sorted = [...errors].sort((a, b) => a.range.start - b.range.start);
  for (let i = 0; i < sorted.length; i++) {
    const error = sorted[i];
    const char = text[error.range.start];
    const before = text.slice(0, error.range.start).trimEnd();
    if (
      error.range.end - error.range.start === 1 &&
      LABEL_REFUSALS[char] &&
      /[:|&]$/.test(before)
    ) {
      return [
        ...sorted.slice(0, i),
        { message: LABEL_REFUSALS[char], range: error.range, expected: [] },
      ];
    }
    if (!error.expected.some((label) => CLAUSE_STARTS.has(label))) continue;
    const at = tokens.findIndex((token) => token.startOffset === error.range.start);
    const token = tokens[at];
    if (!token || !(tokenMatcher(token, Identifier) || tokenMatcher(token, KW.WITH))) continue;
    const refused = REFUSED[token.image.toUpperCase()];
    if (!refused) continue;
    const name = refused.name(tokens[at + 1]);
    return [
      ...sorted.slice(0, i),
      { message: `${name} is not supported: ${refused.advice}`, range: error.range, expected: [] },
    ];
  }
  return errors;
}
