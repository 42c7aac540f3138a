/**
 * Virtual indices compare `simple_query_string` text as keyword terms, one per word; they do not
 * run its parser. Text that uses its syntax would silently mean something else, so it is found
 * here and refused with a 400 naming it. (`query_string` text is parsed and translated: see
 * query_string_parser.ts.)
 */
import { badRequest } from '../../errors';

const ADVICE =
  'virtual indices compare the text as whole keyword values; use a [bool] query of [term], [terms], [prefix], [wildcard] and [range] queries instead, or escape the characters with a backslash';

function refuse(queryName: string, query: string, syntax: string): never {
  throw badRequest(
    `[${queryName}] query [${query}] uses ${syntax}, which is not supported on virtual indices: ${ADVICE}`
  );
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
