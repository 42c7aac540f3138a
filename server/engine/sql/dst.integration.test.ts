/**
 * Wall-clock date columns (`jdbc.timezone`) around daylight-saving changes, end to end through
 * a virtual index on PostgreSQL `timestamp`, MariaDB DATETIME and SQLite text. One rule, Java's
 * (what OpenSearch's date math uses), in both directions: a wall time in the spring gap is
 * shifted forward by the gap, an ambiguous autumn wall time is the earlier occurrence. Paging by
 * search_after must return every row once in the order of the instants shown, and a range or a
 * term on each shown instant must find its row.
 */
import Database from 'better-sqlite3';
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseUrl,
  openSearchClient,
  uniqueName,
  type Skippable,
} from '../../../test/bed/context';
import {
  jdbcFor,
  sqliteJdbc,
  startFederationApi,
  type FederationApi,
} from '../../../test/support/in_process_host';
import { runSql } from '../../../test/bed/run_sql';
import { DATASOURCES, VIRTUAL_INDICES } from '../../../test/support/api_paths';

interface Row {
  id: number;
  wall: string;
  instant: string;
}

/** Wall times every 15 minutes; Helsinki's offset (hours) as Java resolves each one. */
function rows(): Row[] {
  const result: Row[] = [];
  const add = (day: string, from: number, to: number, offsetOf: (minutes: number) => number) => {
    for (let m = from; m < to; m += 15) {
      const hh = String(Math.floor(m / 60)).padStart(2, '0');
      const mm = String(m % 60).padStart(2, '0');
      const offset = offsetOf(m);
      const instant = new Date(Date.parse(`${day}T${hh}:${mm}:00Z`) - offset * 3_600_000);
      result.push({ id: result.length + 1, wall: `${day} ${hh}:${mm}:00`, instant: iso(instant) });
    }
  };
  // Spring: 03:00-03:59 does not exist; Java reads it one hour later (offset +2 still).
  add('2024-03-31', 120, 330, (m) => (m < 240 ? 2 : 3));
  // Autumn: 03:00-03:59 happens twice; Java reads it as the first time (+3).
  add('2024-10-27', 120, 330, (m) => (m < 240 ? 3 : 2));
  return result;
}

function iso(date: Date): string {
  return date.toISOString();
}

const ROWS = rows();

describe('wall-clock dates across daylight-saving changes', () => {
  let api: FederationApi;
  let sqliteDir: string;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    api = await startFederationApi();
    sqliteDir = mkdtempSync(path.join(tmpdir(), 'federation-dst-'));
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await api?.close();
  });

  async function setUp(kind: 'postgres' | 'mysql' | 'sqlite', ctx: Skippable): Promise<string> {
    const table = `fed_dst_${Math.random().toString(36).slice(2, 8)}`;
    // Inserted out of order, so nothing passes by the table's natural order.
    const shuffled = [...ROWS].sort((a, b) => ((a.id * 7919) % 31) - ((b.id * 7919) % 31));
    let jdbc: Record<string, string | undefined>;
    if (kind === 'sqlite') {
      const file = path.join(sqliteDir, 'dst.sqlite');
      const db = new Database(file);
      db.exec(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, t DATETIME)`);
      const insert = db.prepare(`INSERT INTO ${table} VALUES (?, ?)`);
      for (const row of shuffled) insert.run(row.id, row.wall);
      db.close();
      jdbc = sqliteJdbc(file);
    } else {
      const url = databaseUrl(kind, ctx);
      const type = kind === 'postgres' ? 'timestamp(3)' : 'DATETIME(3)';
      const values = shuffled.map((r) => `(${r.id}, '${r.wall}')`).join(', ');
      await runSql(kind, url, [
        `CREATE TABLE ${table} (id bigint PRIMARY KEY, t ${type})`,
        `INSERT INTO ${table} VALUES ${values}`,
      ]);
      cleanups.push(() => runSql(kind, url, [`DROP TABLE IF EXISTS ${table}`]));
      jdbc = jdbcFor(kind, url);
    }
    const datasource = `test-ds-dst-${kind}-${Math.random().toString(36).slice(2, 8)}`;
    const put = await api.call('PUT', `${DATASOURCES}/${datasource}`, {
      jdbc: { ...jdbc, timezone: 'Europe/Helsinki' },
    });
    expect(put.status).toBe(201);
    cleanups.push(() => api.call('DELETE', `${DATASOURCES}/${datasource}`));
    const name = uniqueName(`vi-dst-${kind}`);
    const created = await api.call('PUT', `${VIRTUAL_INDICES}/${name}`, {
      datasource,
      resource: table,
      key: 'id',
    });
    expect(created.status).toBe(201);
    cleanups.push(async () => {
      await api.call('DELETE', `${VIRTUAL_INDICES}/${name}`);
      await openSearchClient().indices.delete({ index: name }, { ignore: [404] });
    });
    return name;
  }

  async function search(name: string, body: Record<string, unknown>) {
    const response = await api.call('POST', `/svc/${name}/_search`, body);
    expect(response.status, response.text).toBe(200);
    return response.body.hits.hits as Array<{
      _id: string;
      _source: { t: string };
      sort?: unknown[];
    }>;
  }

  const idsAt = (instant: string) =>
    ROWS.filter((r) => r.instant === instant)
      .map((r) => String(r.id))
      .sort();

  for (const kind of ['postgres', 'mysql', 'sqlite'] as const) {
    it(`${kind}: pages, ranges and terms follow the instants shown`, async (ctx) => {
      const name = await setUp(kind, ctx);

      // Every row read as Java reads it.
      const all = await search(name, { size: 100, sort: [{ id: 'asc' }] });
      expect(all.map((h) => [Number(h._id), h._source.t])).toEqual(
        ROWS.map((r) => [r.id, r.instant])
      );

      // Pages of 3 by (instant, id): every row once, in instant order.
      const expected = [...ROWS]
        .sort((a, b) => a.instant.localeCompare(b.instant) || a.id - b.id)
        .map((r) => r.id);
      const seen: number[] = [];
      let after: unknown[] | undefined;
      for (let page = 0; page < 50; page++) {
        const hits = await search(name, {
          size: 3,
          sort: [{ t: 'asc' }, { id: 'asc' }],
          ...(after ? { search_after: after } : {}),
        });
        if (hits.length === 0) break;
        seen.push(...hits.map((h) => Number(h._id)));
        after = hits[hits.length - 1].sort;
      }
      expect(seen).toEqual(expected);

      // Descending as well.
      const seenDesc: number[] = [];
      after = undefined;
      for (let page = 0; page < 50; page++) {
        const hits = await search(name, {
          size: 3,
          sort: [{ t: 'desc' }, { id: 'desc' }],
          ...(after ? { search_after: after } : {}),
        });
        if (hits.length === 0) break;
        seenDesc.push(...hits.map((h) => Number(h._id)));
        after = hits[hits.length - 1].sort;
      }
      expect(seenDesc).toEqual([...expected].reverse());

      for (const instant of new Set(ROWS.map((r) => r.instant))) {
        const range = await search(name, {
          size: 100,
          query: { range: { t: { gte: instant, lte: instant } } },
        });
        expect(range.map((h) => h._id).sort(), `range ${instant}`).toEqual(idsAt(instant));
        const term = await search(name, { size: 100, query: { term: { t: instant } } });
        expect(term.map((h) => h._id).sort(), `term ${instant}`).toEqual(idsAt(instant));
        // Everything from this instant on, and everything before it.
        const later = await search(name, { size: 100, query: { range: { t: { gte: instant } } } });
        expect(later.map((h) => h._id).sort(), `gte ${instant}`).toEqual(
          ROWS.filter((r) => r.instant >= instant)
            .map((r) => String(r.id))
            .sort()
        );
        const earlier = await search(name, { size: 100, query: { range: { t: { lt: instant } } } });
        expect(earlier.map((h) => h._id).sort(), `lt ${instant}`).toEqual(
          ROWS.filter((r) => r.instant < instant)
            .map((r) => String(r.id))
            .sort()
        );
      }

      // The second 03:30 of the autumn night: no stored wall time reads as it.
      const second = '2024-10-27T01:30:00.000Z';
      expect(await search(name, { query: { term: { t: second } } })).toEqual([]);
      const afterSecond = await search(name, {
        size: 100,
        query: { range: { t: { gte: second } } },
      });
      expect(afterSecond.map((h) => h._id).sort()).toEqual(
        ROWS.filter((r) => r.instant >= second)
          .map((r) => String(r.id))
          .sort()
      );
    });
  }
});
