/**
 * The answer of `POST /svc/_graph` (docs/api/interface.md §2.4, §4.1), one definition for the server that builds it
 * and the app that reads it.
 */

/** One executed call, for `debug` output: an OpenSearch request or a SQL statement. */
export type BackendCall =
  | {
      kind: 'search';
      method: string;
      path: string;
      querystring?: Record<string, unknown>;
      body?: unknown;
    }
  | { kind: 'sql'; datasource: string; sql: string; params: unknown[] };

export interface GraphStepReport {
  /** The step written as a graph pattern, e.g. `(a:Article)-[$1:MENTIONS]->(c:Company)`. */
  pattern: string;
  rows: number;
  took_in_millis: number;
  start_in_millis: number;
  stop_in_millis: number;
  /** Null when nothing bounds it (a node that was not counted, before any narrowing). */
  estimated_rows: number | null;
  /** Only with `debug`. */
  requests?: BackendCall[];
}

/** What `EXPLAIN <query>` answers besides empty rows: the plan, nothing fetched. */
export interface GraphPlanView {
  /** The start node, e.g. `(c:Company)`. */
  start: string;
  /** Why the plan starts there. */
  reason: string;
  steps: Array<{
    id: number;
    /**
     * `count`, `reduce`, `fetch`, `expand` (a quantified edge's paths), `shortest` (a
     * shortest-path search) or `assemble`.
     */
    kind: string;
    pattern: string;
    /** Null when nothing bounds it (a node that was not counted, before any narrowing). */
    estimated_rows: number | null;
    /** Ids of the steps this one depends on. */
    inputs: readonly number[];
  }>;
}

export interface GraphResponse {
  /** The selected items as written, in order. */
  header: string[];
  /** One per matching subgraph, as many cells as `header`. A whole variable is a `GraphDocument`. */
  rows: unknown[][];
  /** Present (true) when the rows were capped (setting maxGraphRows). */
  truncated?: true;
  /** Only for `EXPLAIN`. */
  plan?: GraphPlanView;
  query_plan_execution: {
    took_in_millis: number;
    start_in_millis: number;
    stop_in_millis: number;
    /** Only with `detailed` or `debug`. */
    steps?: GraphStepReport[];
  };
}

/** A whole variable in a row (`SELECT v`). */
export interface GraphDocument {
  _index: string;
  _id: string;
  _source: Record<string, unknown>;
}
