/** search.max_buckets: how many buckets one response may hold, and OpenSearch's answer past it. */
import { FederationError } from '../../errors';

/** OpenSearch's search.max_buckets default. */
export const MAX_BUCKETS = 65_535;

/**
 * OpenSearch's answer past `search.max_buckets` (its status, 503, and type), with what to do.
 * `count` is a lower bound when `more` (the statement stopped reading there).
 */
export function tooManyBuckets(count: number, max = MAX_BUCKETS, more = false): FederationError {
  return new FederationError(
    503,
    'too_many_buckets_exception',
    `Trying to create too many buckets. Must be less than or equal to: [${max}] but was [${count}${more ? '+' : ''}]. Ask for fewer buckets (a smaller size, a wider interval, narrower bounds); this limit is the setting maxBuckets (search.max_buckets).`,
    { max_buckets: max }
  );
}
