/**
 * Differential tests with hostile input: values and column names built to break SQL quoting,
 * LIKE escaping, driver placeholders and unicode handling. The virtual index must find exactly
 * what the real index finds, field names that are not columns must behave as unmapped fields do
 * in OpenSearch (never an SQL error), and after every single search the remote table must hold
 * the same rows and the canary table the injection attempts name must still exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../bed/context';
import { compareOn, formatMismatch } from './expect_same';
import { setUpFixture, type Fixture, type Target } from './fixture';
import {
  columnBodies,
  hostileIdBodies,
  patternBodies,
  unknownFieldBodies,
  unknownFieldNames,
  valueBodies,
  type Bodies,
} from './hostile_cases';
import { hostileSpec, hostileValues } from './hostile_corpus';
import { quoteIdent, SQL_KINDS } from './sql_tables';

const canary = uniqueName('canary').replace(/-/g, '_');
const spec = hostileSpec(canary);
const values = hostileValues(canary);

/** Mismatches printed per failing test (env DIFF_SHOW). */
const SHOWN_MISMATCHES = Number(process.env.DIFF_SHOW ?? 6);

const groups: Array<[string, Bodies]> = [
  ['every hostile value in term, terms, range and match', valueBodies(values)],
  ['prefix and wildcard treat LIKE metacharacters literally', patternBodies(values)],
  ['hostile column names in queries, sorts, aggregations and _source', columnBodies(spec)],
  [
    'field names that are not columns behave as unmapped',
    unknownFieldBodies(unknownFieldNames(canary)),
  ],
  ['hostile ids', hostileIdBodies()],
];

describe('differential: hostile values and field names', () => {
  let fixture: Fixture;
  const snapshots = new Map<string, string>();

  beforeAll(async () => {
    fixture = await setUpFixture('diff-hostile', spec);
    for (const target of fixture.available()) {
      const table = quoteIdent(target.kind, canary);
      await target.table.exec(`CREATE TABLE ${table} (x integer)`);
      await target.table.exec(`INSERT INTO ${table} VALUES (1)`);
      snapshots.set(target.kind, await target.table.snapshot());
    }
  });
  afterAll(async () => {
    for (const target of fixture?.available() ?? []) {
      await target.table.exec(`DROP TABLE IF EXISTS ${quoteIdent(target.kind, canary)}`);
    }
    await fixture?.close();
  });

  /** The table and the canary are exactly as loaded. */
  async function intact(target: Target): Promise<string | null> {
    if ((await target.table.snapshot()) !== snapshots.get(target.kind))
      return `the remote table ${target.table.name} changed`;
    if (!(await target.table.exists(canary))) return `the canary table ${canary} is gone`;
    return null;
  }

  for (const kind of SQL_KINDS) {
    describe(kind, () => {
      for (const [name, bodies] of groups) {
        it(`${name} (${bodies.length} searches)`, async (ctx) => {
          const target = fixture.target(kind, ctx);
          const mismatches: string[] = [];
          for (const body of bodies) {
            const { diffs, actual } = await compareOn(fixture, target, body);
            if (actual.status >= 500)
              diffs.push(`a ${actual.status} is never right for user input`);
            if (diffs.length > 0) mismatches.push(formatMismatch(target, body, diffs));
            const broken = await intact(target);
            if (broken) throw new Error(`${broken} after: ${JSON.stringify(body).slice(0, 500)}`);
          }
          expect(
            mismatches.slice(0, SHOWN_MISMATCHES).join('\n\n'),
            `${mismatches.length} of ${bodies.length} differ`
          ).toBe('');
        });
      }
    });
  }
});
