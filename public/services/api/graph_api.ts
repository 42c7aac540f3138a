import { SEARCH_BASE_PATH } from '../../../common/constants';
import type {
  BackendCall,
  GraphDocument,
  GraphPlanView,
  GraphResponse,
  GraphStepReport,
} from '../../../common/graph/graph_response';
import type { HttpClient, HttpQuery } from '../../types';

/**
 * Typed calls of the graph route, `POST /svc/_graph` (docs/api/interface.md §4.1, docs/api/semantics.md). The response types
 * are the server's own (common/graph/graph_response.ts).
 */

/** The graph data model as sent (docs/api/semantics.md); the server validates it and names what is wrong. */
export interface GraphModelJson {
  label: string;
  entities: Array<{ label: string; indices: string[]; id?: string; time_field?: string }>;
  relations?: Array<{
    label: string;
    from: { entity: string; field?: string };
    to: { entity: string; field?: string };
  }>;
}

export interface GraphRunRequest {
  /** Any JSON object: the server checks the model's shape, so a wrong one gets its reason. */
  model: Record<string, unknown>;
  query: string;
  /** Filters the entities whose model names a `time_field` (both ends included, absolute dates). */
  time_range?: { from: string; to: string };
}

export interface GraphRunOptions {
  /** `?detailed=true`: adds `query_plan_execution.steps`. */
  detailed?: boolean;
  /** `?debug=true`: as `detailed`, plus every search request and SQL statement per step. */
  debug?: boolean;
  /** OpenSearch's `preference`, passed to every search the query runs. */
  preference?: string;
  /** Aborts the HTTP request (the Cancel button). */
  signal?: AbortSignal;
}

export type {
  BackendCall as GraphBackendCall,
  GraphDocument,
  GraphPlanView as GraphPlan,
  GraphResponse,
  GraphStepReport as GraphStep,
};

export interface GraphApi {
  /** Runs a GQL query (`EXPLAIN` included, as written). */
  run(request: GraphRunRequest, options?: GraphRunOptions): Promise<GraphResponse>;
  /** Runs `EXPLAIN <query>` (the query as is when it already starts with EXPLAIN). */
  explain(request: GraphRunRequest, options?: GraphRunOptions): Promise<GraphResponse>;
}

export const GRAPH_PATH = `${SEARCH_BASE_PATH}/_graph`;

// Leading blanks and comments (`-- ...`, `/* ... */`) may precede EXPLAIN.
const LEADING_TRIVIA = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/;

/** The query with `EXPLAIN ` in front, unless it already has it. */
export function explainQuery(query: string): string {
  const rest = query.replace(LEADING_TRIVIA, '');
  return /^explain\b/i.test(rest) ? query : `EXPLAIN ${query}`;
}

function runQuery(options: GraphRunOptions): HttpQuery {
  const query: HttpQuery = {};
  if (options.detailed) query.detailed = true;
  if (options.debug) query.debug = true;
  if (options.preference !== undefined) query.preference = options.preference;
  return query;
}

export function createGraphApi(http: HttpClient): GraphApi {
  const run = (request: GraphRunRequest, options: GraphRunOptions = {}) =>
    http.post<GraphResponse>(GRAPH_PATH, {
      query: runQuery(options),
      body: JSON.stringify({
        model: request.model,
        query: request.query,
        ...(request.time_range ? { time_range: request.time_range } : {}),
      }),
      signal: options.signal,
    });
  return {
    run,
    explain: (request, options) => run({ ...request, query: explainQuery(request.query) }, options),
  };
}
