/** Prefix and wildcard patterns in LIKE syntax, as most dialects match them. */
import type { PatternPart } from '../dialect';

/**
 * The escape character of every LIKE we write. `!` rather than `\`: MySQL string literals treat
 * a backslash as an escape of their own (unless NO_BACKSLASH_ESCAPES), so `ESCAPE '\'` would
 * mean different things under different sql_modes; `!` means the same everywhere.
 */
export const LIKE_ESCAPE = '!';

/**
 * A pattern in LIKE syntax. `specials` are the characters LIKE treats as wildcards in this
 * database besides `%` and `_` (SQL Server also reads `[` as the start of a character class).
 */
export function likePatternText(pattern: readonly PatternPart[], specials = ''): string {
  const escaped = new Set([LIKE_ESCAPE, '%', '_', ...specials]);
  return pattern
    .map((part) => {
      if (part.kind === 'anyString') return '%';
      if (part.kind === 'anyChar') return '_';
      return Array.from(part.text, (c) => (escaped.has(c) ? LIKE_ESCAPE + c : c)).join('');
    })
    .join('');
}

/**
 * `expression LIKE pattern ESCAPE '!'`. Case-insensitive matching lowers both sides rather than
 * using ILIKE or a collation, so it reads the same on every database.
 */
export function likeCondition(
  expression: string,
  placeholder: string,
  caseInsensitive: boolean
): string {
  return caseInsensitive
    ? `LOWER(${expression}) LIKE LOWER(${placeholder}) ESCAPE '${LIKE_ESCAPE}'`
    : `${expression} LIKE ${placeholder} ESCAPE '${LIKE_ESCAPE}'`;
}
