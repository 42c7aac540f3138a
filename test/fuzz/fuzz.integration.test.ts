/**
 * Seeded fuzzing of every route the host registers (see route_catalog.ts): malformed and
 * truncated JSON, wrong types, unknown and prototype-named fields, huge and deep bodies, hostile
 * index names, path segments and URL parameters, and one-node mutations of valid searches,
 * joins, aggregations, datasource and virtual-index definitions, on a normal index and on
 * virtual indices of PostgreSQL, MariaDB and SQLite. Every answer must be a 2xx (always, for an
 * unmutated valid request) or a 4xx in OpenSearch's error format; never a 5xx, never slower than
 * the configured deadlines, and the host must still answer afterwards.
 *
 * Size and seed: FUZZ_CASES, FUZZ_SEED; a failure prints the line that replays it (FUZZ_ONLY).
 */
import { writeFileSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, generateCase, type Category } from './case_generator';
import { fuzzConfig } from './fuzz_config';
import {
  FUZZ_HOST_SETTINGS,
  removeFreshState,
  setUpFuzzFixture,
  type FuzzFixture,
} from './fuzz_fixture';
import {
  classify,
  formatClasses,
  healthProblems,
  recovers,
  runCase,
  type Failure,
} from './fuzz_runner';
import { registeredRoutes, routeName } from './route_catalog';
import { DATASOURCES } from '../support/api_paths';

const config = fuzzConfig();
const routes = registeredRoutes();
const fuzzedRoutes =
  config.routes === null
    ? routes
    : routes.filter((r) => config.routes!.some((part) => routeName(r).includes(part)));
/** How long a host that left a case unanswered gets to answer a probe before it is restarted. */
const RECOVERY_WAIT_MS = 20_000;

describe(`fuzz: every route (seed ${config.seed}, ${config.total} cases)`, () => {
  let fixture: FuzzFixture;

  beforeAll(async () => {
    fixture = await setUpFuzzFixture(config.rows);
  });
  afterAll(async () => {
    if (fixture) await removeFreshState(fixture.api, fixture.world);
    await fixture?.close();
  });

  it('knows every registered route', () => {
    // The catalog comes from registerRoutes itself; a handful of routes would mean it broke.
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map((r) => r.path)).toContain('/svc/{index}/_search');
    expect(fuzzedRoutes.length, `FUZZ_ROUTES=${config.routes} matches no route`).toBeGreaterThan(0);
  });

  for (const category of Object.keys(CATEGORIES) as Category[]) {
    const indices = config.plan.get(category) ?? [];
    it.skipIf(indices.length === 0)(
      `${category} (${indices.length} cases)`,
      async () => {
        const failures: Failure[] = [];
        const health: string[] = [];
        const options = {
          seed: config.seed,
          routes: fuzzedRoutes,
          world: fixture.world,
          maxRequestBytes: FUZZ_HOST_SETTINGS.maxRequestBytes,
        };
        let sinceProbe = 0;
        for (const index of indices) {
          const fuzzCase = generateCase(options, category, index);
          const started = Date.now();
          const failure = await runCase(fixture.api, fixture.world, fuzzCase);
          if (config.verbose)
            console.log(
              `${category}:${index} ${Date.now() - started} ms ${failure ? failure.problems.map((p) => p.kind).join(',') : 'ok'} ${fuzzCase.method} ${fuzzCase.path.slice(0, 100)} ${fuzzCase.note}`
            );
          if (failure) failures.push(failure);
          if (failure?.problems.some((p) => p.kind === 'no_answer')) {
            // The host may be frozen by that request: wait a little, then start a fresh one so
            // the remaining cases still test something.
            if (!(await recovers(fixture.api, fixture.world, RECOVERY_WAIT_MS))) {
              health.push(
                `after ${category}:${index} (it did not recover within ${RECOVERY_WAIT_MS} ms; restarted)`
              );
              await fixture.restart();
            }
          }
          if (++sinceProbe >= config.healthEvery) {
            sinceProbe = 0;
            const problems = await healthProblems(fixture.api, fixture.world);
            if (problems.length > 0)
              health.push(`after ${category}:${index}: ${problems.join('; ')}`);
          }
        }
        health.push(
          ...(await healthProblems(fixture.api, fixture.world)).map((p) => `at the end: ${p}`)
        );
        const classes = classify(failures);
        if (failures.length > 0) {
          const file = path.join(tmpdir(), `fuzz-${category}-${config.seed}.json`);
          writeFileSync(file, JSON.stringify(failures, null, 1));
          console.log(`${failures.length} failing ${category} cases written to ${file}`);
        }
        const report = [
          ...health.map((h) => `✗ the host stopped answering ${h}`),
          formatClasses(classes, config.seed, config.show),
        ]
          .filter((s) => s !== '')
          .join('\n\n');
        expect(report, `${failures.length} of ${indices.length} ${category} cases failed`).toBe('');
      },
      600_000
    );
  }

  it('leaves the host, its datasource pools and the catalog as it found them', async () => {
    expect(await healthProblems(fixture.api, fixture.world)).toEqual([]);
    for (const id of Object.values(fixture.world.datasources)) {
      const validate = await fixture.api.call('POST', `${DATASOURCES}/${id}/_validate`);
      expect(validate.status, validate.text).toBe(200);
    }
    // Every case undoes what it created; anything found here escaped that.
    expect(await removeFreshState(fixture.api, fixture.world)).toEqual([]);
  });
});
