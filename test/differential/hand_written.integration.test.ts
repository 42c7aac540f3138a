/**
 * Differential tests, hand-written: each query type, aggregation and search-body feature of spec
 * §4.6 runs on a real OpenSearch index and on virtual indices over PostgreSQL, MariaDB and SQLite
 * tables holding the same rows; the answers must agree (tolerances.ts says where and how far
 * they may differ).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregationCases } from './aggregation_cases';
import { bodyCases } from './body_cases';
import { osdCases } from './osd_cases';
import { statsAndHitsCases, topHitsHitCount } from './stats_and_hits_cases';
import { datasetSpec } from './dataset';
import { expectSame } from './expect_same';
import { setUpFixture, type Fixture } from './fixture';
import { queryCases, type Case } from './query_cases';
import { SQL_KINDS } from './sql_tables';

const spec = datasetSpec();
const groups: Array<[string, Case[]]> = [
  ['queries', queryCases(spec)],
  ['aggregations', aggregationCases()],
  ['search body', bodyCases(spec)],
  ['OpenSearch Dashboards requests', osdCases()],
  ['extended_stats and top_hits', statsAndHitsCases()],
];

describe('differential: hand-written cases', () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await setUpFixture('diff-hand', spec);
  });
  afterAll(async () => fixture?.close());

  for (const kind of SQL_KINDS) {
    for (const [group, cases] of groups) {
      describe(`${kind}: ${group}`, () => {
        for (const c of cases) {
          it(c.name, async (ctx) => {
            const target = fixture.target(kind, ctx);
            const { expected } = await expectSame(fixture, target, c.body, c.name);
            // Guard against a vacuous pass: the case must find something unless it says not.
            if (expected.status === 200 && c.body.size !== 0 && !c.body.aggs) {
              const found = expected.body.hits.hits.length;
              if (c.empty) expect(found, 'reference hits').toBe(0);
              else expect(found, 'reference hits').toBeGreaterThan(0);
            }
            if (expected.status === 200 && JSON.stringify(c.body.aggs ?? {}).includes('top_hits')) {
              const found = topHitsHitCount(expected.body.aggregations);
              if (c.empty) expect(found, 'reference top_hits hits').toBe(0);
              else expect(found, 'reference top_hits hits').toBeGreaterThan(0);
            }
            for (const member of c.carries ?? []) {
              const hits: Array<Record<string, unknown>> = expected.body.hits.hits;
              expect(
                hits.some((h) => member in h),
                `a reference hit with ${member}`
              ).toBe(true);
            }
          });
        }
      });
    }
  }
});
