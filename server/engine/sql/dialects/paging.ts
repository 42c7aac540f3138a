/** Paging clauses: what every dialect's `limitOffset` checks first. */
import { badRequest } from '../../errors';

/** `limit` and `offset` usually come from a request's `size` and `from`: a bad value is a 400. */
export function checkPaging(limit: number | null, offset: number): void {
  if (limit !== null && (!Number.isSafeInteger(limit) || limit < 0)) {
    throw badRequest(`the row limit must be a non-negative integer, got [${limit}]`);
  }
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw badRequest(`the row offset must be a non-negative integer, got [${offset}]`);
  }
}
