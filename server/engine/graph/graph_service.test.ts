import { describe, expect, it } from 'vitest';
import type { Backend, BackendDocument, BackendFactory } from '../backends/backend';
import { FederationError } from '../errors';
import { callerGone } from '../request_scope';
import { GraphService, type GraphLimits } from './graph_service';

/** 400 people in memory: a cross product of three of them is 64 million bindings. */
const PEOPLE: BackendDocument[] = Array.from({ length: 400 }, (_, i) => ({
  _index: 'people',
  _id: String(i),
  _source: { n: i },
}));

/** A backend over PEOPLE that pushes nothing down: enough for patterns without edges. */
const people: Backend = {
  kind: 'opensearch',
  indices: ['people'],
  fieldType: async () => 'long',
  fieldTypes: async (fields) => fields.map(() => 'long'),
  count: async () => PEOPLE.length,
  distinctKeys: async () => {
    throw new Error('no edges, no keys');
  },
  keyFilter: async () => ({ filter: { match_none: {} }, form: 'none' }),
  applyFilter: async () => ({ pushed: null, remaining: null }),
  documents: () =>
    (async function* () {
      yield* PEOPLE;
    })(),
};
const factory: BackendFactory = { open: async () => people };

const LIMITS: GraphLimits = {
  maxRows: 10_000,
  maxFrontierKeys: 1_000_000,
  maxDocuments: 100_000,
  maxHops: 5,
  timeoutMs: 600_000,
  maxQueryDepth: 20,
  maxPathSteps: 5_000_000,
  maxGroups: 100_000,
  maxAggregateValues: 1_000_000,
  maxResultWindow: 10_000,
  model: { maxEntities: 500, maxRelations: 2_000, maxBytes: 256 * 1024 },
};

const request = {
  model: { label: 'g', entities: [{ label: 'P', indices: ['people'] }] },
  query: 'SELECT COUNT(*) FROM "g" MATCH (a:P), (b:P), (c:P)',
  detailed: false,
  debug: false,
};

async function failure(answer: Promise<unknown>): Promise<FederationError> {
  const error = await answer.then(
    () => new Error('the query answered'),
    (e: unknown) => e
  );
  expect(error).toBeInstanceOf(FederationError);
  return error as FederationError;
}

describe('GraphService: work stops when it must', () => {
  it('ends with the 499 when its caller leaves mid-assembly, not at its deadline', async () => {
    const caller = new AbortController();
    const answer = new GraphService({
      backends: factory,
      limits: LIMITS,
      signal: caller.signal,
    }).query(request);
    setTimeout(() => caller.abort(callerGone()), 200);
    const error = await failure(answer);
    expect(error.status).toBe(499);
    expect(error.type).toBe('request_aborted_exception');
  });

  it('ends with the 504 naming the step at its deadline', async () => {
    const error = await failure(
      new GraphService({ backends: factory, limits: { ...LIMITS, timeoutMs: 300 } }).query(request)
    );
    expect(error.status).toBe(504);
    expect(error.message).toContain('setting graphTimeoutMs');
  });

  it('refuses a caller that left before it started, before reading anything', async () => {
    const caller = new AbortController();
    caller.abort(callerGone());
    let opened = 0;
    const counting: BackendFactory = { open: async () => (opened++, people) };
    const error = await failure(
      new GraphService({ backends: counting, limits: LIMITS, signal: caller.signal }).query(request)
    );
    expect(error.status).toBe(499);
    expect(opened).toBe(0);
  });
});

describe('GraphService: the model check beside the first reads', () => {
  it("answers the model's error though a read started beside its check failed first", async () => {
    // The count fails at once; the model's mapping read finds the index missing only later.
    const missing: Backend = {
      ...people,
      fieldTypes: async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        throw new FederationError(404, 'index_not_found_exception', 'no such index [people]');
      },
      count: async () => {
        throw new Error('the read failed');
      },
    };
    const error = await failure(
      new GraphService({ backends: { open: async () => missing }, limits: LIMITS }).query({
        ...request,
        query: 'SELECT COUNT(*) FROM "g" MATCH (a:P)',
      })
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe('[model.entities[0].indices] of entity [P]: no such index [people]');
  });
});
