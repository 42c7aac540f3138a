/**
 * Everything the differential suite does NOT require to be identical between the real index and
 * a virtual index, in one place. Anything not listed here must match exactly.
 */

/**
 * Doubles (double fields, avg/sum/min/max, histogram keys over doubles, sort values):
 * |a - b| <= max(RELATIVE * max(|a|, |b|), ABSOLUTE). SQL engines and Lucene add in different
 * orders (OpenSearch uses Kahan summation); the data keep sums far from cancellation, so the
 * absolute floor only matters for sums that are exactly zero on one side.
 */
export const DOUBLE_RELATIVE = 1e-9;
export const DOUBLE_ABSOLUTE = 1e-6;

/**
 * Dates in `_source` are compared as epoch milliseconds (OpenSearch returns the indexed text,
 * the virtual index a UTC ISO string: same instant, possibly different spelling). Everything
 * date-valued OpenSearch computes (sort values, bucket keys, `key_as_string`, `value_as_string`)
 * is compared exactly.
 */
export const DATE_RESOLUTION_MS = 1;

/** Response members never compared: timing, shard bookkeeping and scoring. */
export const IGNORED_MEMBERS = new Set(['took', 'timed_out', '_shards', '_score', 'max_score']);

/**
 * OpenSearch answers a `filters` aggregation whose filters it rewrote (an empty `bool`, an
 * `exists` on an unmapped field...) with an extra `"meta": {}`, an artefact of its query
 * rewriting. An empty `meta` on the reference may be absent on the virtual index.
 */
export const EMPTY_META_OPTIONAL = true;

/**
 * Hit order is compared only when the request has a `sort` that ends in the unique key:
 * without a sort OpenSearch orders equal scores by Lucene doc id, a virtual index by key
 * (constant score); a sort with ties leaves their order to each engine. Unsorted hits are
 * compared as sets when the page holds every match, else every virtual hit must be a match
 * and the page sizes must agree.
 */
export const HIT_ORDER_NEEDS_UNIQUE_SORT = true;

/**
 * `_index` differs by construction (each side names its own index); the virtual side must name
 * the virtual index.
 */
export const INDEX_NAME_DIFFERS = true;

/**
 * Errors: both sides must answer with the same HTTP status; error `type` and `reason` texts are
 * not compared (the virtual index names SQL-side problems in its own words).
 */
export const ERROR_BODIES_COMPARED = false;

/**
 * `cardinality` is exact in OpenSearch below its `precision_threshold` (default 3,000 distinct
 * values) up to 32-bit hash collisions; the data sets stay below it and compare it exactly.
 */
export const CARDINALITY_EXACT_BELOW = 3000;

/**
 * Left out of the data on purpose, because the two sides legitimately differ:
 * - `-0.0`: Lucene orders and matches it apart from `0.0`, SQL treats them as equal;
 * - NaN and ±Infinity: not storable in MariaDB, and not comparable in SQL;
 * - longs beyond ±2^53: JSON numbers lose digits in JavaScript on both sides alike;
 * - NUL characters: PostgreSQL text cannot hold them;
 * - keyword terms over 32,766 UTF-8 bytes: Lucene refuses to index them.
 * Tables use byte-order collations (PostgreSQL `"C"`, MariaDB `utf8mb4_nopad_bin`, SQLite
 * BINARY): OpenSearch keyword fields compare bytes, and no collation is forced (docs/api/interface.md §8.2.10).
 */
export const EXCLUDED_FROM_DATA = [
  '-0.0',
  'NaN/Infinity',
  'longs beyond 2^53',
  'NUL',
  'terms > 32766 bytes',
] as const;
