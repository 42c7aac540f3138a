/**
 * The memory cases of the `joins` suite (issue 12, goal 5): one join whose child yields N
 * distinct keys (5,000,000 by default; bench/join_data.ts `bench-join-keys-<N>`), with long keys
 * and with keyword keys, run by a standalone host in this process whose `maxJoinKeys` admits
 * them. For each: the peak heap growth during the join (heapUsed + arrayBuffers sampled every
 * 2 ms after a full GC, minus that baseline) per key, and what is retained per key after the
 * join returned and a full GC (caches, leaks). Targets: peak ≤ 64 bytes/key, retained ≤ 16.
 *
 * Env: BENCH_JOIN_MEMORY_KEYS (5000000; 0 skips), BENCH_JOIN_MEMORY_REPS (3).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseSettings } from '../server/engine/settings';
import { consoleLogger } from '../server/standalone/console_logger';
import { startStandaloneServer } from '../server/standalone/server';
import type { BenchHost } from './bench_host';
import { ensureKeyIndex, keyIndexName } from './join_data';
import { gc, measurePeak, type MemoryPeak } from './memory';
import { stats } from './timing';

const KEYS = Number(process.env.BENCH_JOIN_MEMORY_KEYS ?? 5_000_000);
const REPS = Number(process.env.BENCH_JOIN_MEMORY_REPS ?? 3);
/** Targets of issue 12. */
export const PEAK_BYTES_PER_KEY = 64;
export const RETAINED_BYTES_PER_KEY = 16;

type Log = (line: string) => void;

export interface JoinMemoryResult {
  key: 'long' | 'keyword';
  keys: number;
  /** Engine-reported filter form (bitmap, terms). */
  filter?: string;
  took_ms: number[];
  reps: Array<MemoryPeak & { retained_heap: number }>;
  /** Medians over the reps of (peak − baseline) / keys. */
  peak_heap_bytes_per_key: number;
  /** The same without V8's new space (see bench/memory.ts). */
  peak_old_bytes_per_key: number;
  peak_rss_bytes_per_key: number;
  /** Medians of (heap after the join and a full GC − baseline) / keys. */
  retained_bytes_per_key: number;
  peak_heap_mb: number;
  error?: string;
}

export async function runJoinMemory(host: BenchHost, log: Log): Promise<JoinMemoryResult[]> {
  if (KEYS <= 0) return [];
  await ensureKeyIndex(host.openSearchUrl, KEYS, log);
  const uiDir = mkdtempSync(path.join(tmpdir(), 'federation-bench-ui-'));
  writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html>');
  // Its own host: the bench host keeps the default maxJoinKeys (1,000,000).
  const server = await startStandaloneServer({
    port: 0,
    openSearchUrl: host.openSearchUrl,
    uiDir,
    logger: consoleLogger('warn'),
    settings: parseSettings({
      encryptionKey: 'bench-encryption-key-0123456789abcdef',
      maxJoinKeys: KEYS,
      joinTimeoutMs: 600_000,
    }),
  });
  const results: JoinMemoryResult[] = [];
  try {
    for (const key of ['long', 'keyword'] as const) {
      log(`memory, ${key} keys: a join collecting ${KEYS} keys, ${REPS} reps`);
      try {
        results.push(await measure(server.url, key));
        const r = results[results.length - 1];
        log(
          `  peak ${r.peak_heap_bytes_per_key.toFixed(1)} bytes/key (target ≤ ${PEAK_BYTES_PER_KEY}), retained ${r.retained_bytes_per_key.toFixed(1)} (target ≤ ${RETAINED_BYTES_PER_KEY}); ${r.took_ms.map((t) => t.toFixed(0)).join(', ')} ms`
        );
      } catch (err) {
        log(`  memory, ${key} keys failed: ${(err as Error).message}`);
        results.push(emptyResult(key, (err as Error).message));
      }
    }
  } finally {
    await server.close();
  }
  report(results);
  return results;
}

async function measure(url: string, key: 'long' | 'keyword'): Promise<JoinMemoryResult> {
  // The parent is the key index itself: every key matches one document, so the filter is real.
  const index = keyIndexName(KEYS);
  const field = key === 'long' ? 'k' : 'kw';
  const body = {
    size: 0,
    track_total_hits: true,
    query: { join: { indices: [index], on: [field, field] } },
  };
  const search = async () => {
    const response = await fetch(`${url}/svc/${index}/_search?debug=true`, {
      method: 'POST',
      headers: { 'osd-xsrf': 'true', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`engine answered ${response.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as {
      hits: { total: { value: number } };
      federation_debug?: { joins: Array<{ keys: number; filter?: string }> };
    };
  };
  const warm = await search(); // pools, JIT, catalog and mapping caches
  if (warm.hits.total.value !== KEYS || warm.federation_debug?.joins[0]?.keys !== KEYS) {
    throw new Error(
      `expected ${KEYS} keys and hits, got ${warm.federation_debug?.joins[0]?.keys} keys, ${warm.hits.total.value} hits`
    );
  }
  const reps: JoinMemoryResult['reps'] = [];
  const took: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const t0 = Date.now();
    const peak = await measurePeak(search);
    took.push(Date.now() - t0);
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
    gc();
    const after = process.memoryUsage();
    reps.push({ ...peak, retained_heap: after.heapUsed + after.arrayBuffers });
  }
  const median = (xs: number[]) => stats(xs).median;
  const heap = median(reps.map((r) => r.peak_heap - r.baseline_heap));
  return {
    key,
    keys: KEYS,
    filter: warm.federation_debug?.joins[0]?.filter,
    took_ms: took,
    reps,
    peak_heap_bytes_per_key: heap / KEYS,
    peak_old_bytes_per_key: median(reps.map((r) => r.peak_old - r.baseline_old)) / KEYS,
    peak_rss_bytes_per_key: median(reps.map((r) => r.peak_rss - r.baseline_rss)) / KEYS,
    retained_bytes_per_key: median(reps.map((r) => r.retained_heap - r.baseline_heap)) / KEYS,
    peak_heap_mb: heap / 2 ** 20,
  };
}

function emptyResult(key: 'long' | 'keyword', error: string): JoinMemoryResult {
  return {
    key,
    keys: KEYS,
    took_ms: [],
    reps: [],
    peak_heap_bytes_per_key: NaN,
    peak_old_bytes_per_key: NaN,
    peak_rss_bytes_per_key: NaN,
    retained_bytes_per_key: NaN,
    peak_heap_mb: NaN,
    error,
  };
}

function report(results: JoinMemoryResult[]): void {
  if (results.length === 0) return;
  console.log(
    `\nEngine memory during one join collecting ${KEYS} keys (median of ${REPS}; targets: peak ≤ ${PEAK_BYTES_PER_KEY}, retained ≤ ${RETAINED_BYTES_PER_KEY} bytes/key)\n`
  );
  const rows = results.map((m) => [
    m.key,
    m.filter ?? '-',
    m.peak_heap_mb.toFixed(1),
    m.peak_heap_bytes_per_key.toFixed(1),
    m.peak_old_bytes_per_key.toFixed(1),
    m.retained_bytes_per_key.toFixed(1),
    m.peak_rss_bytes_per_key.toFixed(1),
    m.error ? `error: ${m.error.slice(0, 60)}` : m.took_ms.map((t) => t.toFixed(0)).join('/'),
  ]);
  const header = [
    'keys',
    'filter',
    'peak MB',
    'peak B/key',
    'peak w/o new space B/key',
    'retained B/key',
    'rss B/key',
    'ms',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
}
