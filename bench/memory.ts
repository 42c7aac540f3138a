/**
 * Peak memory of work done in this process: a full GC first, then `process.memoryUsage()`
 * sampled every few milliseconds until the work ends. The sampler runs on the same event loop,
 * so it sees memory between the work's synchronous stretches (each await), not inside one; and
 * heapUsed counts garbage not yet collected, so the peak is what the work allocated before the
 * GC reclaimed it, an upper bound on what it held live.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

export interface MemoryPeak {
  /** heapUsed + arrayBuffers before the work, after a full GC. */
  baseline_heap: number;
  peak_heap: number;
  /**
   * The same without V8's new space (short-lived garbage, which scavenges reclaim and whose size
   * the semi-space bounds): closer to what the work kept alive or allocated large.
   */
  baseline_old: number;
  peak_old: number;
  baseline_rss: number;
  peak_rss: number;
  samples: number;
}

let collect: (() => void) | undefined;

/** `global.gc`, exposed at run time when node was not started with --expose-gc. */
export function gc(): void {
  if (collect === undefined) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (typeof exposed === 'function') {
      collect = exposed;
    } else {
      v8.setFlagsFromString('--expose-gc');
      collect = vm.runInNewContext('gc') as () => void;
    }
  }
  collect();
}

export async function measurePeak(
  work: () => Promise<unknown>,
  intervalMs = 2
): Promise<MemoryPeak> {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 20));
  gc();
  const base = process.memoryUsage();
  const baseOld = base.heapUsed - newSpaceUsed() + base.arrayBuffers;
  const result: MemoryPeak = {
    baseline_heap: base.heapUsed + base.arrayBuffers,
    peak_heap: base.heapUsed + base.arrayBuffers,
    baseline_old: baseOld,
    peak_old: baseOld,
    baseline_rss: base.rss,
    peak_rss: base.rss,
    samples: 0,
  };
  const sample = () => {
    const m = process.memoryUsage();
    result.peak_heap = Math.max(result.peak_heap, m.heapUsed + m.arrayBuffers);
    result.peak_old = Math.max(result.peak_old, m.heapUsed - newSpaceUsed() + m.arrayBuffers);
    result.peak_rss = Math.max(result.peak_rss, m.rss);
    result.samples++;
  };
  const timer = setInterval(sample, intervalMs);
  try {
    await work();
  } finally {
    clearInterval(timer);
    sample();
  }
  return result;
}

function newSpaceUsed(): number {
  return (
    v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_used_size ?? 0
  );
}
