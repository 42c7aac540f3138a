/**
 * Sorting a wall-clock date column (`jdbc.timezone`) in the order of the instants it reads as.
 * Wall-clock order is instant order except in spring gaps: Java's rule (row_to_source.ts) reads
 * a wall time in a gap as the instant one gap later, the same instant as its twin after the gap,
 * so a gap's wall times sort as their twins. Zones without gaps (UTC, fixed offsets) sort the
 * column itself, which an index can serve.
 */
import type { VirtualIndexColumn } from '../../../common/catalog_types';
import type { SqlDialect } from './dialect';
import { wallClockText, zoneOf } from './sql_values';
import type { TranslationContext } from './translation_context';
import { springGaps } from './zoned_time';

/**
 * The expression to order and compare `comparable` (the dialect's comparable column) by: the
 * column, with wall times inside a spring gap moved forward by the gap. Writes its parameters
 * on each call, as `?` placeholders are numbered by position.
 */
export function instantOrderColumn(
  comparable: string,
  column: VirtualIndexColumn,
  ctx: Pick<TranslationContext, 'dialect' | 'timezone' | 'params'>
): string {
  if (column.type !== 'date' || column.zoned) return comparable;
  const gaps = springGaps(zoneOf(ctx.timezone));
  if (gaps.length === 0) return comparable;
  const byLength = new Map<number, string[]>();
  for (const gap of gaps) {
    const bound = (naive: number) =>
      ctx.dialect.comparableParameter(ctx.params.add(wallClockText(naive)), column);
    const inGap = `(${comparable} >= ${bound(gap.start)} AND ${comparable} < ${bound(gap.end)})`;
    byLength.set(gap.length, [...(byLength.get(gap.length) ?? []), inGap]);
  }
  const cases = [...byLength].map(
    ([length, conditions]) =>
      `WHEN ${conditions.join(' OR ')} THEN ${plusSeconds(ctx.dialect, comparable, length / 1000)}`
  );
  return `(CASE ${cases.join(' ')} ELSE ${comparable} END)`;
}

/** `expression` plus whole seconds (a number we computed, never user input). */
function plusSeconds(dialect: SqlDialect, expression: string, seconds: number): string {
  const n = Math.trunc(seconds);
  switch (dialect.name) {
    case 'postgres':
      return `(${expression} + interval '${n} seconds')`;
    case 'mysql':
      return `TIMESTAMPADD(SECOND, ${n}, ${expression})`;
    case 'sqlserver':
      return `DATEADD(second, ${n}, ${expression})`;
    case 'sqlite':
      return `strftime('%Y-%m-%d %H:%M:%f', ${expression}, '${n} seconds')`;
  }
}
