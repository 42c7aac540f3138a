/**
 * The graph suite's query: the model over the benchmark's three entities (bench/graph_data.ts),
 * the GQL text, and the call to the engine through the standalone host.
 */
import type { BenchHost } from './bench_host';
import { A_INDEX, A_QUERY_STRING, C_INDEX, C_MIN_SCORE, C_QUERY_STRING } from './graph_data';
import type { Row } from './graph_baseline';

export const GRAPH = 'bench-graph';
/** The virtual index over the PostgreSQL table of entity B. */
export const VIRTUAL_B = 'bench-graph-b';
export const FIRST_ROWS = 1000;

export const MODEL = {
  label: GRAPH,
  entities: [
    { label: 'A', indices: [A_INDEX], id: 'a_id' },
    { label: 'B', indices: [VIRTUAL_B] },
    { label: 'C', indices: [C_INDEX], id: 'c_id' },
  ],
  relations: [
    { label: 'OWNS', from: { entity: 'A', field: 'a_id' }, to: { entity: 'B', field: 'a_id' } },
    {
      label: 'POINTS_TO',
      from: { entity: 'B', field: 'c_id' },
      to: { entity: 'C', field: 'c_id' },
    },
  ],
};

export const QUERY =
  `SELECT a.name, b.amount, c.title FROM "${GRAPH}" ` +
  `MATCH (a:A WHERE "${A_QUERY_STRING}")-[:OWNS]->(b:B)-[:POINTS_TO]->(c:C WHERE "${C_QUERY_STRING}") ` +
  `WHERE c.score >= ${C_MIN_SCORE}`;

/** The same query in the MATCH … RETURN form (ISO GQL / openCypher): the one plan, timed against it. */
export const MATCH_QUERY =
  `MATCH (a:A WHERE "${A_QUERY_STRING}")-[:OWNS]->(b:B)-[:POINTS_TO]->(c:C WHERE "${C_QUERY_STRING}") ` +
  `WHERE c.score >= ${C_MIN_SCORE} RETURN a.name, b.amount, c.title`;

export interface EngineStep {
  pattern: string;
  start_in_millis: number;
  stop_in_millis: number;
  rows: number;
  took_in_millis: number;
  estimated_rows: number;
  requests?: unknown[];
}

export interface EngineResponse {
  header: string[];
  rows: Row[];
  truncated?: true;
  plan?: { start: string; reason: string; steps: Array<{ kind: string; pattern: string }> };
  query_plan_execution: {
    took_in_millis: number;
    start_in_millis: number;
    stop_in_millis: number;
    steps?: EngineStep[];
  };
}

/** `POST /svc/_graph?<params>`; anything but a 200 throws, with the start of the body. */
export async function engineQuery(host: BenchHost, query: string, params = 'detailed=true') {
  const r = await host.call('POST', `/svc/_graph?${params}`, { model: MODEL, query });
  if (r.status !== 200) {
    throw new Error(
      `POST /svc/_graph answered ${r.status}: ${JSON.stringify(r.body).slice(0, 500)}`
    );
  }
  return r.body as EngineResponse;
}
