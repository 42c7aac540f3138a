/**
 * Identifiers cannot be bound parameters, so quoting is the only thing standing between a
 * user-supplied column name and the SQL text: it must be exact. Shared by every dialect.
 */
import { badRequest } from '../../errors';

/**
 * Wraps `identifier` in `open`/`close`, doubling every `close` inside it (the escape all four
 * databases use). NUL is refused because drivers and servers truncate at it, which would let the
 * text after it escape the quotes.
 */
export function quoteWith(open: string, close: string, identifier: string): string {
  if (identifier.length === 0) {
    throw badRequest(
      'an SQL identifier (table, schema or column name) must not be empty; give the [resource], [schema], [catalog] or field a name'
    );
  }
  if (identifier.includes('\u0000')) {
    throw badRequest(
      `the SQL identifier [${identifier.split('\u0000').join('\\0')}] contains a NUL character; remove it from the name`
    );
  }
  return open + identifier.split(close).join(close + close) + close;
}

export function checkPlaceholderIndex(index: number): number {
  if (!Number.isInteger(index) || index < 1) {
    throw new RangeError(`placeholder index must be a positive integer, got ${index}`);
  }
  return index;
}
