/**
 * What every fuzz answer must satisfy: a 2xx, or a 4xx in OpenSearch's error format whose
 * `status` equals the HTTP status; never a 5xx, never slower than the configured time; nothing
 * from our system indices and no datasource secret in any answer. Problems are returned as
 * `{kind, detail}` so the test can group failures into classes.
 */
import type { RawResponse } from './raw_client';

export interface Problem {
  /** Short, stable: failures are grouped by route + kind. */
  kind: string;
  detail: string;
}

export interface CheckOptions {
  expectSuccess: boolean;
  limitMs: number;
  /** Texts that must never appear in an answer (datasource passwords). */
  secrets: string[];
  /** A `/svc` route: its hits must never come from our system indices (catalog routes' may). */
  searchSide: boolean;
  /**
   * The request asked for `filter_path`: OpenSearch filters error bodies by it too, so a
   * passed-through error need not keep the full format (its status still counts).
   */
  filtered?: boolean;
  /** A `POST /svc/_graph` answer: its table shape is checked, and its rows for system indices. */
  graph?: {
    /** Why the request must be refused (any 2xx is then a failure). */
    mustRefuse?: string;
  };
}

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why `body` is not OpenSearch's error format for `status`, or null when it is. */
export function errorFormatProblem(body: unknown, status: number | undefined): string | null {
  if (!isObject(body)) return 'the body is not a JSON object';
  const error = body.error;
  if (!isObject(error)) return 'no [error] object';
  if (typeof error.type !== 'string' || error.type === '') return 'no [error.type]';
  if (typeof error.reason !== 'string' || error.reason === '') return 'no [error.reason]';
  const rootCause = error.root_cause;
  if (!Array.isArray(rootCause) || rootCause.length === 0) return 'no [error.root_cause] list';
  if (
    !rootCause.every(
      (c) => isObject(c) && typeof c.type === 'string' && typeof c.reason === 'string'
    )
  )
    return 'a root cause without type and reason';
  if (status !== undefined && body.status !== status)
    return `[status] is ${JSON.stringify(body.status)}, the HTTP status ${status}`;
  return null;
}

/** OpenSearch answers a missing document or PIT with 404 and a body that is not an error. */
function isNotFoundShape(body: unknown): boolean {
  return isObject(body) && (body.found === false || body.result === 'not_found');
}

function reasonOf(body: unknown): string {
  const error = isObject(body) && isObject(body.error) ? body.error : {};
  return `${String(error.type ?? '?')}: ${String(error.reason ?? (isObject(body) ? JSON.stringify(body) : body)).slice(0, 300)}`;
}

export function checkResponse(res: RawResponse, options: CheckOptions): Problem[] {
  const problems: Problem[] = [];
  const { status, json } = res;
  if (res.elapsedMs > options.limitMs)
    problems.push({
      kind: 'slow',
      detail: `answered after ${res.elapsedMs} ms (limit ${options.limitMs} ms)`,
    });
  for (const secret of options.secrets) {
    if (res.text.includes(secret))
      problems.push({ kind: 'secret_leaked', detail: 'the answer contains a datasource password' });
  }
  if (status >= 500) {
    problems.push({ kind: `http_${status}`, detail: reasonOf(json ?? res.text) });
    return problems;
  }
  if (status >= 400) {
    if (options.expectSuccess)
      problems.push({ kind: 'valid_request_refused', detail: `${status} ${reasonOf(json)}` });
    if (!(status === 404 && isNotFoundShape(json)) && !options.filtered) {
      const format = errorFormatProblem(json, status);
      if (format !== null)
        problems.push({
          kind: 'bad_error_format',
          detail: `${status}: ${format}: ${res.text.slice(0, 300)}`,
        });
      // A reason speaks to the user; a citation of the reference (§4.6) belongs in comments.
      else if (/interface\.md|§\d/.test(reasonOf(json)))
        problems.push({ kind: 'reason_cites_spec', detail: reasonOf(json) });
    }
    return problems;
  }
  if (status < 200 || status >= 300) {
    problems.push({ kind: `http_${status}`, detail: res.text.slice(0, 300) });
    return problems;
  }
  if (json === undefined) {
    problems.push({ kind: 'not_json', detail: res.text.slice(0, 300) });
    return problems;
  }
  if (options.graph) problems.push(...graphProblems(json, options.graph, options.filtered));
  else if (options.searchSide) problems.push(...nestedProblems(json));
  return problems;
}

/**
 * A graph answer is a table (`header`, `rows` of its width, `query_plan_execution`) and holds no
 * document of our system indices, whether as a whole (`SELECT v`) or as an `_index` value.
 */
function graphProblems(
  json: unknown,
  graph: NonNullable<CheckOptions['graph']>,
  filtered = false
): Problem[] {
  const problems: Problem[] = [];
  if (graph.mustRefuse)
    problems.push({
      kind: 'system_index_graph_answered',
      detail: `${graph.mustRefuse}, yet it answered: ${JSON.stringify(json).slice(0, 300)}`,
    });
  if (!isObject(json)) return [...problems, { kind: 'bad_graph_answer', detail: 'not an object' }];
  const header = json.header;
  const rows = json.rows;
  const shapeProblem = !Array.isArray(header)
    ? 'no [header] list'
    : !header.every((h) => typeof h === 'string')
      ? 'a [header] entry that is not text'
      : !Array.isArray(rows)
        ? 'no [rows] list'
        : !rows.every((r) => Array.isArray(r) && r.length === header.length)
          ? `a row whose width is not the header's ${header.length}`
          : !isObject(json.query_plan_execution) ||
              typeof json.query_plan_execution.took_in_millis !== 'number'
            ? 'no [query_plan_execution.took_in_millis]'
            : null;
  // `filter_path` may cut the table down on purpose.
  if (shapeProblem !== null && !filtered)
    problems.push({
      kind: 'bad_graph_answer',
      detail: `${shapeProblem}: ${JSON.stringify(json).slice(0, 300)}`,
    });
  if (Array.isArray(rows) && Array.isArray(header)) {
    const leaked = systemIndexValue(rows, header as unknown[]);
    if (leaked !== null)
      problems.push({ kind: 'system_index_readable', detail: `a row value from [${leaked}]` });
  }
  return problems;
}

/** The first `.federation*` index a graph row shows, or null. */
function systemIndexValue(rows: unknown[], header: unknown[]): string | null {
  const isSystem = (value: unknown) =>
    typeof value === 'string' && value.toLowerCase().startsWith('.federation');
  const walk = (value: unknown): string | null => {
    if (Array.isArray(value)) {
      for (const v of value) {
        const found = walk(v);
        if (found !== null) return found;
      }
    } else if (isObject(value)) {
      if (isSystem(value._index)) return String(value._index);
      for (const v of Object.values(value)) {
        const found = walk(v);
        if (found !== null) return found;
      }
    }
    return null;
  };
  for (const row of rows) {
    if (!Array.isArray(row)) continue;
    for (let i = 0; i < row.length; i++) {
      // `SELECT v._index` (or an aggregate over it) shows the index name itself.
      if (typeof header[i] === 'string' && /_index\W*$/.test(header[i] as string)) {
        const values = Array.isArray(row[i]) ? row[i] : [row[i]];
        const system = (values as unknown[]).find(isSystem);
        if (system !== undefined) return String(system);
      }
      const found = walk(row[i]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** `_msearch` items and `_mget` docs carry their own errors; a 5xx there is a 5xx all the same. */
function nestedProblems(json: unknown): Problem[] {
  const problems: Problem[] = [];
  if (!isObject(json)) return problems;
  const items = Array.isArray(json.responses)
    ? json.responses
    : Array.isArray(json.docs)
      ? json.docs
      : [];
  for (const item of items) {
    if (!isObject(item)) continue;
    if (isObject(item.error)) {
      const status = typeof item.status === 'number' ? item.status : undefined;
      if (status !== undefined && status >= 500)
        problems.push({ kind: `item_http_${status}`, detail: reasonOf(item) });
      else if (/internal_server_error|Unexpected error/.test(JSON.stringify(item.error)))
        problems.push({ kind: 'item_internal_error', detail: reasonOf(item) });
      else {
        const format = errorFormatProblem({ error: item.error, status }, status);
        if (format !== null)
          problems.push({
            kind: 'item_bad_error_format',
            detail: `${format}: ${JSON.stringify(item).slice(0, 300)}`,
          });
      }
    }
    problems.push(...systemIndexHits(item));
  }
  problems.push(...systemIndexHits(json));
  return problems;
}

/** Hits or documents from `.federation-*`: our catalog, read through `/svc`. */
function systemIndexHits(json: Obj): Problem[] {
  const hits = isObject(json.hits) && Array.isArray(json.hits.hits) ? json.hits.hits : [json];
  const leaked = hits.find(
    (h) =>
      isObject(h) &&
      typeof h._index === 'string' &&
      h._index.startsWith('.federation') &&
      h.found !== false
  ) as Obj | undefined;
  return leaked === undefined
    ? []
    : [{ kind: 'system_index_readable', detail: `a hit from [${String(leaked._index)}]` }];
}
