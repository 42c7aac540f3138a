/** Wall-clock timing with process.hrtime.bigint(): warm-up rounds, then measured rounds. */

export interface Stats {
  median: number;
  min: number;
  max: number;
  /** Every measured round, in milliseconds. */
  samples: number[];
}

export async function timeMs(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * Times `a` and `b` alternately (a, b, b, a, ...) so that drift on a shared machine (cache
 * warmth, autovacuum, CPU frequency) falls on both sides alike.
 */
export async function timePair(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  warmup: number,
  rounds: number
): Promise<[Stats, Stats]> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      sa.push(await timeMs(a));
      sb.push(await timeMs(b));
    } else {
      sb.push(await timeMs(b));
      sa.push(await timeMs(a));
    }
  }
  return [stats(sa), stats(sb)];
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], samples };
}
