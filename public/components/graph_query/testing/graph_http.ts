import investments from '../../../../scripts/demo/investments_graph.json';
import { httpError, RecordingHttp } from '../../../test_support/recording_http';

export { httpError };

/** Mappings of the demo graph's indices, as the server answers them. */
export const DEMO_MAPPINGS: Record<string, Record<string, { type: string }>> = {
  'demo-companies': {
    id: { type: 'integer' },
    name: { type: 'text' },
    sector: { type: 'keyword' },
  },
  'demo-articles': {
    id: { type: 'integer' },
    title: { type: 'text' },
    company_id: { type: 'integer' },
    sentiment: { type: 'float' },
  },
  'demo-investments': {
    id: { type: 'long' },
    company_id: { type: 'long' },
    investor: { type: 'keyword' },
    amount: { type: 'double' },
  },
};

/** The probe for the demo's indices (wildcards: a cluster without them answers an empty list). */
export const DEMO_PROBE = '/svc/_resolve/index/demo-companies*,demo-articles*,demo-investments*';

const resolveAnswer = (names: string[]) => ({
  indices: names.map((name) => ({ name, attributes: ['open'] })),
  aliases: [],
  data_streams: [],
});

/** A cluster with the demo graph loaded: its indices resolve and their mappings answer. */
export function demoClusterHttp(): RecordingHttp {
  const http = new RecordingHttp().on('GET', DEMO_PROBE, () =>
    resolveAnswer(investments.entities.flatMap((entity) => entity.indices))
  );
  for (const entity of investments.entities) {
    for (const index of entity.indices) {
      http.on('GET', `/svc/${index}/_mapping`, () => ({
        [index]: { mappings: { properties: DEMO_MAPPINGS[index] } },
      }));
    }
  }
  // The saved-queries toolbar lists saved queries: none yet.
  http.on('GET', /^\/_svc\/graph\/query\/_search/, () => ({
    took: 0,
    timed_out: false,
    hits: { total: { value: 0, relation: 'eq' }, max_score: null, hits: [] },
  }));
  return http;
}

/** A cluster without the demo graph: nothing resolves, every mapping request is a 404. */
export function emptyClusterHttp(): RecordingHttp {
  const http = demoClusterHttp().on('GET', DEMO_PROBE, () => resolveAnswer([]));
  http.on('GET', /\/_mapping$/, (call) =>
    Promise.reject(
      httpError(404, 'index_not_found_exception', `no such index [${call.path.split('/')[2]}]`)
    )
  );
  return http;
}

export const company = (id: number, name = `Company ${id}`) => ({
  _index: 'demo-companies',
  _id: String(id),
  _source: { id, name, sector: 'software' },
});

export const article = (id: number, companyId = 1) => ({
  _index: 'demo-articles',
  _id: String(id),
  _source: { id, title: `Article ${id}`, company_id: companyId, sentiment: 0.8 },
});

/** A `/svc/_graph` answer. */
export function graphAnswer(
  header: string[],
  rows: unknown[][],
  extra: { truncated?: true; steps?: unknown[]; plan?: unknown } = {}
) {
  const { steps, ...rest } = extra;
  return {
    header,
    rows,
    ...rest,
    query_plan_execution: {
      took_in_millis: 42,
      start_in_millis: 1_700_000_000_000,
      stop_in_millis: 1_700_000_000_042,
      ...(steps ? { steps } : {}),
    },
  };
}
