/**
 * The shape of `POST /svc/_graph` answers (docs/api/interface.md §2.4, §4.1): the table, `query_plan_execution`
 * timings, `steps` with `detailed`, the executed requests with `debug`, `preference` passed to
 * every search, and `error_trace`. What the rows hold is the scenario corpus's business.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseSkip, openSearchClient } from '../bed/context';
import { startFederationApi, type FederationApi } from '../support/in_process_host';
import { CORPUS_MODEL, SOCIAL_GRAPH_NAME } from '../support/graph_models';
import { dropGraphFixture, loadGraphFixture } from './graph_fixture';

const STEP_KEYS = [
  'estimated_rows',
  'pattern',
  'rows',
  'start_in_millis',
  'stop_in_millis',
  'took_in_millis',
];
const MEMBERS = `SELECT p.name, f.title FROM "${SOCIAL_GRAPH_NAME}" MATCH (p:Person)<-[:hasMember]-(f:Forum)`;
/** Touches both backends: OpenSearch indices and the PostgreSQL virtual index. */
const MIXED = `SELECT p.name, c.name FROM "${SOCIAL_GRAPH_NAME}" MATCH (f:Forum)-[m:hasMember]->(p:Person)-[:livesIn]->(c:City WHERE "country:FI")`;

function expectTimings(timed: any, context: string) {
  for (const key of ['took_in_millis', 'start_in_millis', 'stop_in_millis']) {
    expect(Number.isInteger(timed[key]), `${context}: ${key} = ${timed[key]}`).toBe(true);
  }
  expect(timed.start_in_millis, context).toBeLessThanOrEqual(timed.stop_in_millis);
  expect(
    Math.abs(timed.took_in_millis - (timed.stop_in_millis - timed.start_in_millis)),
    context
  ).toBeLessThanOrEqual(1);
}

describe.skipIf(databaseSkip('postgres'))('graph response shape', () => {
  let api: FederationApi;
  const pgUrl = () => inject('postgresUrl')!;

  beforeAll(async () => {
    api = await startFederationApi();
    await loadGraphFixture(api, openSearchClient(), pgUrl());
  });

  afterAll(async () => {
    if (api) await dropGraphFixture(api, openSearchClient(), pgUrl()).catch(() => undefined);
    await api?.close();
  });

  const graph = async (query: string, params = '') => {
    const before = Date.now();
    const response = await api.call('POST', `/svc/_graph${params}`, { model: CORPUS_MODEL, query });
    return { ...response, before, after: Date.now() };
  };

  it('answers header, rows and query_plan_execution with integer timings, and no steps by default', async () => {
    const { status, body, text, before, after } = await graph(MEMBERS);
    expect(status, text).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      [
        'header',
        'query_plan_execution',
        'rows',
        ...('truncated' in body ? ['truncated'] : []),
      ].sort()
    );
    expect(body.header).toEqual(['p.name', 'f.title']);
    expect(body.rows.length).toBeGreaterThan(0);
    for (const row of body.rows) expect(row).toHaveLength(2);
    const plan = body.query_plan_execution;
    expect(Object.keys(plan).sort()).toEqual([
      'start_in_millis',
      'stop_in_millis',
      'took_in_millis',
    ]);
    expectTimings(plan, 'query_plan_execution');
    // Epoch milliseconds of this request, not a duration or a monotonic clock.
    expect(plan.start_in_millis).toBeGreaterThanOrEqual(before - 5);
    expect(plan.stop_in_millis).toBeLessThanOrEqual(after + 5);

    const off = await graph(MEMBERS, '?detailed=false');
    expect(off.body.query_plan_execution.steps).toBeUndefined();
  });

  it('adds steps with detailed: exactly six fields, inside the query time, patterns in model labels', async () => {
    for (const params of ['?detailed=true', '?detailed']) {
      const { status, body, text } = await graph(MEMBERS, params);
      expect(status, text).toBe(200);
      const plan = body.query_plan_execution;
      expect(Array.isArray(plan.steps) && plan.steps.length > 0, text).toBe(true);
      for (const step of plan.steps) {
        expect(Object.keys(step).sort(), JSON.stringify(step)).toEqual(STEP_KEYS);
        expectTimings(step, step.pattern);
        expect(Number.isInteger(step.rows) && step.rows >= 0, step.pattern).toBe(true);
        expect(
          Number.isInteger(step.estimated_rows) && step.estimated_rows >= 0,
          step.pattern
        ).toBe(true);
        expect(step.start_in_millis).toBeGreaterThanOrEqual(plan.start_in_millis);
        expect(step.stop_in_millis).toBeLessThanOrEqual(plan.stop_in_millis);
      }
      const patterns = plan.steps.map((s: { pattern: string }) => s.pattern);
      // Written as the user wrote the edge, the anonymous edge numbered $1.
      expect(patterns, text).toContain('(p:Person)<-[$1:hasMember]-(f:Forum)');
    }
    const named = await graph(MIXED, '?detailed=true');
    const patterns: string[] = named.body.query_plan_execution.steps.map(
      (s: { pattern: string }) => s.pattern
    );
    expect(patterns, named.text).toContain('(f:Forum)-[m:hasMember]->(p:Person)');
    expect(patterns, named.text).toContain('(p:Person)-[$1:livesIn]->(c:City)');
    for (const pattern of patterns) {
      for (const [, label] of pattern.matchAll(/\(\w*:(\w+)\)/g)) {
        expect(
          CORPUS_MODEL.entities.map((e) => e.label),
          pattern
        ).toContain(label);
      }
    }
  });

  it('shows a quantified edge as its own step, in EXPLAIN and timed in steps, and plans what it runs', async () => {
    const paths = `SELECT a.name, b.name FROM "${SOCIAL_GRAPH_NAME}" MATCH (a:Person WHERE "name:A*")-[:knows]->{1,2}(b:Person)`;
    const explained = await graph(`EXPLAIN ${paths}`);
    expect(explained.status, explained.text).toBe(200);
    const planned = explained.body.plan.steps;
    const expand = planned.find((s: { kind: string }) => s.kind === 'expand');
    expect(expand, explained.text).toMatchObject({
      pattern: '(a:Person)-[$1:knows]->{1,2}(b:Person)',
      estimated_rows: null,
    });
    // After every fetch, before the assembly that takes it as input.
    const fetches = planned.filter((s: { kind: string }) => s.kind === 'fetch');
    expect(expand.inputs).toEqual(fetches.map((s: { id: number }) => s.id));
    expect(planned.at(-1).inputs).toContain(expand.id);
    const run = await graph(paths, '?detailed=true');
    expect(run.status, run.text).toBe(200);
    const steps = run.body.query_plan_execution.steps;
    // The steps that ran are the steps planned, in the same order.
    expect(steps.map((s: { pattern: string }) => s.pattern)).toEqual(
      planned.map((s: { pattern: string }) => s.pattern)
    );
    const timed = steps[planned.indexOf(expand)];
    expectTimings(timed, timed.pattern);
    // It ran: people within one hop of the A-people were read.
    expect(Number.isInteger(timed.rows) && timed.rows > 0, run.text).toBe(true);
  });

  it('says OPTIONAL in the steps of an OPTIONAL MATCH, in EXPLAIN and in the steps that ran', async () => {
    const optional =
      'MATCH (c:City WHERE "country:FI") OPTIONAL MATCH (c)<-[:livesIn]-(p:Person) RETURN c.name, p.name';
    const explained = await graph(`EXPLAIN ${optional}`);
    expect(explained.status, explained.text).toBe(200);
    expect(explained.body.plan.start, explained.text).toBe('(c:City)');
    const planned = explained.body.plan.steps.map((s: { kind: string; pattern: string }) => [
      s.kind,
      s.pattern,
    ]);
    expect(planned, explained.text).toContainEqual([
      'reduce',
      'OPTIONAL (c:City)<-[$1:livesIn]-(p:Person)',
    ]);
    expect(planned.at(-1), explained.text).toEqual([
      'assemble',
      '(c:City) OPTIONAL MATCH (c:City)<-[$1:livesIn]-(p:Person)',
    ]);
    // Nothing narrows the city from the person: the optional side never removes a row.
    expect(planned.filter(([kind]: string[]) => kind === 'reduce')).toHaveLength(1);
    const run = await graph(optional, '?detailed=true');
    expect(run.status, run.text).toBe(200);
    expect(run.body.query_plan_execution.steps.map((s: { pattern: string }) => s.pattern)).toEqual(
      explained.body.plan.steps.map((s: { pattern: string }) => s.pattern)
    );
  });

  it('adds the executed requests with debug, and passes preference to every search', async () => {
    const { status, body, text } = await graph(MIXED, '?debug=true&preference=abc');
    expect(status, text).toBe(200);
    const steps = body.query_plan_execution.steps;
    expect(steps.length).toBeGreaterThan(0);
    const requests: any[] = [];
    for (const step of steps) {
      expect(Object.keys(step).sort()).toEqual([...STEP_KEYS, 'requests'].sort());
      expect(Array.isArray(step.requests), step.pattern).toBe(true);
      requests.push(...step.requests);
    }
    const searches = requests.filter((r) => r.kind === 'search');
    const sql = requests.filter((r) => r.kind === 'sql');
    expect(searches.length + sql.length).toBe(requests.length);
    expect(searches.length).toBeGreaterThan(0);
    expect(sql.length, 'the City node reads the PostgreSQL table').toBeGreaterThan(0);
    for (const r of searches) {
      // `body` is left out only by requests that have none (opening a point in time).
      // A page of a point in time has no index and no querystring: OpenSearch refuses
      // `preference` there, so the point in time carries it from its opening.
      const onPit = r.body?.pit !== undefined;
      expect(
        Object.keys(r)
          .filter((k) => k !== 'body' && k !== 'querystring')
          .sort(),
        JSON.stringify(r)
      ).toEqual(['kind', 'method', 'path']);
      if ('body' in r) expect(typeof r.body, JSON.stringify(r)).toBe('object');
      expect(typeof r.method).toBe('string');
      expect(r.path).toMatch(onPit ? /^\/_search/ : /^\/gqlfx_/);
      if (onPit) continue;
      const preference =
        typeof r.querystring === 'string'
          ? new URLSearchParams(r.querystring).get('preference')
          : r.querystring?.preference;
      expect(preference, JSON.stringify(r)).toBe('abc');
    }
    if (searches.some((r) => r.body?.pit !== undefined)) {
      expect(
        searches.some((r) => /point_in_time/.test(r.path)),
        'a point in time was opened'
      ).toBe(true);
    }
    for (const r of sql) {
      expect(Object.keys(r).sort()).toEqual(['datasource', 'kind', 'params', 'sql']);
      expect(r.datasource).toBe('gqlfx_pg');
      expect(r.sql).toMatch(/gqlfx_city/);
      expect(Array.isArray(r.params)).toBe(true);
    }

    const detailedOnly = await graph(MIXED, '?detailed=true');
    for (const step of detailedOnly.body.query_plan_execution.steps)
      expect(step.requests).toBeUndefined();
  });

  it('adds a stack trace to errors with error_trace=true only', async () => {
    const bad = `SELECT p.name FROM "${SOCIAL_GRAPH_NAME}" MATCH (p:Nobody)`;
    const plain = await graph(bad);
    expect(plain.status).toBe(400);
    expect(plain.body.error.reason).toContain('Nobody');
    expect(plain.body.error.stack_trace).toBeUndefined();
    const traced = await graph(bad, '?error_trace=true');
    expect(traced.status).toBe(400);
    expect(typeof traced.body.error.stack_trace, traced.text).toBe('string');
    expect(traced.body.error.stack_trace.length).toBeGreaterThan(0);
  });

  it('refuses unknown parameters and body fields', async () => {
    const param = await graph(MEMBERS, '?detail=true');
    expect(param.status).toBe(400);
    expect(param.body.error.reason).toContain('detail');
    const field = await api.call('POST', '/svc/_graph', {
      model: CORPUS_MODEL,
      query: MEMBERS,
      size: 3,
    });
    expect(field.status).toBe(400);
    expect(field.body.error.reason).toContain('size');
    const missing = await api.call('POST', '/svc/_graph', { model: CORPUS_MODEL });
    expect(missing.status).toBe(400);
    expect(missing.body.error.reason).toContain('query');
  });
});
