/**
 * Runs the GQL scenario corpus (test/graph/scenarios/*.yaml) against `POST /svc/_graph` on the
 * standalone host, over the graph fixture (OpenSearch indices and a PostgreSQL virtual index).
 * Every expected result is the oracle's (brute_force.ts), computed from the raw documents; error
 * cases are checked by status, type and reason, and the oracle must agree that they are errors.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatGqlError, parseGql } from '../../common/gql';
import { databaseSkip, openSearchClient } from '../bed/context';
import { startFederationApi, type FederationApi } from '../support/in_process_host';
import { bruteForce, OracleError, type GraphData, type OracleResult } from './brute_force';
import { readGraphData } from './graph_data';
import { CORPUS_MODEL, type GraphModelJson } from '../support/graph_models';
import { dropGraphFixture, loadGraphFixture } from './graph_fixture';
import { checkRows } from './result_check';
import { caseModel, loadScenarios, type ScenarioCase, type ScenarioFile } from './scenario_file';

const files = loadScenarios();

describe.skipIf(databaseSkip('postgres'))('GQL scenario corpus', () => {
  let api: FederationApi;
  let data: GraphData;
  const hosts = new Map<string, Promise<FederationApi>>();
  const pgUrl = () => inject('postgresUrl')!;

  beforeAll(async () => {
    api = await startFederationApi();
    await loadGraphFixture(api, openSearchClient(), pgUrl());
    data = await readGraphData(api, openSearchClient());
  });

  afterAll(async () => {
    for (const host of hosts.values()) await (await host.catch(() => undefined))?.close();
    if (api) await dropGraphFixture(api, openSearchClient(), pgUrl()).catch(() => undefined);
    await api?.close();
  });

  /** A host started with the file's settings (started once, on its first case). */
  const hostFor = (file: ScenarioFile): Promise<FederationApi> => {
    if (!file.settings) return Promise.resolve(api);
    const key = JSON.stringify(file.settings);
    if (!hosts.has(key)) hosts.set(key, startFederationApi(file.settings as never));
    return hosts.get(key)!;
  };

  for (const file of files) {
    describe(`${file.file}: ${file.title}`, () => {
      for (const c of file.cases) {
        it(c.name, async () => runCase(await hostFor(file), file, c, data));
      }
    });
  }
});

/**
 * The oracle's side is checked first (the case parses, has rows or is an error for the oracle
 * too), so a wrong case reads as such rather than as an engine failure; then the service's answer.
 */
async function runCase(host: FederationApi, file: ScenarioFile, c: ScenarioCase, data: GraphData) {
  const model = caseModel(CORPUS_MODEL, c);
  const parsed = parseGql(c.query);
  let expected: OracleResult | undefined;
  if (c.error?.type === 'parsing_exception') {
    expect(parsed.errors.length, `the parser accepts ${c.query}`).toBeGreaterThan(0);
  } else {
    expect(parsed.errors.map(formatGqlError), c.query).toEqual([]);
    if (c.error && !c.service_only) {
      // The corpus is self-consistent: an error the oracle would not raise is a wrong case.
      await expect(
        bruteForce(parsed.statement!, model as GraphModelJson, data),
        `the oracle accepts ${c.query}`
      ).rejects.toThrow(OracleError);
    }
    if (!c.error && !c.explain) {
      expected = await bruteForce(parsed.statement!, model as GraphModelJson, data);
      const window = expected.rows.slice(
        expected.offset,
        expected.limit === undefined ? undefined : expected.offset + expected.limit
      );
      if (c.expect_empty) expect(window, `the oracle finds rows for ${c.query}`).toEqual([]);
      else {
        const floor = c.expect_min_rows ?? 1;
        expect(
          window.length,
          `the oracle finds fewer than ${floor} rows: ${c.query}`
        ).toBeGreaterThanOrEqual(floor);
      }
    }
  }
  if (process.env.GRAPH_ORACLE_ONLY) {
    // For writing cases: the oracle's row counts, to choose floors by.
    if (expected) console.log(`[oracle] ${file.file} / ${c.name}: ${expected.rows.length} rows`);
    return;
  }

  const url = `/svc/_graph${c.params ? `?${c.params}` : ''}`;
  const response = await host.call('POST', url, { model, query: c.query });
  const context = `${c.query}\n-> ${response.status} ${response.text.slice(0, 1500)}`;
  const body = response.body;
  if (c.error) {
    expect(response.status, context).toBe(c.error.status);
    expect(body.status, context).toBe(c.error.status);
    expect(body.error?.type, context).toBe(c.error.type);
    expect(body.error?.root_cause?.[0]?.type, context).toBe(c.error.type);
    for (const part of [c.error.reason_contains ?? []].flat()) {
      expect(body.error.reason, context).toContain(part);
    }
    return;
  }
  expect(response.status, context).toBe(200);
  if (c.explain) {
    expect(body.header, context).toEqual(parsed.statement!.items.map((i) => i.text));
    expect(body.rows ?? [], context).toEqual([]);
    // EXPLAIN answers the plan it would run, `plan.steps`, and runs nothing.
    const steps = body.plan?.steps;
    expect(Array.isArray(steps) && steps.length > 0, context).toBe(true);
    for (const step of steps) expect(typeof step.pattern, context).toBe('string');
    return;
  }
  expect(body.header, context).toEqual(expected!.header);
  expect(Array.isArray(body.rows), context).toBe(true);
  if (c.expect_truncated) {
    expect(body.truncated, context).toBe(true);
    const problems = checkRows(body.rows, expected!, Number(file.settings?.maxGraphRows));
    expect(problems, `${context}\n${problems.join('\n')}`).toEqual([]);
    return;
  }
  expect(body.truncated ?? false, context).toBe(false);
  const problems = checkRows(body.rows, expected!);
  expect(problems, `${c.query}\n${problems.join('\n')}`).toEqual([]);
}
