/**
 * The `search` suite of `npm run bench`: virtual-index search time as a ratio to the same SQL run
 * directly on the database, in the same run, over a 1,000,000-row PostgreSQL table. Prints
 * medians and ratios and writes test-output/bench/virtual_search.json. Timings are reported,
 * never asserted.
 *
 * Env: BENCH_ROWS (default 1,000,000), BENCH_ROUNDS (15), BENCH_WARMUP (3).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresJdbc, type BenchHost } from './bench_host';
import { benchCases } from './cases';
import { createMillionRowTable, dropTable, MILLION } from './million_row_table';
import { timeMs, timePair, type Stats } from './timing';

const ROWS = Number(process.env.BENCH_ROWS ?? MILLION);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const OUTPUT = path.join('test-output', 'bench', 'virtual_search.json');

interface CaseResult {
  name: string;
  body: unknown;
  sql: string[];
  virtual_ms: Stats | null;
  direct_ms: Stats;
  ratio: number | null;
  error?: string;
}

/** The virtual-index search suite, on a host the caller started (and closes). */
export async function runSearchBench(host: BenchHost, log: (line: string) => void): Promise<void> {
  const suffix = randomBytes(4).toString('hex');
  const table = `bench_vs_${suffix}`;
  const datasource = `bench-ds-${suffix}`;
  const index = `bench-vi-${suffix}`;
  const client = new pg.Client({ connectionString: host.postgresUrl });
  await client.connect();
  try {
    const createMs = await timeMs(() => createMillionRowTable(client, table, ROWS));
    log(`created ${table} with ${ROWS} rows in ${(createMs / 1000).toFixed(1)} s`);
    await expectOk(host, 'PUT', `/_svc/connector/datasource/${datasource}`, {
      jdbc: postgresJdbc(host.postgresUrl),
    });
    await expectOk(host, 'PUT', `/_svc/connector/index/${index}`, {
      datasource,
      resource: table,
      key: 'id',
    });
    const results: CaseResult[] = [];
    for (const c of benchCases(table)) {
      log(`${c.name}: ${WARMUP} warm-up + ${ROUNDS} rounds`);
      const direct = async () => {
        for (const s of c.sql) await client.query(s.text, s.params);
      };
      const virtual = async () => {
        const r = await host.call('POST', `/svc/${index}/_search`, c.body);
        if (r.status !== 200)
          throw new Error(`${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      };
      const sql = c.sql.map((s) => s.text);
      try {
        const [v, d] = await timePair(virtual, direct, WARMUP, ROUNDS);
        results.push({
          name: c.name,
          body: c.body,
          sql,
          virtual_ms: v,
          direct_ms: d,
          ratio: v.median / d.median,
        });
      } catch (err) {
        // Still time the direct side, so the report shows what the engine has to beat.
        const [d] = await timePair(direct, async () => undefined, WARMUP, ROUNDS);
        const error = (err as Error).message;
        results.push({
          name: c.name,
          body: c.body,
          sql,
          virtual_ms: null,
          direct_ms: d,
          ratio: null,
          error,
        });
      }
    }
    report(results, table);
  } finally {
    await host.call('DELETE', `/_svc/connector/index/${index}`).catch(() => undefined);
    await host.call('DELETE', `/_svc/connector/datasource/${datasource}`).catch(() => undefined);
    // Deleting a virtual index leaves its concrete index (spec §8.2 item 12).
    await host.deleteIndex(index).catch(() => undefined);
    await dropTable(client, table).catch(() => undefined);
    await client.end();
  }
}

async function expectOk(host: BenchHost, method: string, urlPath: string, body: unknown) {
  const r = await host.call(method, urlPath, body);
  if (r.status >= 300)
    throw new Error(`${method} ${urlPath}: ${r.status} ${JSON.stringify(r.body)}`);
}

function report(results: CaseResult[], table: string): void {
  const fmt = (ms: number | undefined) => (ms === undefined ? '-' : ms.toFixed(1));
  const rows = results.map((r) => [
    r.name,
    fmt(r.virtual_ms?.median),
    fmt(r.direct_ms.median),
    r.ratio === null ? `error: ${r.error?.slice(0, 60)}` : `${r.ratio.toFixed(2)}x`,
  ]);
  const header = ['case', 'virtual index ms', 'direct SQL ms', 'ratio'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(
    `\nVirtual-index search vs. the same SQL run directly (medians of ${ROUNDS}, ${ROWS} rows)\n`
  );
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  const out = {
    generated_at: new Date().toISOString(),
    rows: ROWS,
    rounds: ROUNDS,
    warmup: WARMUP,
    table,
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      memory_mb: Math.round(os.totalmem() / 2 ** 20),
      node: process.version,
    },
    note: 'virtual_ms: POST /svc/<vi>/_search through the standalone host in this process; direct_ms: the hand-written SQL of each case on one pg connection; ratio = median virtual / median direct.',
    cases: results,
  };
  writeFileSync(OUTPUT, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nwrote ${OUTPUT}`);
}
