/**
 * The assertion of the differential suite: a body gives the same answer on the reference index
 * and on a virtual index, or the test fails with the body and a compact diff to reproduce it.
 */
import { diffSearch, referenceSearch, virtualSearch, type SearchOutcome } from './compare';
import type { Fixture, Target } from './fixture';
import { fieldTypes } from './table_spec';

export interface SameResult {
  expected: SearchOutcome;
  actual: SearchOutcome;
  diffs: string[];
}

/**
 * The reference answer per body, shared by the three targets: the reference index never
 * changes, and asking it once instead of three times keeps the suite inside its time budget.
 */
export function cachedReference(fixture: Fixture, body: unknown): Promise<SearchOutcome> {
  const key = JSON.stringify(body);
  let answer = fixture.referenceAnswers.get(key);
  if (!answer) {
    answer = referenceSearch(fixture.reference, body);
    fixture.referenceAnswers.set(key, answer);
  }
  return answer;
}

export async function compareOn(fixture: Fixture, target: Target, body: any): Promise<SameResult> {
  const [expected, actual] = await Promise.all([
    cachedReference(fixture, body),
    virtualSearch(fixture.api, target.index, body),
  ]);
  const total = expected.body?.hits?.total;
  const diffs = await diffSearch(body, expected, actual, {
    types: fieldTypes(fixture.spec),
    key: fixture.spec.key,
    virtualIndex: target.index,
    referenceTotal: total?.relation === 'eq' ? total.value : undefined,
    matchingIds: async () => {
      const all = await cachedReference(fixture, {
        query: body.query,
        size: 10_000,
        _source: false,
      });
      return new Set(all.body.hits.hits.map((h: { _id: string }) => h._id));
    },
  });
  return { expected, actual, diffs };
}

/** Fails with the body, the target and the first differences. */
export async function expectSame(
  fixture: Fixture,
  target: Target,
  body: any,
  label = ''
): Promise<SameResult> {
  const result = await compareOn(fixture, target, body);
  if (result.diffs.length > 0) throw new Error(formatMismatch(target, body, result.diffs, label));
  return result;
}

export function formatMismatch(target: Target, body: any, diffs: string[], label = ''): string {
  return [
    `${target.kind} virtual index differs from OpenSearch${label ? ` (${label})` : ''}`,
    `body: ${JSON.stringify(body)}`,
    ...diffs.map((d) => `  ${d}`),
  ].join('\n');
}
