/**
 * Requests exactly as OpenSearch Dashboards 3.x builds them for Discover and the aggregation-based
 * visualizations on an index pattern whose time field is `t` (docs/api/osd_apps_on_virtual_indices.md).
 * Each fixture names the OSD file and function it mirrors; the parts every SearchSource request
 * shares come from src/plugins/data/common/search/search_source/search_source.ts `flatten` and
 * src/plugins/data/common/index_patterns/index_patterns/index_pattern.ts `getComputedFields`.
 * `track_total_hits: true` is what the server's search strategy adds (as a URL parameter,
 * src/plugins/data/server/search/opensearch_search/get_default_search_params.ts); it is in the
 * body here so both sides count exactly.
 */
import type { Case } from './query_cases';

/** A time range of the data set, as the time picker sends it (ISO strings). */
const FROM = '2024-03-01T00:00:00.000Z';
const TO = '2024-04-01T00:00:00.000Z';

/** index_pattern.ts getComputedFields: every date field as a docvalue in `date_time`. */
const COMPUTED_FIELDS = {
  stored_fields: ['*'],
  script_fields: {},
  docvalue_fields: [{ field: 't', format: 'date_time' }],
  _source: { excludes: [] },
};

/** src/plugins/data/common/field_formats/utils/highlight/highlight_request.ts getHighlightRequest. */
const HIGHLIGHT = {
  pre_tags: ['@opensearch-dashboards-highlighted-field@'],
  post_tags: ['@/opensearch-dashboards-highlighted-field@'],
  fields: { '*': {} },
  fragment_size: 2147483647,
};

/**
 * src/plugins/data/common/opensearch_query/opensearch_query/build_opensearch_query.ts
 * buildOpenSearchQuery: the DQL query (match_all when empty) and the time filter
 * (src/plugins/data/common/query/timefilter/get_time.ts createTimeRangeFilter, a range with
 * `strict_date_optional_time`) in `filter`.
 */
function osdQuery(dql: unknown = { match_all: {} }): Record<string, unknown> {
  return {
    bool: {
      must: [],
      filter: [dql, { range: { t: { gte: FROM, lte: TO, format: 'strict_date_optional_time' } } }],
      should: [],
      must_not: [],
    },
  };
}

/**
 * DQL `field:value` (src/plugins/data/common/opensearch_query/kuery/functions/is.ts
 * toOpenSearchQuery): a match (match_phrase when the value is quoted) in a bool should; on a date
 * field a range from the value to the value in the browser's time zone.
 */
function dql(field: string, value: unknown, quoted = false): unknown {
  const leaf = { [quoted ? 'match_phrase' : 'match']: { [field]: value } };
  return { bool: { should: [leaf], minimum_should_match: 1 } };
}

function dqlDate(field: string, value: string, timeZone: string): unknown {
  const leaf = { range: { [field]: { gte: value, lte: value, time_zone: timeZone } } };
  return { bool: { should: [leaf], minimum_should_match: 1 } };
}

/**
 * DQL free text (`kuery/functions/is.ts` with no field): a multi_match on every field, lenient;
 * a quoted text is of type phrase.
 */
function freeText(text: string, phrase = false): unknown {
  return { multi_match: { type: phrase ? 'phrase' : 'best_fields', query: text, lenient: true } };
}

/**
 * Discover's main request: src/plugins/discover/public/application/view_components/utils/
 * update_search_source.ts updateSearchSource (sort from get_sort_for_search_source.ts with the
 * default `sort:options` {unmapped_type: boolean} of normalize_sort_request.ts, size
 * `discover:sampleSize` 500, version, highlightAll) with the histogram of
 * components/chart/utils/create_histogram_configs.ts (date_histogram.ts `write`: interval,
 * time_zone, min_doc_count 1).
 */
function discover(histogram: Record<string, unknown>, dqlQuery?: unknown): Record<string, unknown> {
  return {
    sort: [{ t: { order: 'desc', unmapped_type: 'boolean' } }],
    size: 500,
    version: true,
    aggs: { '2': { date_histogram: { field: 't', ...histogram, min_doc_count: 1 } } },
    ...COMPUTED_FIELDS,
    query: osdQuery(dqlQuery),
    highlight: HIGHLIGHT,
    track_total_hits: true,
  };
}

/**
 * A visualization's request: src/plugins/data/public/search/expressions/esaggs.ts handleRequest
 * (size 0, the AggConfigs' toDsl, the time filter) through the same SearchSource.
 */
function vis(aggs: Record<string, unknown>, dqlQuery?: unknown): Record<string, unknown> {
  return {
    aggs,
    size: 0,
    ...COMPUTED_FIELDS,
    query: osdQuery(dqlQuery),
    track_total_hits: true,
  };
}

/** terms.ts `orderAgg.write`: order by count, by key, or by a metric sub-aggregation's id. */
function terms(field: string, size: number, order: Record<string, string> = { _count: 'desc' }) {
  return { terms: { field, order, size } };
}

/** date_histogram.ts, as a visualization's X axis writes it. */
function xAxis(interval: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    date_histogram: { field: 't', ...interval, time_zone: 'UTC', min_doc_count: 1, ...extra },
  };
}

export function osdCases(): Case[] {
  return [
    {
      name: 'Discover: fixed interval, UTC',
      carries: ['_version', 'fields'],
      body: discover({ fixed_interval: '12h', time_zone: 'UTC' }),
    },
    {
      name: 'Discover: calendar interval in a browser zone across DST',
      carries: ['_version', 'fields'],
      body: discover({ calendar_interval: '1d', time_zone: 'Europe/Berlin' }),
    },
    {
      // date_histogram.ts time_zone `write`: moment's offset (`moment().format('Z')`) when the
      // browser's zone cannot be guessed.
      name: 'Discover: a UTC offset as the time zone',
      carries: ['_version', 'fields'],
      body: discover({ calendar_interval: '1d', time_zone: '+05:30' }),
    },
    {
      name: 'Discover: a DQL query, highlighted',
      carries: ['_version', 'fields', 'highlight'],
      body: discover({ fixed_interval: '3h', time_zone: 'America/New_York' }, dql('k2', 'alpha')),
    },
    {
      name: 'Discover: DQL free text, highlighted',
      carries: ['_version', 'fields', 'highlight'],
      body: discover({ fixed_interval: '1d', time_zone: 'UTC' }, freeText('gamma')),
    },
    {
      name: 'Discover: DQL quoted free text',
      carries: ['_version', 'fields', 'highlight'],
      body: discover({ fixed_interval: '1d', time_zone: 'UTC' }, freeText('beta', true)),
    },
    {
      name: 'Discover: DQL free text that is also a number and a boolean',
      carries: ['_version', 'fields'],
      body: {
        ...discover({ fixed_interval: '1d', time_zone: 'UTC' }),
        query: { bool: { should: [freeText('true'), freeText('7')], minimum_should_match: 1 } },
      },
    },
    {
      // DQL `k:a*` (is.ts, a wildcard value): a query_string on the field.
      name: 'Discover: DQL wildcard, highlighted',
      carries: ['_version', 'fields', 'highlight'],
      body: discover(
        { fixed_interval: '1d', time_zone: 'UTC' },
        { query_string: { fields: ['k'], query: 'a*' } }
      ),
    },
    {
      // The Lucene query bar: lucene_string_to_dsl.ts, then decorate_query.ts adds
      // `query:queryString:options` ({analyze_wildcard: true}) and the browser's time zone; it
      // goes in `must` (build_opensearch_query.ts).
      name: 'Discover: Lucene query bar, highlighted',
      carries: ['_version', 'fields', 'highlight'],
      body: {
        ...discover({ fixed_interval: '1d', time_zone: 'Europe/Berlin' }),
        query: {
          bool: {
            must: [
              {
                query_string: {
                  query: 'k2:alpha OR k:a* OR gamma OR 7 -k2:delta',
                  analyze_wildcard: true,
                  time_zone: 'Europe/Berlin',
                },
              },
            ],
            filter: [
              { match_all: {} },
              { range: { t: { gte: FROM, lte: TO, format: 'strict_date_optional_time' } } },
            ],
            should: [],
            must_not: [],
          },
        },
      },
    },
    {
      name: 'Discover: a quoted DQL value',
      carries: ['_version', 'fields', 'highlight'],
      body: discover({ fixed_interval: '1d', time_zone: 'UTC' }, dql('k2', 'beta', true)),
    },
    {
      name: 'Discover: DQL on the date field, a day in the browser zone',
      carries: ['_version', 'fields'],
      body: {
        ...discover({ fixed_interval: '1h', time_zone: 'Europe/Berlin' }),
        query: {
          bool: {
            must: [],
            filter: [dqlDate('t', '2024-03-31', 'Europe/Berlin')],
            should: [],
            must_not: [],
          },
        },
      },
    },
    {
      // DQL free text with a wildcard (is.ts, no field): a query_string on every field.
      name: 'Discover: DQL free text with a wildcard, highlighted',
      carries: ['_version', 'fields', 'highlight'],
      body: discover(
        { fixed_interval: '1d', time_zone: 'UTC' },
        { query_string: { query: 'gam*' } }
      ),
    },
    {
      name: 'Discover: a DQL query on a number, nothing to highlight',
      carries: ['_version', 'fields'],
      body: discover({ calendar_interval: '1w', time_zone: 'UTC' }, dql('b', true)),
    },
    {
      name: 'Discover: a filter pill (match_phrase) and a negated one',
      carries: ['_version', 'fields'],
      body: {
        ...discover({ fixed_interval: '1d', time_zone: 'UTC' }),
        query: {
          bool: {
            must: [],
            filter: [
              { match_all: {} },
              { match_phrase: { k2: 'beta' } },
              { range: { t: { gte: FROM, lte: TO, format: 'strict_date_optional_time' } } },
            ],
            should: [],
            must_not: [{ match_phrase: { k2: 'alpha' } }],
          },
        },
      },
    },
    {
      name: 'Discover: sorted by a column, then time',
      carries: ['_version', 'fields'],
      body: {
        ...discover({ fixed_interval: '12h', time_zone: 'UTC' }),
        sort: [
          { k2: { order: 'asc', unmapped_type: 'boolean' } },
          { t: { order: 'desc', unmapped_type: 'boolean' } },
          { id: { order: 'asc', unmapped_type: 'boolean' } },
        ],
        size: 50,
      },
    },
    {
      // src/plugins/discover/public/application/components/doc/use_opensearch_doc_search.ts buildSearchBody
      name: 'Discover document view',
      carries: ['fields'],
      body: {
        query: { ids: { values: ['700'] } },
        stored_fields: ['*'],
        _source: true,
        script_fields: {},
        docvalue_fields: [{ field: 't', format: 'date_time' }],
      },
    },
    {
      name: 'stored_fields without _source hides the documents',
      body: { stored_fields: ['*'], size: 5, sort: [{ id: 'asc' }], query: osdQuery() },
    },
    {
      name: 'docvalue_fields of every type',
      carries: ['fields'],
      body: {
        size: 2100,
        sort: [{ id: 'asc' }],
        _source: false,
        docvalue_fields: [
          'k',
          'n',
          'd',
          'b',
          't',
          { field: 't', format: 'epoch_millis' },
          { field: 't', format: 'epoch_second' },
          { field: 't', format: 'strict_date_time' },
          { field: 't', format: 'yyyy-MM-dd HH:mm' },
          'nope',
        ],
      },
    },
    {
      name: 'highlight of prefix, terms and range clauses on keywords',
      carries: ['highlight'],
      body: {
        size: 300,
        query: {
          bool: {
            should: [
              { prefix: { k: 'a' } },
              { terms: { k2: ['gamma', 'delta'] } },
              { range: { k: { gte: 'x' } } },
            ],
          },
        },
        highlight: { fields: { 'k*': {} } },
        sort: [{ id: 'asc' }],
      },
    },
    {
      name: 'highlight of a simple_query_string (not sent by OSD)',
      carries: ['highlight'],
      body: {
        size: 300,
        query: { simple_query_string: { query: 'alpha gamma apple' } },
        highlight: { pre_tags: '[', post_tags: ']', fields: [{ k: {} }, { k2: {} }] },
        sort: [{ id: 'asc' }],
      },
    },
    {
      name: 'version on every hit',
      carries: ['_version'],
      body: { version: true, size: 5, sort: [{ id: 'desc' }] },
    },
    // Visualizations, with the default count metric (no metric aggregation) unless named.
    { name: 'vis metric: count', body: vis({}) },
    {
      name: 'vis metric: average, sum, max, unique count',
      body: vis({
        '1': { avg: { field: 'n' } },
        '2': { sum: { field: 'd' } },
        '3': { max: { field: 't' } },
        '4': { cardinality: { field: 'k2' } },
      }),
    },
    { name: 'vis pie: terms by count', body: vis({ '2': terms('k2', 5) }) },
    {
      name: 'vis data table: terms ordered by a metric, with the metric',
      body: vis({
        '2': { ...terms('k2', 10, { '1': 'desc' }), aggs: { '1': { avg: { field: 'n' } } } },
      }),
    },
    { name: 'vis tag cloud: terms by count', body: vis({ '2': terms('k', 20) }) },
    { name: 'vis data table: terms by key', body: vis({ '2': terms('b', 5, { _key: 'asc' }) }) },
    {
      name: 'vis bar: date histogram with a count',
      body: vis({ '2': xAxis({ fixed_interval: '1d' }) }),
    },
    {
      name: 'vis line: date histogram with an average',
      body: vis({
        '2': { ...xAxis({ calendar_interval: '1w' }), aggs: { '1': { avg: { field: 'd' } } } },
      }),
    },
    {
      name: 'vis area: empty buckets with extended bounds',
      body: vis({
        '2': xAxis(
          { fixed_interval: '1d' },
          { min_doc_count: 0, extended_bounds: { min: Date.parse(FROM), max: Date.parse(TO) } }
        ),
      }),
    },
    {
      name: 'vis heat map: date histogram split by terms',
      body: vis({ '2': { ...xAxis({ fixed_interval: '7d' }), aggs: { '3': terms('k2', 5) } } }),
    },
    {
      name: 'vis bar: split series by terms with a metric',
      body: vis({
        '2': {
          ...xAxis({ calendar_interval: '1M' }),
          aggs: { '3': { ...terms('k2', 3), aggs: { '1': { sum: { field: 'n' } } } } },
        },
      }),
    },
    {
      name: 'vis pie: split slices, terms inside terms',
      body: vis({ '2': { ...terms('k2', 5), aggs: { '3': terms('b', 2) } } }),
    },
    {
      // The "Group other values" request: _terms_other_bucket_helper.ts buildOtherBucketAgg, a
      // filters aggregation keyed '' whose bool excludes the top terms of the first answer.
      name: 'vis pie: the other bucket',
      body: vis({
        'other-filter': {
          filters: {
            filters: {
              '': {
                bool: {
                  must: [],
                  filter: [{ exists: { field: 'k2' } }],
                  should: [],
                  must_not: [{ match_phrase: { k2: 'alpha' } }, { match_phrase: { k2: 'beta' } }],
                },
              },
            },
          },
        },
      }),
    },
    {
      name: 'vis data table: date range',
      body: vis({
        '2': {
          date_range: {
            field: 't',
            ranges: [
              { from: FROM, to: '2024-03-15T00:00:00.000Z' },
              { from: '2024-03-15T00:00:00.000Z' },
            ],
            time_zone: 'UTC',
          },
        },
      }),
    },
  ];
}
