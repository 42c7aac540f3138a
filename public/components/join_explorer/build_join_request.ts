import type { SortValue } from '../../services/api/search_api';
import { SORT_BY_INDEX_ORDER, type JoinForm } from './join_form';
import { problemMessages } from './strings';

/** How long the PIT lives after each page (docs/api/interface.md §8.1's default, made explicit in the request). */
export const PIT_KEEP_ALIVE = '5m';

/** Largest page OpenSearch serves by default (`index.max_result_window`). */
export const MAX_PAGE_SIZE = 10_000;

export type JsonObject = Record<string, unknown>;

/** The join search of docs/api/interface.md §2.6 without its paging fields (`pit`, `search_after`). */
export interface JoinSearchBody {
  query: JsonObject;
  _source?: string[];
  /** Always ends with the `_shard_doc` tiebreaker (docs/api/interface.md §2.6). */
  sort: JsonObject[];
  size: number;
  /** Exact totals, so the explorer can say how many parents match and where the last page is. */
  track_total_hits: true;
}

/** Everything the explorer sends for one join: the PIT's target and the fixed search body. */
export interface JoinRequest {
  /** Where the PIT is opened: the parent index pattern at the root of the request. */
  parentIndex: string;
  keepAlive: string;
  body: JoinSearchBody;
  /** The child fields the root join projects (also in the body), for the results' columns. */
  projectedFields: string[];
}

export type JoinFormField =
  | 'parentIndex'
  | 'child'
  | 'parentField'
  | 'childField'
  | 'childQuery'
  | 'parentQuery'
  | 'projectedFields'
  | 'pageSize';

export interface JoinRequestProblem {
  field: JoinFormField;
  message: string;
}

export type BuildResult =
  { ok: true; request: JoinRequest } | { ok: false; problems: JoinRequestProblem[] };

/** A query editor's text as a query clause, or why it is not one. */
export function parseQueryText(
  text: string
): { ok: true; query: JsonObject } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      message: problemMessages.invalidJson(error instanceof Error ? error.message : String(error)),
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: problemMessages.notAnObject() };
  }
  if (Object.keys(value).length === 0) return { ok: false, message: problemMessages.emptyQuery() };
  return { ok: true, query: value as JsonObject };
}

/** The form as a join request, or every reason it is not one yet (for the form to show). */
export function buildJoinRequest(form: JoinForm): BuildResult {
  const problems: JoinRequestProblem[] = [];
  const add = (field: JoinFormField, message: string) => problems.push({ field, message });

  const parentIndex = form.parentIndex.trim();
  if (parentIndex === '') add('parentIndex', problemMessages.noParentIndex());
  if (form.child === null || form.child.name.trim() === '')
    add('child', problemMessages.noChildIndex());
  if (form.parentField.trim() === '') add('parentField', problemMessages.noParentField());
  if (form.childField.trim() === '') add('childField', problemMessages.noChildField());

  const childQuery = parseQueryText(form.childQuery);
  if (!childQuery.ok) add('childQuery', childQuery.message);
  const parentQuery = form.parentQueryEnabled ? parseQueryText(form.parentQuery) : undefined;
  if (parentQuery && !parentQuery.ok) add('parentQuery', parentQuery.message);

  if (!Number.isInteger(form.pageSize) || form.pageSize < 1 || form.pageSize > MAX_PAGE_SIZE) {
    add('pageSize', problemMessages.pageSize(MAX_PAGE_SIZE));
  }
  if (problems.length > 0 || !childQuery.ok || (parentQuery && !parentQuery.ok)) {
    return { ok: false, problems };
  }

  const request: JsonObject = { query: childQuery.query };
  if (form.projectedFields.length > 0) {
    request.project = form.projectedFields.map((name) => ({ field: { name } }));
  }
  const join = {
    join: {
      indices: [form.child!.name.trim()],
      on: [form.parentField.trim(), form.childField.trim()],
      request,
    },
  };
  // The parent query scores; the join, a constant-score semi-join, only filters.
  const query: JsonObject = parentQuery?.ok
    ? { bool: { must: [parentQuery.query], filter: [join] } }
    : join;

  const body: JoinSearchBody = {
    query,
    ...(form.parentColumns.length > 0 ? { _source: [...form.parentColumns] } : {}),
    sort: sortClauses(form),
    size: form.pageSize,
    track_total_hits: true,
  };
  return {
    ok: true,
    request: {
      parentIndex,
      keepAlive: PIT_KEEP_ALIVE,
      body,
      projectedFields: [...form.projectedFields],
    },
  };
}

function sortClauses(form: JoinForm): JsonObject[] {
  // The tiebreaker is written out, though the server would add it (docs/api/interface.md §4.5, step 6), so the
  // request users copy to their scripts pages the same way against any server.
  const tiebreaker = { _shard_doc: 'asc' };
  if (form.sortField === SORT_BY_INDEX_ORDER) return [tiebreaker];
  return [{ [form.sortField]: { order: form.sortOrder } }, tiebreaker];
}

/**
 * The body of one page: the fixed request, the PIT (whose life each page extends), and, after the
 * first page, the sort values of the previous page's last hit (docs/api/interface.md §4.5, step 3).
 */
export function pageBody(
  request: JoinRequest,
  pitId: string,
  searchAfter?: readonly SortValue[]
): JsonObject {
  return {
    ...request.body,
    pit: { id: pitId, keep_alive: request.keepAlive },
    ...(searchAfter === undefined ? {} : { search_after: [...searchAfter] }),
  };
}

/** Two requests are the same join when they would send the same bytes. */
export function sameJoinRequest(a: JoinRequest | null, b: JoinRequest | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
