/**
 * What a `top_hits` aggregation asks of the layer that knows hits (search/virtual/: sorts,
 * `_source` filtering, docvalue `fields`, `_id`): this folder reads the rows, that layer says
 * which columns, in which order, and what a hit made of them looks like.
 */
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { SqlFragment } from '../sql_fragment';
import type { TranslationContext } from '../translation_context';

/** One `top_hits` aggregation's `sort`, `_source` and fetch options, read and checked. */
export interface TopHitsFetch {
  /** The columns a hit is made of (their stored values, as `rowToSource` takes them). */
  columns: VirtualIndexColumn[];
  /** The hits' order as an ORDER BY over the table's own columns (' ORDER BY …'; '' for none). */
  orderBy(ctx: TranslationContext): SqlFragment;
  /** A hit from its columns' values (by column name); `position` is its rank in the bucket. */
  hit(values: Record<string, unknown>, position: number): Record<string, unknown>;
  /** Sorted by a field: `_score` and `max_score` are then null, as in OpenSearch. */
  sorted: boolean;
}

/**
 * Reads the options of `top_hits` aggregation `name` (only the keys this folder lets through:
 * `sort`, `_source`, `docvalue_fields`, `stored_fields`, `version`), or throws the 400.
 */
export type TopHitsFetcher = (name: string, options: Record<string, unknown>) => TopHitsFetch;
