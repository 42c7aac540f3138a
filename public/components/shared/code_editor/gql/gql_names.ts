/** How names and strings are written in GQL text, for text the editor inserts. */
import { GQL_KEYWORDS } from '../../../../../common/gql/tokens';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const KEYWORDS = new Set<string>(GQL_KEYWORDS);

/** A label or property name: after `:` or `.` keywords are names too, so only odd characters need quoting. */
export function gqlName(name: string): string {
  return IDENTIFIER.test(name) ? name : backquote(name);
}

/** A variable: keywords are not variables, so `count` must be written `` `count` ``. */
export function gqlVariable(name: string): string {
  return IDENTIFIER.test(name) && !KEYWORDS.has(name.toUpperCase()) ? name : backquote(name);
}

/** A double-quoted string (graph names), escaped as the lexer reads it. */
export function gqlDoubleQuoted(text: string): string {
  return `"${text.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

function backquote(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}
