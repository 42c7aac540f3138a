/**
 * Differential tests, generated: a few hundred random query/aggregation bodies from a fixed seed
 * (override with env DIFF_SEED, count with DIFF_COUNT, mismatches shown with DIFF_SHOW), each compared between the real index and
 * each virtual index. A failure lists the seed and, per differing body, the body and a compact
 * diff: paste the body into `POST /svc/<index>/_search` to reproduce.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { randomBodies } from './body_generator';
import { datasetSpec } from './dataset';
import { cachedReference, compareOn, formatMismatch } from './expect_same';
import { setUpFixture, type Fixture } from './fixture';
import { Prng, seedFromEnv } from './prng';
import { SQL_KINDS } from './sql_tables';
import { valuePool } from './value_pool';

const SEED = seedFromEnv('DIFF_SEED', 0x5eed_2024);
const COUNT = Number(process.env.DIFF_COUNT ?? 300);
/** Bodies in flight at once: enough to overlap round trips, few enough for a 2-core machine. */
const PARALLEL = 4;
const SHOWN_MISMATCHES = Number(process.env.DIFF_SHOW ?? 6);

const spec = datasetSpec();
const bodies = randomBodies(SEED, COUNT, valuePool(spec));

describe(`differential: ${COUNT} random bodies, DIFF_SEED=${SEED}`, () => {
  let fixture: Fixture;
  beforeAll(async () => {
    console.log(`[differential] random bodies: DIFF_SEED=${SEED} DIFF_COUNT=${COUNT}`);
    fixture = await setUpFixture('diff-rand', spec);
  });
  afterAll(async () => fixture?.close());

  for (const kind of SQL_KINDS) {
    it(`${kind}: every random body answers as on OpenSearch`, async (ctx) => {
      const target = fixture.target(kind, ctx);
      const mismatches: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < bodies.length) {
          const i = next++;
          const body = bodies[i].searchAfter
            ? await withSearchAfter(fixture, bodies[i].body, SEED + i)
            : bodies[i].body;
          const { diffs } = await compareOn(fixture, target, body);
          if (diffs.length > 0) mismatches.push(formatMismatch(target, body, diffs, `#${i}`));
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      if (mismatches.length > 0) {
        throw new Error(
          `${mismatches.length} of ${bodies.length} random bodies differ (DIFF_SEED=${SEED}); first ${Math.min(SHOWN_MISMATCHES, mismatches.length)}:\n\n` +
            mismatches.slice(0, SHOWN_MISMATCHES).join('\n\n')
        );
      }
    });
  }
});

/** What OpenSearch puts in `sort` for a missing value (per field type), and JSON-mangled longs. */
const MISSING_SENTINELS = new Set<unknown>([
  'Infinity',
  '-Infinity',
  2147483647,
  -2147483648,
  2 ** 63,
  -(2 ** 63),
]);

/**
 * The body with `search_after` set to the sort values of one of the reference's hits, chosen
 * from the seed. Hits whose sort values are missing-value sentinels (nulls, ±Infinity, ±2^31-1
 * for booleans, ±2^63 longs that JSON cannot carry exactly) are not used.
 */
async function withSearchAfter(fixture: Fixture, body: Record<string, any>, seed: number) {
  const reference = await cachedReference(fixture, body);
  const usable = (reference.body?.hits?.hits ?? [])
    .map((h: { sort?: unknown[] }) => h.sort)
    .filter(
      (sort: unknown[] | undefined) =>
        Array.isArray(sort) && sort.every((v) => !MISSING_SENTINELS.has(v as never) && v !== null)
    );
  if (usable.length === 0) return body;
  return { ...body, search_after: new Prng(seed).pick(usable) };
}
