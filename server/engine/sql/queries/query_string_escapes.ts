/** Lucene's escaping of query text: how escapes are read, and how text is escaped. */
import { QuerySyntaxError } from './query_string_errors';

/**
 * Lucene's discardEscapeChar: `\x` is `x`, `\uXXXX` the UTF-16 unit XXXX; a trailing `\` or a
 * short or non-hex `\u` escape is a syntax error.
 */
export function discardEscapeChar(input: string): string {
  let out = '';
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    if (i + 1 >= input.length)
      throw new QuerySyntaxError('Term can not end with escape character.', null);
    const next = input[++i];
    if (next !== 'u') {
      out += next;
      continue;
    }
    const hex = input.slice(i + 1, i + 5);
    if (hex.length < 4) throw new QuerySyntaxError('Truncated unicode escape sequence.', null);
    const bad = [...hex].find((h) => !/[0-9a-fA-F]/.test(h));
    if (bad !== undefined) {
      throw new QuerySyntaxError(`Non-hex character in Unicode escape sequence: ${bad}`, null);
    }
    out += String.fromCharCode(parseInt(hex, 16));
    i += 4;
  }
  return out;
}

/** Lucene's QueryParser.escape, which OpenSearch applies to the whole text with `escape: true`. */
export function escapeQueryText(text: string): string {
  return text.replace(/[\\+\-!():^[\]"{}~*?|&/]/g, '\\$&');
}
