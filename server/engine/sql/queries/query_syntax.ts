/**
 * Virtual indices compare `query_string` and `simple_query_string` text as keyword terms; they
 * do not run Lucene's query parsers. Text that uses the parsers' syntax would silently mean
 * something else, so it is found here and refused with a 400 naming it; plain text (escapes
 * included) is returned as the term(s) it stands for.
 */
import { badRequest } from '../../errors';

const ADVICE =
  'virtual indices compare the text as whole keyword values; use a [bool] query of [term], [terms], [prefix], [wildcard] and [range] queries instead, or escape the characters with a backslash';

function refuse(queryName: string, query: string, syntax: string): never {
  throw badRequest(
    `[${queryName}] query [${query}] uses ${syntax}, which is not supported on virtual indices: ${ADVICE}`
  );
}

/** What each special character of Lucene's classic query syntax means. */
const QUERY_STRING_SPECIALS: Record<string, string> = {
  ':': 'a field prefix (:)',
  '*': 'a wildcard (*)',
  '?': 'a wildcard (?)',
  '(': 'grouping (parentheses)',
  ')': 'grouping (parentheses)',
  '[': 'a range ([ ])',
  ']': 'a range ([ ])',
  '{': 'a range ({ })',
  '}': 'a range ({ })',
  '~': 'fuzziness or proximity (~)',
  '^': 'a boost (^)',
  '/': 'a regular expression (/)',
  '"': 'a phrase (")',
  '!': 'the operator [!]',
};
const WORD_OPERATORS = new Set(['AND', 'OR', 'NOT']);

/**
 * The one keyword a `query_string` query's text stands for (OpenSearch compares the whole,
 * unescaped text with a keyword field), or a 400 naming the syntax it uses.
 */
export function queryStringTerm(query: string): string {
  const name = 'query_string';
  let term = '';
  let tokenStart = true;
  const chars = Array.from(query);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === '\\') {
      if (i + 1 < chars.length) term += chars[++i];
      else refuse(name, query, 'a trailing escape character (\\)');
      tokenStart = false;
      continue;
    }
    if (/\s/.test(c)) {
      term += c;
      tokenStart = true;
      continue;
    }
    const meaning = QUERY_STRING_SPECIALS[c];
    if (meaning !== undefined) refuse(name, query, meaning);
    if ((c === '&' || c === '|') && chars[i + 1] === c)
      refuse(name, query, `the operator [${c}${c}]`);
    if (tokenStart && (c === '+' || c === '-')) refuse(name, query, `the operator [${c}]`);
    if (tokenStart && (c === '<' || c === '>' || c === '=')) {
      refuse(name, query, `a range (${c === '=' ? '=' : `${c}, ${c}=`})`);
    }
    if (tokenStart) {
      const token = chars.slice(i).join('').split(/\s/, 1)[0];
      if (WORD_OPERATORS.has(token)) refuse(name, query, `the operator [${token}]`);
    }
    term += c;
    tokenStart = false;
  }
  return term;
}

const SIMPLE_SPECIALS: Record<string, string> = {
  '+': 'the operator [+]',
  '|': 'the operator [|]',
  '"': 'a phrase (")',
  '*': 'a prefix (*)',
  '(': 'grouping (parentheses)',
  ')': 'grouping (parentheses)',
  '~': 'fuzziness or slop (~)',
};

/**
 * The words of a `simple_query_string` query (each a keyword term, as OpenSearch splits the text
 * on whitespace), or a 400 naming the syntax it uses. With `flags: NONE` every character is
 * literal, as in OpenSearch.
 */
export function simpleQueryStringWords(query: string, flags: unknown): string[] {
  const literal = typeof flags === 'string' && flags.trim().toUpperCase() === 'NONE';
  if (literal) return query.split(/\s+/).filter((word) => word !== '');
  const name = 'simple_query_string';
  const words: string[] = [];
  let word = '';
  const chars = Array.from(query);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === '\\' && i + 1 < chars.length) {
      word += chars[++i];
      continue;
    }
    if (/\s/.test(c)) {
      if (word !== '') words.push(word);
      word = '';
      continue;
    }
    const meaning = SIMPLE_SPECIALS[c];
    if (meaning !== undefined) refuse(name, query, meaning);
    if (c === '-' && word === '') refuse(name, query, 'the operator [-]');
    word += c;
  }
  if (word !== '') words.push(word);
  return words;
}
