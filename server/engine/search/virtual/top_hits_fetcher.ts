/**
 * The hits of `top_hits` aggregations on a virtual index (sql/aggregations/top_hits.ts reads
 * their rows): `sort`, `_source`, `docvalue_fields`, `stored_fields` and `version` read as a
 * search body's are, and each hit written as a search page writes it (`_id` from the key, `sort`
 * values, docvalue `fields`, `_score` 1.0 unless sorted by a field), so OSD's "Top hit" metric
 * (aggs/metrics/top_hit.ts: `_source` and `docvalue_fields` of one field, a sort on the time
 * field) reads the same values as from an OpenSearch index.
 */
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { StoredVirtualIndex } from '../../catalog/virtual_index_service';
import { idOf } from '../../backends/key_values';
import type { TopHitsFetcher } from '../../sql/aggregations';
import { rowToSource } from '../../sql/row_to_source';
import { parseFetchOptions } from './fetch_options';
import { planHitExtras } from './hit_extras';
import { parseSort, parseSource } from './search_body';
import { orderByClause, resolveSort, sortValues } from './sort_plan';
import { sourceColumns } from './source_filter';

export interface TopHitsTarget {
  name: string;
  definition: StoredVirtualIndex;
  columns: ReadonlyMap<string, VirtualIndexColumn>;
  timezone: string;
}

export function topHitsFetcher(target: TopHitsTarget): TopHitsFetcher {
  return (aggName, options) => {
    const sort = resolveSort(parseSort(options.sort), target.columns, target.definition.key);
    const source = parseSource(options._source);
    const fetch = parseFetchOptions(
      {
        stored_fields: options.stored_fields,
        docvalue_fields: options.docvalue_fields,
        version: options.version,
      },
      {},
      options._source !== undefined
    );
    const extras = planHitExtras(fetch, target.columns, fetch.sourceRequested);
    const showSource = source !== false && extras.source;
    const shown = showSource ? sourceColumns(target.definition.columns, source) : [];
    const needed = new Map<string, VirtualIndexColumn>(shown.map((c) => [c.name, c]));
    for (const s of sort) if (s.column) needed.set(s.column.name, s.column);
    for (const c of extras.columns) needed.set(c.name, c);
    const key = target.definition.key;
    if (key !== undefined) needed.set(key, target.columns.get(key)!);
    const columns = [...needed.values()];
    const sorted = sort.length > 0 && !(sort.length === 1 && sort[0].key.field === '_score');
    return {
      columns,
      sorted,
      orderBy: (ctx) => orderByClause(sort, ctx),
      hit: (values, position) => {
        const all = rowToSource(values, columns, target.timezone);
        const fields = extras.fields(all);
        return {
          _index: target.name,
          // Without a key there is no stable id: the hit's rank stands in, as on a search page.
          _id: key !== undefined ? idOf(all[key]) : `${target.name}:${aggName}:${position}`,
          ...(extras.version ? { _version: 1 } : {}),
          _score: sorted ? null : 1.0,
          ...(showSource
            ? { _source: Object.fromEntries(shown.map((c) => [c.name, all[c.name]])) }
            : {}),
          ...(fields === undefined ? {} : { fields }),
          ...(sorted ? { sort: sortValues(all, sort) } : {}),
        };
      },
    };
  };
}
