import { OpenSearchGateway, opensearchPath } from '../opensearch/opensearch_gateway';
import { requireAllShards, type ShardsHeader } from '../opensearch/shard_failures';
import type { Backend, CallOptions } from '../backends/backend';
import { KeySetBuilder, tooManyKeys, type KeySet } from '../backends/key_set';
import { preferenceParam } from '../backends/query_params';
import { ownValue, setOwn } from '../sql/own_property';

/**
 * A join's projection (docs/api/semantics.md): for each child key, the values of the projected child fields
 * from every child document with that key, to be put in the `fields` of each parent hit.
 */
export interface Projection {
  parentField: string;
  fields: string[];
  /** Child key (as text) → projected field → all values, one per child document value. */
  byKey: Map<string, Record<string, unknown[]>>;
}

interface ScrollPage {
  _scroll_id?: string;
  _shards?: ShardsHeader;
  hits: { hits: Array<{ fields?: Record<string, unknown[]> }> };
}

const SCROLL_PAGE = 5_000;

/** One child document as a projection reads it: the values of a field (none when absent). */
export type ProjectionRow = (field: string) => unknown[];

/** Reads the child documents of a projection: every match, with the named fields only. */
export type ProjectionReader = (fields: string[]) => AsyncIterable<ProjectionRow>;

/**
 * Every OpenSearch child document matching `query`, read by a scroll (a consistent read of all
 * of them, not just the distinct keys); only doc values travel, never `_source`.
 */
export function openSearchProjectionReader(
  openSearch: OpenSearchGateway,
  indices: string[],
  query: unknown,
  options: { preference?: string } = {}
): ProjectionReader {
  return async function* (docvalues) {
    const complete = (response: ScrollPage) =>
      requireAllShards(response, `the projection read of [${indices.join(',')}]`);
    let page = await openSearch.request<ScrollPage>({
      method: 'POST',
      path: opensearchPath(indices.join(','), '_search'),
      querystring: {
        scroll: '1m',
        ...preferenceParam(options.preference),
      },
      body: {
        size: SCROLL_PAGE,
        _source: false,
        sort: ['_doc'],
        // Exact counting turns off OpenSearch 3's range approximation, under which a scrolled
        // `range` query returned only about 10,240 hits per shard.
        track_total_hits: true,
        query: query as Record<string, unknown>,
        docvalue_fields: docvalues,
      },
    });
    try {
      complete(page);
      while (page.hits.hits.length > 0) {
        for (const hit of page.hits.hits) yield (field) => ownValue(hit.fields ?? {}, field) ?? [];
        if (page._scroll_id === undefined) break;
        page = complete(
          await openSearch.request<ScrollPage>({
            method: 'POST',
            path: '/_search/scroll',
            body: { scroll: '1m', scroll_id: page._scroll_id },
          })
        );
      }
    } finally {
      if (page._scroll_id !== undefined) {
        await openSearch
          .request({
            method: 'DELETE',
            path: '/_search/scroll',
            body: { scroll_id: [page._scroll_id] },
          })
          .catch(() => undefined);
      }
    }
  };
}

/**
 * Every row of a virtual child matching `query`: one streamed SELECT of the key and the
 * projected columns, in no particular order (the projection groups by key itself).
 */
export function backendProjectionReader(
  child: Pick<Backend, 'documents'>,
  query: unknown,
  options: CallOptions
): ProjectionReader {
  return async function* (fields) {
    const documents = child.documents(query, {
      ...options,
      fields: fields.filter((f) => f !== '_id'),
      ordered: false,
    });
    for await (const doc of documents) {
      yield (field) => {
        const value = field === '_id' ? doc._id : ownValue(doc._source, field);
        return value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
      };
    }
  };
}

/**
 * Reads every child document matching the join, collecting the keys and the projected values
 * in one pass.
 */
export async function scanProjection(
  read: ProjectionReader,
  childField: string,
  parentField: string,
  fields: string[],
  /** Projections of joins nested in the child query: a field they project is read through them. */
  nested: Projection[],
  options: { limit: number; describe: string }
): Promise<{ keys: KeySet; projection: Projection }> {
  const byKey = new Map<string, Record<string, unknown[]>>();
  const through = new Map(
    fields.flatMap((f) => {
      const via = nested.find((p) => p.fields.includes(f));
      return via ? [[f, via] as const] : [];
    })
  );
  const needed = [
    ...new Set([
      childField,
      ...fields.filter((f) => !through.has(f)),
      ...[...through.values()].map((p) => p.parentField),
    ]),
  ];
  const valuesOf = (row: ProjectionRow, field: string): unknown[] => {
    const via = through.get(field);
    if (via === undefined) return row(field);
    return row(via.parentField).flatMap((k) => {
      const values = via.byKey.get(String(k));
      return values === undefined ? [] : (ownValue(values, field) ?? []);
    });
  };
  const keyValues = new Map<string, unknown>();
  for await (const row of read(needed)) {
    for (const key of row(childField)) {
      const text = String(key);
      if (!byKey.has(text)) {
        if (byKey.size >= options.limit) throw tooManyKeys(options.limit, options.describe);
        byKey.set(text, Object.fromEntries(fields.map((f) => [f, []])));
        keyValues.set(text, key);
      }
      const values = byKey.get(text)!;
      // A loop, not push(...): a field may hold an array of any length.
      for (const field of fields)
        for (const value of valuesOf(row, field)) values[field].push(value);
    }
  }
  const builder = new KeySetBuilder(options.limit, options.describe);
  // The builder sorts and de-duplicates keys that arrive in any order.
  for (const key of keyValues.values()) builder.add(key);
  return { keys: builder.build(), projection: { parentField, fields, byKey } };
}

/** Puts each parent hit's projected values in its `fields`, as OpenSearch shows docvalue fields. */
export function applyProjections(
  hits: Array<{ fields?: Record<string, unknown[]> }>,
  projections: Projection[],
  /** Parent fields we added to `docvalue_fields` only to read keys: removed again. */
  helperFields: Set<string>
): void {
  for (const hit of hits) {
    const own = hit.fields ?? {};
    // Keys first, then drop the helper doc values: a projected field may share their name.
    const keysOf = (field: string) => ownValue(own, field) ?? [];
    const fields: Record<string, unknown[]> = Object.fromEntries(
      Object.entries(own).filter(([name]) => !helperFields.has(name))
    );
    for (const projection of projections) {
      for (const key of keysOf(projection.parentField)) {
        const values = projection.byKey.get(String(key));
        if (!values) continue;
        // Field names are the user's: `__proto__` or `constructor` must be ordinary keys.
        for (const field of projection.fields)
          setOwn(fields, field, [...(ownValue(fields, field) ?? []), ...values[field]]);
      }
    }
    if (Object.keys(fields).length > 0) hit.fields = fields;
    else delete hit.fields;
  }
}

/** The parent fields projections need as doc values, and those the user did not ask for. */
export function projectionDocvalues(
  body: Record<string, unknown>,
  projections: Projection[]
): { docvalueFields: unknown[]; helperFields: Set<string> } {
  const requested = Array.isArray(body.docvalue_fields) ? [...body.docvalue_fields] : [];
  const names = new Set(
    requested.map((f) => (typeof f === 'string' ? f : (f as { field?: string }).field))
  );
  const helperFields = new Set<string>();
  for (const { parentField } of projections) {
    if (!names.has(parentField)) {
      requested.push(parentField);
      names.add(parentField);
      helperFields.add(parentField);
    }
  }
  return { docvalueFields: requested, helperFields };
}

/** Painless: the best (min ascending, max descending) projected value among a parent's keys. */
const SORT_SCRIPT = {
  number:
    'double best = params.missing; boolean found = false; ' +
    'for (def k : doc[params.f]) { def v = params.t.get(String.valueOf(k)); ' +
    'if (v != null) { double d = ((Number) v).doubleValue(); ' +
    'if (!found || (params.desc ? d > best : d < best)) { best = d; found = true; } } } return best;',
  string:
    'String best = params.missing; boolean found = false; ' +
    'for (def k : doc[params.f]) { def v = params.t.get(String.valueOf(k)); ' +
    'if (v != null && (!found || (params.desc ? v.compareTo(best) > 0 : v.compareTo(best) < 0))) { best = v; found = true; } } return best;',
};

/**
 * Sort entries that name a projected field become script sorts over the projected values, so
 * OpenSearch itself sorts (and pages, and keeps PIT order) by them. With several values a parent
 * sorts by the smallest ascending and the largest descending, as OpenSearch's default sort mode
 * does for arrays; a parent without a value sorts last.
 */
export function projectedSort(sort: unknown, projections: Projection[]): unknown {
  if (sort === undefined || projections.length === 0) return sort;
  const list = Array.isArray(sort) ? sort : [sort];
  return list.map((entry) => {
    const [field, options] =
      typeof entry === 'string' ? [entry, undefined] : (Object.entries(entry as object)[0] ?? []);
    const projection = projections.find((p) => p.fields.includes(field as string));
    if (projection === undefined) return entry;
    const order =
      typeof options === 'string'
        ? options
        : ((options as { order?: string } | undefined)?.order ?? 'asc');
    const desc = order === 'desc';
    const all = [...projection.byKey.values()].flatMap((v) => v[field as string]);
    const type = all.every((x) => typeof x === 'number') ? 'number' : 'string';
    const table: Record<string, unknown> = {};
    for (const [key, values] of projection.byKey) {
      const own = values[field as string];
      if (own.length === 0) continue;
      setOwn(
        table,
        key,
        type === 'number'
          ? (desc ? Math.max : Math.min)(...(own as number[]))
          : own.map(String).sort()[desc ? own.length - 1 : 0]
      );
    }
    const missing =
      type === 'number' ? (desc ? -Number.MAX_VALUE : Number.MAX_VALUE) : desc ? '' : '\uffff';
    return {
      _script: {
        type,
        order,
        script: {
          lang: 'painless',
          source: SORT_SCRIPT[type],
          params: { f: projection.parentField, t: table, desc, missing },
        },
      },
    };
  });
}

/**
 * Prepares a parent search for projections: doc values of the parent join fields, projected
 * sorts as script sorts; `finish` then puts the projected values into the response's hits.
 */
export function withProjections(
  body: Record<string, unknown>,
  projections: Projection[]
): {
  body: Record<string, unknown>;
  finish(response: Record<string, unknown>): Record<string, unknown>;
} {
  if (projections.length === 0) return { body, finish: (response) => response };
  const { docvalueFields, helperFields } = projectionDocvalues(body, projections);
  const sort = projectedSort(body.sort, projections);
  return {
    body: { ...body, docvalue_fields: docvalueFields, ...(sort === undefined ? {} : { sort }) },
    finish(response) {
      const hits = (
        response.hits as { hits?: Array<{ fields?: Record<string, unknown[]> }> } | undefined
      )?.hits;
      if (hits) applyProjections(hits, projections, helperFields);
      return response;
    },
  };
}

/** Projections in a compact JSON form for PIT state, and back. */
export function serializeProjection(projection: Projection) {
  return {
    parentField: projection.parentField,
    fields: projection.fields,
    entries: [...projection.byKey],
  };
}

export function deserializeProjection(stored: ReturnType<typeof serializeProjection>): Projection {
  return { parentField: stored.parentField, fields: stored.fields, byKey: new Map(stored.entries) };
}
