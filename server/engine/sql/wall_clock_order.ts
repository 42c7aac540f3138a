/**
 * Sorting a wall-clock date column (`jdbc.timezone`) in the order of the instants it reads as.
 * Wall-clock order is instant order except in spring gaps: Java's rule (row_to_source.ts) reads
 * a wall time in a gap as the instant one gap later, the same instant as its twin after the gap,
 * so a gap's wall times sort as their twins. Zones without gaps (UTC, fixed offsets) sort the
 * column itself, which an index can serve.
 */
import type { VirtualIndexColumn } from '../../../common/catalog_types';
import { wallClockText, zoneOf } from './sql_values';
import type { TranslationContext } from './translation_context';
import { springGaps } from './zoned_time';

/**
 * The expression to order and compare `comparable` (the dialect's comparable column) by: the
 * column, with wall times inside a spring gap moved forward by the gap.
 */
export function instantOrderColumn(
  comparable: string,
  column: VirtualIndexColumn,
  ctx: Pick<TranslationContext, 'dialect' | 'timezone'>
): string {
  if (column.type !== 'date' || column.zoned) return comparable;
  const gaps = springGaps(zoneOf(ctx.timezone));
  if (gaps.length === 0) return comparable;
  const byLength = new Map<number, string[]>();
  for (const gap of gaps) {
    const bound = (naive: number) => ctx.dialect.comparableParameter(gapLiteral(naive), column);
    const inGap = `(${comparable} >= ${bound(gap.start)} AND ${comparable} < ${bound(gap.end)})`;
    byLength.set(gap.length, [...(byLength.get(gap.length) ?? []), inGap]);
  }
  const cases = [...byLength].map(
    ([length, conditions]) =>
      `WHEN ${conditions.join(' OR ')} THEN ${ctx.dialect.plusSeconds(comparable, length / 1000)}`
  );
  return `(CASE ${cases.join(' ')} ELSE ${comparable} END)`;
}

/**
 * A gap bound as SQL text. Gap bounds are the zone's own transitions, computed here from the
 * zone rules and never from input, and a zone has over a hundred of them: written as literals
 * they cost no bind parameters (SQL Server allows 2,100 a statement) on every use.
 */
function gapLiteral(naive: number): string {
  const text = wallClockText(naive);
  if (!/^-?[0-9]{4,6}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}$/.test(text)) {
    throw new Error(`unexpected wall-clock text [${text}] for a daylight-saving gap`);
  }
  return `'${text}'`;
}
