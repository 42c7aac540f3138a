/**
 * Errors that point at what the user wrote: every 400 about the query names its line and column,
 * so the app's editor can mark the spot.
 */
import type { SourceRange } from '../../../common/gql/ast';
import { badRequest } from '../errors';

export function at(range: SourceRange): string {
  return `line ${range.line}, column ${range.column}`;
}

/** A 400 at `range`: `line L, column C: message`. */
export function failAt(range: SourceRange, message: string): never {
  throw badRequest(`${at(range)}: ${message}`);
}
