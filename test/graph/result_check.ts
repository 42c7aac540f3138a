/**
 * Compares the rows the service answered with the oracle's result. Rows are compared as
 * multisets of canonical texts. With ORDER BY, the sequence of sort keys must match exactly and
 * each group of rows with equal keys must match as a multiset (ties may come in any order); a tie
 * group cut by OFFSET or LIMIT must be a sub-multiset of the oracle's group. Without ORDER BY,
 * OFFSET and LIMIT only fix the count, and the rows must be a sub-multiset of all the rows.
 */
import type { OracleResult } from './brute_force';
import { canonical, sortKey } from './oracle_values';

/** Problems found, as readable lines; empty when the rows are right. */
export function checkRows(
  got: unknown[][],
  expected: OracleResult,
  truncatedAt?: number
): string[] {
  const problems: string[] = [];
  const width = expected.header.length;
  got.forEach((row, i) => {
    if (!Array.isArray(row) || row.length !== width) {
      problems.push(
        `row ${i} has ${Array.isArray(row) ? row.length : 'no'} cells, expected ${width}`
      );
    }
  });
  if (problems.length > 0) return problems;

  const windowed = expected.rows.slice(
    expected.offset,
    expected.limit === undefined ? undefined : expected.offset + expected.limit
  );
  if (truncatedAt !== undefined) {
    if (got.length !== Math.min(truncatedAt, windowed.length)) {
      problems.push(
        `truncated to ${got.length} rows, expected ${Math.min(truncatedAt, windowed.length)}`
      );
    }
    problems.push(...notContained(got, expected.rows, 'all rows'));
    return problems;
  }
  if (got.length !== windowed.length) {
    problems.push(`got ${got.length} rows, expected ${windowed.length}`);
  }
  if (expected.order === null) {
    const complete = expected.offset === 0 && expected.limit === undefined;
    problems.push(
      ...(complete
        ? multisetDiff(got, expected.rows)
        : notContained(got, expected.rows, 'all rows'))
    );
    return problems;
  }

  // Ordered: compare key sequences, then tie groups.
  const keyOf = (row: unknown[]) =>
    canonical(expected.order!.map((o) => sortKey(row[o.column], o.descending)));
  const gotKeys = got.map(keyOf);
  const expectedKeys = windowed.map(keyOf);
  const firstBad = gotKeys.findIndex((k, i) => k !== expectedKeys[i]);
  if (firstBad >= 0 || gotKeys.length !== expectedKeys.length) {
    const at = firstBad >= 0 ? firstBad : Math.min(gotKeys.length, expectedKeys.length);
    problems.push(
      `sort keys differ at row ${at}: got ${gotKeys[at] ?? '(end)'} expected ${expectedKeys[at] ?? '(end)'}`
    );
    return problems;
  }
  const groups = new Map<string, { got: unknown[][]; all: unknown[][]; windowed: number }>();
  for (const row of expected.rows) {
    const key = keyOf(row);
    if (!groups.has(key)) groups.set(key, { got: [], all: [], windowed: 0 });
    groups.get(key)!.all.push(row);
  }
  expectedKeys.forEach((k) => groups.get(k)!.windowed++);
  got.forEach((row, i) => groups.get(gotKeys[i])!.got.push(row));
  for (const [key, group] of groups) {
    if (group.got.length === 0) continue;
    const cut = group.windowed < group.all.length;
    const found = cut
      ? notContained(group.got, group.all, `the tie group ${key}`)
      : multisetDiff(group.got, group.all);
    problems.push(...found.map((p) => `sort key ${key}: ${p}`));
  }
  return problems;
}

function counts(rows: unknown[][]): Map<string, number> {
  const map = new Map<string, number>();
  for (const row of rows) map.set(canonical(row), (map.get(canonical(row)) ?? 0) + 1);
  return map;
}

/** Rows of `got` missing from `all` (as a multiset). */
function notContained(got: unknown[][], all: unknown[][], what: string): string[] {
  const available = counts(all);
  const problems: string[] = [];
  for (const [row, n] of counts(got)) {
    const have = available.get(row) ?? 0;
    if (n > have) problems.push(`${n - have}x ${row} is not among ${what}`);
  }
  return problems.slice(0, 10);
}

/** Differences between two multisets, unexpected rows first, at most 10 of each. */
export function multisetDiff(got: unknown[][], expected: unknown[][]): string[] {
  const want = counts(expected);
  const have = counts(got);
  const extra: string[] = [];
  const missing: string[] = [];
  for (const [row, n] of have) {
    const d = n - (want.get(row) ?? 0);
    if (d > 0) extra.push(`unexpected ${d}x ${row}`);
  }
  for (const [row, n] of want) {
    const d = n - (have.get(row) ?? 0);
    if (d > 0) missing.push(`missing ${d}x ${row}`);
  }
  return [...extra.slice(0, 10), ...missing.slice(0, 10)];
}
