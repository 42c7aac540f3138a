/**
 * Runs one search body against the reference index and a virtual index and lists every
 * difference, applying exactly the tolerances of tolerances.ts.
 */
import { openSearchClient } from '../bed/context';
import type { FederationApi } from '../support/in_process_host';
import type { FieldType } from './table_spec';
import {
  DATE_RESOLUTION_MS,
  DOUBLE_ABSOLUTE,
  DOUBLE_RELATIVE,
  EMPTY_META_OPTIONAL,
  IGNORED_MEMBERS,
} from './tolerances';

export interface SearchOutcome {
  status: number;
  body: any;
}

export async function referenceSearch(index: string, body: unknown): Promise<SearchOutcome> {
  try {
    const response = await openSearchClient().search({ index, body: body as never });
    return { status: response.statusCode ?? 200, body: response.body };
  } catch (err) {
    const meta = (err as { meta?: { statusCode?: number; body?: unknown } }).meta;
    if (meta?.statusCode) return { status: meta.statusCode, body: meta.body };
    throw err;
  }
}

export async function virtualSearch(
  api: FederationApi,
  index: string,
  body: unknown
): Promise<SearchOutcome> {
  const response = await api.call('POST', `/svc/${index}/_search`, body);
  return { status: response.status, body: response.body };
}

export interface CompareContext {
  types: Map<string, FieldType>;
  key: string;
  virtualIndex: string;
  /** The exact reference total, when it reported one. */
  referenceTotal?: number;
  /** Every `_id` matching the body's query on the reference (for partial unsorted pages). */
  matchingIds: () => Promise<Set<string>>;
}

const MAX_DIFFS = 12;

export async function diffSearch(
  body: any,
  expected: SearchOutcome,
  actual: SearchOutcome,
  ctx: CompareContext
): Promise<string[]> {
  if (expected.status !== actual.status) {
    return [
      `status: expected ${expected.status}, actual ${actual.status}` +
        (actual.status >= 300 ? ` (${errorReason(actual.body)})` : '') +
        (expected.status >= 300 ? ` (reference: ${errorReason(expected.body)})` : ''),
    ];
  }
  if (expected.status >= 300) return [];
  const diffs: string[] = [];
  const e = expected.body;
  const a = actual.body;
  diffValue('hits.total', e.hits?.total, a.hits?.total, diffs);
  await diffHits(body, e.hits?.hits ?? [], a.hits?.hits ?? [], ctx, diffs);
  // top_hits hits name their index too: the virtual side's must be the virtual index, and the
  // names are then left out of the comparison (INDEX_NAME_DIFFERS).
  const actualAggs = withoutHitIndices(a.aggregations, (name) => {
    if (name !== ctx.virtualIndex)
      diffs.push(`aggregations: a top_hits hit's _index is ${name}, not ${ctx.virtualIndex}`);
  });
  diffValue('aggregations', withoutHitIndices(e.aggregations), actualAggs, diffs);
  return diffs.slice(0, MAX_DIFFS);
}

/** A copy with `_index` left out of the hits of every `top_hits` result, each name checked. */
function withoutHitIndices(value: unknown, check?: (name: unknown) => void): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutHitIndices(v, check));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [member, v] of Object.entries(value)) {
    const inner = member === 'hits' && isObject(v) ? v.hits : undefined;
    if (isObject(v) && Array.isArray(inner) && inner.every(isObject)) {
      out[member] = {
        ...v,
        hits: inner.map(({ _index, ...rest }) => {
          check?.(_index);
          return withoutHitIndices(rest, check);
        }),
      };
    } else out[member] = withoutHitIndices(v, check);
  }
  return out;
}

function errorReason(body: any): string {
  const reason = body?.error?.reason ?? body?.error?.root_cause?.[0]?.reason ?? body;
  return truncate(typeof reason === 'string' ? reason : JSON.stringify(reason), 300);
}

/** True when hits must come in the same order: a sort whose last entry is the unique key. */
export function hasUniqueSort(body: any, key: string): boolean {
  const sort = body?.sort === undefined ? [] : [body.sort].flat();
  if (sort.length === 0) return false;
  const last = sort[sort.length - 1];
  const field = typeof last === 'string' ? last : Object.keys(last)[0];
  return field === key || field === '_id';
}

async function diffHits(
  body: any,
  expected: any[],
  actual: any[],
  ctx: CompareContext,
  diffs: string[]
): Promise<void> {
  for (const [i, hit] of actual.entries()) {
    if (hit._index !== ctx.virtualIndex)
      diffs.push(`hits[${i}]._index: expected ${ctx.virtualIndex}, actual ${hit._index}`);
  }
  const ordered = hasUniqueSort(body, ctx.key);
  const e = ordered ? expected : byId(expected);
  const a = ordered ? actual : byId(actual);
  if (!ordered && e.length !== a.length) {
    diffs.push(`hits.length: expected ${e.length}, actual ${a.length}`);
    return;
  }
  if (!ordered && !holdsEveryMatch(body, expected.length, ctx.referenceTotal)) {
    // A partial unsorted page: each engine may pick a different subset of the matches.
    const matching = await ctx.matchingIds();
    for (const hit of actual) {
      if (!matching.has(hit._id)) diffs.push(`hits: _id ${hit._id} does not match the query`);
    }
    return;
  }
  if (e.length !== a.length) diffs.push(`hits.length: expected ${e.length}, actual ${a.length}`);
  for (let i = 0; i < Math.min(e.length, a.length) && diffs.length < MAX_DIFFS; i++) {
    const path = `hits[${i}]`;
    diffValue(`${path}._id`, e[i]._id, a[i]._id, diffs);
    diffValue(`${path}.sort`, e[i].sort, a[i].sort, diffs);
    diffValue(
      `${path}._source`,
      normalizeSource(e[i]._source, ctx.types),
      normalizeSource(a[i]._source, ctx.types),
      diffs
    );
    // What OpenSearch Dashboards asks for besides the document (osd_cases.ts).
    for (const member of ['_version', 'fields', 'highlight']) {
      diffValue(`${path}.${member}`, e[i][member], a[i][member], diffs);
    }
    for (const member of Object.keys(a[i])) {
      if (!(member in e[i])) diffs.push(`${path}.${member}: unexpected on the virtual index`);
    }
  }
}

/** An unsorted page starting at the first match that is not full holds every match. */
function holdsEveryMatch(body: any, hits: number, total: number | undefined): boolean {
  if ((body?.from ?? 0) !== 0) return false;
  return hits < (body?.size ?? 10) || hits === total;
}

function byId(hits: any[]): any[] {
  return [...hits].sort((x, y) => (x._id < y._id ? -1 : x._id > y._id ? 1 : 0));
}

/** Dates become epoch milliseconds (rounded to the resolution) so spelling does not matter. */
function normalizeSource(source: any, types: Map<string, FieldType>): any {
  if (source === null || typeof source !== 'object') return source;
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(source)) {
    out[field] =
      types.get(field) === 'date' && typeof value === 'string'
        ? Math.floor(Date.parse(value) / DATE_RESOLUTION_MS)
        : value;
  }
  return out;
}

export function closeEnough(x: number, y: number): boolean {
  if (x === y) return true;
  const scale = Math.max(Math.abs(x), Math.abs(y));
  return Math.abs(x - y) <= Math.max(DOUBLE_RELATIVE * scale, DOUBLE_ABSOLUTE);
}

export function diffValue(path: string, e: unknown, a: unknown, diffs: string[]): void {
  if (diffs.length >= MAX_DIFFS) return;
  if (typeof e === 'number' && typeof a === 'number') {
    if (!closeEnough(e, a)) diffs.push(`${path}: expected ${e}, actual ${a}`);
    return;
  }
  if (Array.isArray(e) && Array.isArray(a)) {
    if (e.length !== a.length)
      diffs.push(`${path}.length: expected ${e.length}, actual ${a.length}`);
    for (let i = 0; i < Math.min(e.length, a.length); i++)
      diffValue(`${path}[${i}]`, e[i], a[i], diffs);
    return;
  }
  if (isObject(e) && isObject(a)) {
    const members = new Set([...Object.keys(e), ...Object.keys(a)]);
    for (const m of members) {
      if (IGNORED_MEMBERS.has(m)) continue;
      if (m === 'meta' && EMPTY_META_OPTIONAL && !(m in a) && isEmptyObject(e[m])) continue;
      if (!(m in a))
        diffs.push(`${path}.${m}: missing on the virtual index (expected ${show(e[m])})`);
      else if (!(m in e))
        diffs.push(`${path}.${m}: unexpected on the virtual index (${show(a[m])})`);
      else diffValue(`${path}.${m}`, e[m], a[m], diffs);
    }
    return;
  }
  if (e !== a) diffs.push(`${path}: expected ${show(e)}, actual ${show(a)}`);
}

function isEmptyObject(v: unknown): boolean {
  return isObject(v) && Object.keys(v).length === 0;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function show(value: unknown): string {
  return truncate(value === undefined ? 'undefined' : JSON.stringify(value), 160);
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…(${text.length} chars)`;
}
