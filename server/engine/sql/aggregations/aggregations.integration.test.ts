/**
 * Aggregations on PostgreSQL, MariaDB and SQLite against a real OpenSearch index holding the same
 * ~200 seeded rows: every case runs through runAggregations and through OpenSearch (`size: 0`)
 * and must give the same buckets, keys, counts and metric values (doubles within 1e-9 relative).
 * The tables store dates as wall clocks of the datasource zone; the suite runs with a DST zone
 * (Europe/Helsinki, where every conversion needs offsets) and with UTC.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DateTime } from 'luxon';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import {
  databaseUrl,
  openSearchClient,
  uniqueName,
  type Skippable,
} from '../../../../test/bed/context';
import type { Connector } from '../../connectors/connector';
import { createConnector } from '../../connectors/create_connector';
import { dialectFor } from '../dialects';
import { translateQuery } from '../query_translator';
import type { TranslationContext } from '../translation_context';
import { runAggregations } from './index';

const NOW = Date.parse('2024-06-15T12:00:00.000Z');
const ROWS = 200;
const STORE_ZONES = ['Europe/Helsinki', 'UTC'] as const;
type Kind = 'postgres' | 'mysql' | 'sqlite';

// ---------------------------------------------------------------------------------------------
// Data

interface Row {
  id: number;
  k: string | null;
  n: number | null;
  d: number | null;
  b: boolean | null;
  t: number | null;
}

function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
  };
}

const KEYWORDS = [
  'apple',
  'Apple',
  'banana',
  'cherry',
  'Cherry',
  'date',
  'é',
  'ｆ',
  '😀',
  'zeta',
  'a b',
  '',
];
/** DST changes of 2024 in Europe and the US, where zoned buckets move. */
const DST = [
  '2024-03-10T07:00:00Z',
  '2024-03-31T01:00:00Z',
  '2024-10-27T01:00:00Z',
  '2024-11-03T06:00:00Z',
].map(Date.parse);

/** An instant whose Helsinki wall clock reads back as itself (no clock of a DST overlap). */
function unambiguous(ms: number): number {
  const wall = DateTime.fromMillis(ms, { zone: 'Europe/Helsinki' }).toFormat(
    'yyyy-MM-dd HH:mm:ss.SSS'
  );
  const back = DateTime.fromSQL(wall, { zone: 'Europe/Helsinki' }).toMillis();
  return back === ms ? ms : ms + 2 * 3_600_000;
}

function dataset(): Row[] {
  const random = prng(20240331);
  const rows: Row[] = [];
  for (let id = 1; id <= ROWS; id++) {
    const roll = random.next();
    let t: number | null;
    if (roll < 0.08) t = null;
    else if (roll < 0.45) t = random.pick(DST) + random.int(-30 * 3600, 30 * 3600) * 1000;
    else if (roll < 0.48) t = Date.parse('1969-12-31T20:00:00Z') + random.int(0, 8 * 3600) * 1000;
    else
      t =
        Date.parse('2023-06-01T00:00:00Z') + random.int(0, 730 * 86400) * 1000 + random.int(0, 999);
    rows.push({
      id,
      k: random.next() < 0.1 ? null : random.pick(KEYWORDS),
      n:
        random.next() < 0.1
          ? null
          : random.next() < 0.05
            ? random.int(-9e12, 9e12)
            : random.int(-500, 500),
      d: random.next() < 0.1 ? null : Math.round((random.next() * 2000 - 1000) * 1e4) / 1e4,
      b: random.next() < 0.1 ? null : random.next() < 0.6,
      t: t === null ? null : unambiguous(t),
    });
  }
  // Around Lord Howe Island's half-hour DST changes, where rounding meets gaps and overlaps
  // that are not whole hours.
  LORD_HOWE.forEach((t, i) =>
    rows.push({
      id: ROWS + i + 1,
      k: 'lord howe',
      n: i,
      d: i / 2,
      b: i % 2 === 0,
      t: unambiguous(t),
    })
  );
  return rows;
}

const LORD_HOWE = [
  '2024-04-06T14:10:00Z',
  '2024-04-06T14:40:00Z',
  '2024-04-06T15:10:00Z',
  '2024-04-06T15:40:00Z',
  '2024-04-06T16:10:00Z',
  '2024-10-05T15:10:00Z',
  '2024-10-05T15:40:00Z',
  '2024-10-05T16:10:00Z',
  '2024-10-05T16:40:00Z',
].map(Date.parse);

// ---------------------------------------------------------------------------------------------
// Tables

const DDL: Record<Kind, Record<keyof Row, string>> = {
  postgres: {
    id: 'bigint PRIMARY KEY',
    k: 'text COLLATE "C"',
    n: 'bigint',
    d: 'double precision',
    b: 'boolean',
    t: 'timestamp(3)',
  },
  mysql: {
    id: 'bigint PRIMARY KEY',
    k: 'varchar(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin',
    n: 'bigint',
    d: 'double',
    b: 'tinyint(1)',
    t: 'datetime(3)',
  },
  sqlite: {
    id: 'INTEGER PRIMARY KEY',
    k: 'TEXT',
    n: 'INTEGER',
    d: 'REAL',
    b: 'BOOLEAN',
    t: 'DATETIME',
  },
};

const FIELD_TYPES: Record<keyof Row, VirtualIndexColumn['type']> = {
  id: 'long',
  k: 'keyword',
  n: 'long',
  d: 'double',
  b: 'boolean',
  t: 'date',
};

function wallClock(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toFormat('yyyy-MM-dd HH:mm:ss.SSS');
}

function sqlRow(kind: Kind, row: Row, zone: string, zoned: boolean): unknown[] {
  const t = row.t === null ? null : zoned ? new Date(row.t).toISOString() : wallClock(row.t, zone);
  return [
    row.id,
    row.k,
    row.n,
    row.d,
    row.b === null ? null : kind === 'postgres' ? row.b : row.b ? 1 : 0,
    t,
  ];
}

const NAMES = ['id', 'k', 'n', 'd', 'b', 't'] as const;

interface Table {
  connector: Connector;
  resourceSql: string;
  columns: Map<string, VirtualIndexColumn>;
  drop(): Promise<void>;
}

async function createTable(
  kind: Kind,
  url: string | null,
  rows: Row[],
  zone: string,
  zoned = false
): Promise<Table> {
  const name = uniqueName(`agg_${kind}`).replace(/-/g, '_');
  const quote = (s: string) => (kind === 'mysql' ? `\`${s}\`` : `"${s}"`);
  // PostgreSQL's timestamptz holds instants: the datasource zone must then play no part.
  const types = zoned ? { ...DDL[kind], t: 'timestamptz(3)' } : DDL[kind];
  const ddl = `CREATE TABLE ${quote(name)} (${NAMES.map((c) => `${quote(c)} ${types[c]}`).join(', ')})`;
  const insert = (placeholder: (i: number) => string) =>
    `INSERT INTO ${quote(name)} (${NAMES.map(quote).join(', ')}) VALUES (${NAMES.map((_, i) => placeholder(i + 1)).join(', ')})`;
  const columns = new Map<string, VirtualIndexColumn>(
    NAMES.map((c) => [
      c,
      {
        name: c,
        remote_type: types[c].split(' ')[0],
        type: FIELD_TYPES[c],
        ...(c === 't' && zoned ? { zoned: true } : {}),
      },
    ])
  );
  if (kind === 'sqlite') {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agg-')), 'data.db');
    const db = new Database(file);
    db.exec(ddl);
    const statement = db.prepare(insert(() => '?'));
    db.transaction(() => rows.forEach((row) => statement.run(...sqlRow(kind, row, zone, zoned))))();
    db.close();
    const connector = createConnector({ kind: 'sqlite', file, timezone: zone });
    return { connector, resourceSql: quote(name), columns, drop: async () => connector.close() };
  }
  const u = new URL(url!);
  const spec = {
    host: u.hostname,
    port: Number(u.port),
    database: u.pathname.slice(1),
    user: decodeURIComponent(u.username),
    password: u.password ? decodeURIComponent(u.password) : undefined,
    timezone: zone,
  };
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: url! });
    await client.connect();
    await client.query(ddl);
    for (const row of rows)
      await client.query(
        insert((i) => `$${i}`),
        sqlRow(kind, row, zone, zoned)
      );
    await client.end();
    const connector = createConnector({ kind: 'postgres', ...spec });
    const drop = async () => {
      await connector.query(`DROP TABLE ${quote(name)}`, []);
      await connector.close();
    };
    return { connector, resourceSql: quote(name), columns, drop };
  }
  const conn = await mysql.createConnection({ uri: url!, charset: 'utf8mb4' });
  await conn.query(`${ddl} DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin`);
  for (const row of rows)
    await conn.query(
      insert(() => '?'),
      sqlRow(kind, row, zone, zoned)
    );
  await conn.end();
  const connector = createConnector({ kind: 'mysql', ...spec });
  const drop = async () => {
    await connector.query(`DROP TABLE ${quote(name)}`, []);
    await connector.close();
  };
  return { connector, resourceSql: quote(name), columns, drop };
}

// ---------------------------------------------------------------------------------------------
// Cases

interface Case {
  name: string;
  aggs: Record<string, unknown>;
  query?: unknown;
}

const c = (name: string, aggs: Record<string, unknown>, query?: unknown): Case => ({
  name,
  aggs,
  query,
});
const AROUND_EU_SPRING = {
  range: { t: { gte: '2024-03-29T00:00:00Z', lt: '2024-04-02T00:00:00Z' } },
};
const AROUND_US_FALL = {
  range: { t: { gte: '2024-11-01T00:00:00Z', lt: '2024-11-06T00:00:00Z' } },
};
const METRICS = {
  avg_n: { avg: { field: 'n' } },
  sum_d: { sum: { field: 'd' } },
  min_t: { min: { field: 't' } },
  max_b: { max: { field: 'b' } },
  card_k: { cardinality: { field: 'k' } },
};

const CASES: Case[] = [
  c('metrics on every type', {
    ...METRICS,
    avg_d: { avg: { field: 'd' } },
    sum_n: { sum: { field: 'n' } },
    min_n: { min: { field: 'n' } },
    max_d: { max: { field: 'd' } },
    max_t: { max: { field: 't' } },
    avg_t: { avg: { field: 't' } },
    sum_b: { sum: { field: 'b' } },
    avg_b: { avg: { field: 'b' } },
    card_n: { cardinality: { field: 'n' } },
    card_d: { cardinality: { field: 'd' } },
    card_b: { cardinality: { field: 'b' } },
    card_t: { cardinality: { field: 't' } },
  }),
  c('metrics over no documents', METRICS, { term: { k: 'no such value' } }),
  c('metrics on an unknown field', {
    a: { avg: { field: 'nope' } },
    s: { sum: { field: 'nope' } },
    m: { min: { field: 'nope' } },
    c: { cardinality: { field: 'nope' } },
  }),
  c(
    'metrics under a query',
    { ...METRICS, min_t: { min: { field: 't', format: 'yyyy-MM-dd' } } },
    { term: { b: true } }
  ),
  c('terms default', { t: { terms: { field: 'k' } } }),
  c('terms size 3', { t: { terms: { field: 'k', size: 3 } } }),
  c('terms by key asc', { t: { terms: { field: 'k', order: { _key: 'asc' }, size: 20 } } }),
  c('terms by key desc', { t: { terms: { field: 'k', order: { _key: 'desc' }, size: 4 } } }),
  c('terms by count asc', { t: { terms: { field: 'k', order: { _count: 'asc' }, size: 5 } } }),
  c(
    'terms min_doc_count 0',
    { t: { terms: { field: 'k', min_doc_count: 0, size: 20 } } },
    { term: { b: false } }
  ),
  c(
    'terms min_doc_count 0 by key',
    { t: { terms: { field: 'n', min_doc_count: 0, size: 5, order: { _key: 'asc' } } } },
    { range: { n: { gt: 490 } } }
  ),
  c('terms min_doc_count 18', { t: { terms: { field: 'k', min_doc_count: 18 } } }),
  c('terms min_doc_count 18 by key', {
    t: { terms: { field: 'k', min_doc_count: 18, size: 3, order: { _key: 'asc' } } },
  }),
  c('terms shard_size', { t: { terms: { field: 'n', size: 2, shard_size: 3 } } }),
  c('terms doc count error', {
    asc: {
      terms: { field: 'n', size: 3, order: { _count: 'asc' }, show_term_doc_count_error: true },
    },
    metric: {
      terms: { field: 'd', size: 2, order: { m: 'asc' } },
      aggs: { m: { max: { field: 'n' } } },
    },
    keyFirst: { terms: { field: 'n', size: 3, order: [{ _key: 'desc' }, { _count: 'desc' }] } },
    nested: {
      terms: { field: 'b' },
      aggs: { i: { terms: { field: 'n', size: 2, order: { _count: 'asc' } } } },
    },
  }),
  c('terms on long', { t: { terms: { field: 'n', size: 6 } } }),
  c('terms on double', { t: { terms: { field: 'd', size: 4, order: { _key: 'desc' } } } }),
  c('terms on boolean', { t: { terms: { field: 'b' } } }),
  c('terms on date', {
    t: { terms: { field: 't', size: 5, order: { _key: 'asc' } } },
    ft: { terms: { field: 't', size: 2, format: 'yyyy-MM-dd HH:mm', order: { _key: 'desc' } } },
  }),
  c('terms ordered by metrics', {
    a: { terms: { field: 'k', order: { m: 'desc' } }, aggs: { m: { avg: { field: 'n' } } } },
    b: {
      terms: { field: 'k', size: 4, order: [{ mx: 'asc' }, { _count: 'desc' }] },
      aggs: { mx: { max: { field: 'd' } } },
    },
    c: { terms: { field: 'b', order: { s: 'asc' } }, aggs: { s: { sum: { field: 'n' } } } },
    d: {
      terms: { field: 'k', size: 5, order: { 'mn.value': 'desc' } },
      aggs: { mn: { min: { field: 't' } } },
    },
    e: {
      terms: { field: 'k', size: 3, order: { cd: 'asc' } },
      aggs: { cd: { cardinality: { field: 'n' } } },
    },
  }),
  c('terms on an unknown field', {
    t: { terms: { field: 'nope' }, aggs: { a: { avg: { field: 'n' } } } },
  }),
  c(
    'histogram on long',
    { h: { histogram: { field: 'n', interval: 100 } } },
    { range: { n: { gte: -500, lte: 500 } } }
  ),
  c('histogram on double with offset and bounds', {
    h: {
      histogram: {
        field: 'd',
        interval: 250,
        offset: 7.5,
        extended_bounds: { min: -2000, max: 1500 },
      },
    },
  }),
  c(
    'histogram fractional',
    { h: { histogram: { field: 'd', interval: 0.75, min_doc_count: 1 } } },
    { range: { d: { gte: -50, lte: 50 } } }
  ),
  c(
    'histogram order and keyed',
    {
      a: { histogram: { field: 'n', interval: 200, order: { _count: 'desc' } } },
      b: { histogram: { field: 'd', interval: 500, keyed: true } },
      c: {
        histogram: { field: 'n', interval: 100, order: { m: 'asc' } },
        aggs: { m: { avg: { field: 'd' } } },
      },
    },
    { range: { n: { gte: -500, lte: 500 } } }
  ),
  c('histogram on date and boolean', {
    t: { histogram: { field: 't', interval: 30 * 86_400_000, min_doc_count: 1 } },
    b: { histogram: { field: 'b', interval: 1 } },
  }),
  c('histogram unmapped with bounds', {
    h: { histogram: { field: 'nope', interval: 5, extended_bounds: { min: 0, max: 20 } } },
  }),
  c('date_histogram calendar units', {
    month: { date_histogram: { field: 't', calendar_interval: 'month' } },
    q: { date_histogram: { field: 't', calendar_interval: 'quarter' } },
    y: { date_histogram: { field: 't', calendar_interval: '1y' } },
  }),
  c('date_histogram week and day', {
    w: { date_histogram: { field: 't', calendar_interval: 'week' } },
    d: { date_histogram: { field: 't', calendar_interval: 'day', min_doc_count: 1 } },
  }),
  c(
    'date_histogram in Helsinki across DST',
    {
      d: { date_histogram: { field: 't', calendar_interval: 'day', time_zone: 'Europe/Helsinki' } },
      h: {
        date_histogram: { field: 't', calendar_interval: 'hour', time_zone: 'Europe/Helsinki' },
      },
      f: { date_histogram: { field: 't', fixed_interval: '90m', time_zone: 'Europe/Helsinki' } },
      m: {
        date_histogram: {
          field: 't',
          calendar_interval: 'minute',
          time_zone: 'Europe/Helsinki',
          min_doc_count: 1,
        },
      },
    },
    AROUND_EU_SPRING
  ),
  c(
    'date_histogram in New York across the fall change',
    {
      d: {
        date_histogram: { field: 't', calendar_interval: 'day', time_zone: 'America/New_York' },
      },
      h: {
        date_histogram: {
          field: 't',
          calendar_interval: 'hour',
          time_zone: 'America/New_York',
          min_doc_count: 1,
        },
      },
      f: { date_histogram: { field: 't', fixed_interval: '3h', time_zone: 'America/New_York' } },
      f1: { date_histogram: { field: 't', fixed_interval: '1d', time_zone: 'America/New_York' } },
    },
    AROUND_US_FALL
  ),
  c(
    'date_histogram on Lord Howe Island',
    {
      h: {
        date_histogram: {
          field: 't',
          calendar_interval: 'hour',
          time_zone: 'Australia/Lord_Howe',
          min_doc_count: 1,
        },
      },
      f1: {
        date_histogram: {
          field: 't',
          fixed_interval: '1h',
          time_zone: 'Australia/Lord_Howe',
          min_doc_count: 1,
        },
      },
      f3: {
        date_histogram: {
          field: 't',
          fixed_interval: '3h',
          time_zone: 'Australia/Lord_Howe',
          min_doc_count: 1,
        },
      },
      f45: {
        date_histogram: {
          field: 't',
          fixed_interval: '45m',
          time_zone: 'Australia/Lord_Howe',
          min_doc_count: 1,
        },
      },
      d: {
        date_histogram: {
          field: 't',
          calendar_interval: 'day',
          time_zone: 'Australia/Lord_Howe',
          min_doc_count: 1,
        },
      },
      filled: {
        date_histogram: {
          field: 't',
          calendar_interval: 'hour',
          time_zone: 'Australia/Lord_Howe',
          extended_bounds: { min: '2024-10-05T14:00:00Z', max: '2024-10-05T18:00:00Z' },
        },
      },
    },
    { term: { k: 'lord howe' } }
  ),
  c('date_histogram zones', {
    month: {
      date_histogram: { field: 't', calendar_interval: 'month', time_zone: 'America/New_York' },
    },
    week: {
      date_histogram: { field: 't', calendar_interval: 'week', time_zone: 'Asia/Kathmandu' },
    },
    q: { date_histogram: { field: 't', calendar_interval: 'quarter', time_zone: '+05:30' } },
    f: { date_histogram: { field: 't', fixed_interval: '7d', time_zone: '-08:00' } },
    d: {
      date_histogram: {
        field: 't',
        calendar_interval: 'day',
        time_zone: 'Europe/Helsinki',
        min_doc_count: 2,
      },
    },
  }),
  c('date_histogram fixed intervals', {
    a: { date_histogram: { field: 't', fixed_interval: '30d' } },
    b: {
      date_histogram: {
        field: 't',
        fixed_interval: '12h',
        min_doc_count: 1,
        time_zone: 'Europe/Helsinki',
      },
    },
    c: { date_histogram: { field: 't', fixed_interval: '45m', min_doc_count: 1 } },
  }),
  c(
    'date_histogram legacy interval, offset, format, keyed, order',
    {
      a: { date_histogram: { field: 't', interval: '1M', format: 'yyyy-MM' } },
      b: {
        date_histogram: {
          field: 't',
          interval: '2d',
          min_doc_count: 1,
          offset: '+6h',
          time_zone: 'America/New_York',
        },
      },
      c: { date_histogram: { field: 't', interval: 86_400_000 * 10, keyed: true } },
      d: {
        date_histogram: {
          field: 't',
          calendar_interval: 'day',
          offset: '-3h',
          time_zone: 'Europe/Helsinki',
          order: { _count: 'desc' },
        },
      },
    },
    AROUND_EU_SPRING
  ),
  c(
    'date_histogram extended bounds',
    {
      a: {
        date_histogram: {
          field: 't',
          calendar_interval: 'month',
          extended_bounds: { min: '2023-01-01', max: '2025-12-31' },
        },
      },
      b: {
        date_histogram: {
          field: 't',
          calendar_interval: 'day',
          time_zone: 'Europe/Helsinki',
          format: 'yyyy-MM-dd',
          extended_bounds: { min: '2024-03-25', max: '2024-04-05' },
        },
      },
      e: {
        date_histogram: {
          field: 'nope',
          calendar_interval: 'day',
          extended_bounds: { min: '2024-03-25', max: '2024-03-28' },
        },
      },
    },
    AROUND_EU_SPRING
  ),
  c(
    'date_histogram on a long field',
    {
      f: { date_histogram: { field: 'n', fixed_interval: '100ms', min_doc_count: 1 } },
      h: { date_histogram: { field: 'n', calendar_interval: 'second' } },
    },
    { range: { n: { gte: -500, lte: 500 } } }
  ),
  c('boolean keys by key, legacy week interval', {
    b: { terms: { field: 'b', order: { _key: 'desc' } } },
    w: { date_histogram: { field: 't', interval: 'week', min_doc_count: 3 } },
  }),
  c(
    'date_histogram empty with bounds',
    {
      a: {
        date_histogram: {
          field: 't',
          calendar_interval: 'week',
          extended_bounds: { min: '2024-01-01', max: '2024-02-01' },
        },
      },
    },
    { term: { k: 'no such value' } }
  ),
  c('range', {
    n: {
      range: {
        field: 'n',
        ranges: [
          { from: 100 },
          { to: 0 },
          { key: 'mid', from: -100, to: 100 },
          { from: 0, to: 1e13 },
        ],
      },
    },
    d: {
      range: {
        field: 'd',
        keyed: true,
        ranges: [{ to: -500.5 }, { from: -500.5, to: 0 }, { from: 0 }],
      },
    },
    t: {
      range: {
        field: 't',
        ranges: [
          { to: Date.parse('2024-01-01T00:00:00Z') },
          { from: Date.parse('2024-01-01T00:00:00Z') },
        ],
      },
    },
    u: { range: { field: 'nope', ranges: [{ to: 5 }] } },
  }),
  c('date_range', {
    a: {
      date_range: {
        field: 't',
        ranges: [
          { to: '2024-01-01' },
          { from: '2024-01-01', to: '2024-07-01' },
          { from: '2024-07-01' },
        ],
      },
    },
    b: {
      date_range: {
        field: 't',
        format: 'yyyy-MM-dd',
        time_zone: 'Europe/Helsinki',
        keyed: true,
        ranges: [
          { key: 'before', to: '2024-06-15||-1M/M' },
          { from: '2024-03-31', to: '2024-04-01' },
        ],
      },
    },
    u: { date_range: { field: 'nope', ranges: [{ to: '2024-01-01' }] } },
  }),
  c('filters', {
    named: {
      filters: {
        filters: {
          zz: { term: { k: 'apple' } },
          aa: { range: { n: { gte: 0 } } },
          mm: { exists: { field: 'b' } },
        },
      },
    },
    anonymous: {
      filters: { filters: [{ term: { b: true } }, { match_all: {} }], other_bucket: true },
    },
    other: { filters: { filters: { t: { term: { b: true } } }, other_bucket_key: 'rest' } },
  }),
  c(
    'metrics in every bucket aggregation',
    {
      t: { terms: { field: 'k', size: 4 }, aggs: METRICS },
      h: { histogram: { field: 'n', interval: 250 }, aggs: METRICS },
      dh: {
        date_histogram: { field: 't', calendar_interval: 'quarter', time_zone: 'Europe/Helsinki' },
        aggs: METRICS,
      },
      r: { range: { field: 'd', ranges: [{ to: 0 }, { from: -100 }] }, aggs: METRICS },
      dr: {
        date_range: { field: 't', ranges: [{ to: '2024-06-01' }, { from: '2024-06-01' }] },
        aggs: METRICS,
      },
      f: { filters: { filters: { a: { term: { b: true } } }, other_bucket: true }, aggs: METRICS },
    },
    { range: { n: { gte: -500, lte: 500 } } }
  ),
  c('terms nested in every bucket aggregation', {
    tt: { terms: { field: 'k', size: 4 }, aggs: { inner: { terms: { field: 'b' } } } },
    tn: { terms: { field: 'b' }, aggs: { inner: { terms: { field: 'k', size: 3 } } } },
    h: {
      histogram: { field: 'd', interval: 500 },
      aggs: { inner: { terms: { field: 'k', size: 2 } } },
    },
    dh: {
      date_histogram: { field: 't', calendar_interval: 'month', time_zone: 'America/New_York' },
      aggs: { inner: { terms: { field: 'k', size: 2, order: { _key: 'asc' } } } },
    },
    r: {
      range: { field: 'n', ranges: [{ to: 0 }, { from: -250, to: 250 }] },
      aggs: { inner: { terms: { field: 'k', size: 3 } } },
    },
    dr: {
      date_range: { field: 't', ranges: [{ to: '2024-06-01' }, { from: '2024-06-01' }] },
      aggs: { inner: { terms: { field: 'n', size: 2 } } },
    },
    f: {
      filters: { filters: [{ term: { b: true } }, { term: { b: false } }], other_bucket: true },
      aggs: { inner: { terms: { field: 'k', size: 2 } } },
    },
  }),
  c(
    'nested terms with metrics, orders and depth',
    {
      a: {
        date_histogram: { field: 't', calendar_interval: 'year' },
        aggs: {
          inner: {
            terms: { field: 'k', size: 3, order: { m: 'desc' } },
            aggs: {
              m: { avg: { field: 'n' } },
              deeper: {
                terms: { field: 'b', min_doc_count: 2 },
                aggs: { s: { sum: { field: 'd' } } },
              },
            },
          },
        },
      },
      b: {
        terms: { field: 'k', min_doc_count: 0, size: 12 },
        aggs: { inner: { terms: { field: 'b' }, aggs: { c: { cardinality: { field: 'n' } } } } },
      },
    },
    { range: { d: { gte: -600 } } }
  ),
];

// ---------------------------------------------------------------------------------------------
// Comparison

function same(actual: unknown, expected: unknown, at: string): string[] {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const tolerance = Math.max(1e-9 * Math.max(Math.abs(expected), Math.abs(actual)), 1e-9);
    return Math.abs(expected - actual) <= tolerance ? [] : [`${at}: ${actual} != ${expected}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${at}: not an array`];
    if (actual.length !== expected.length) {
      return [
        `${at}: ${actual.length} items != ${expected.length}: ${JSON.stringify(actual).slice(0, 400)} vs ${JSON.stringify(expected).slice(0, 400)}`,
      ];
    }
    return expected.flatMap((e, i) => same(actual[i], e, `${at}[${i}]`));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object')
      return [`${at}: not an object: ${JSON.stringify(actual)}`];
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    return [...keys].flatMap((key) =>
      same(
        (actual as Record<string, unknown>)[key],
        (expected as Record<string, unknown>)[key],
        `${at}.${key}`
      )
    );
  }
  return actual === expected
    ? []
    : [`${at}: ${JSON.stringify(actual)} != ${JSON.stringify(expected)}`];
}

// ---------------------------------------------------------------------------------------------

const rows = dataset();
let index: string;
const expected = new Map<string, unknown>();

beforeAll(async () => {
  const client = openSearchClient();
  index = uniqueName('aggregations');
  await client.indices.create({
    index,
    body: {
      settings: { number_of_shards: 1, number_of_replicas: 0 },
      mappings: {
        properties: {
          id: { type: 'long' },
          k: { type: 'keyword' },
          n: { type: 'long' },
          d: { type: 'double' },
          b: { type: 'boolean' },
          t: { type: 'date' },
        },
      },
    },
  });
  const body = rows.flatMap((row) => [
    { index: { _index: index, _id: String(row.id) } },
    { ...row, t: row.t === null ? null : new Date(row.t).toISOString() },
  ]);
  const response = await client.bulk({ body, refresh: true });
  if (response.body.errors) throw new Error('bulk load failed');
  for (const testCase of CASES) {
    const result = await client.search({
      index,
      body: { size: 0, query: testCase.query ?? { match_all: {} }, aggs: testCase.aggs as any },
    });
    expected.set(testCase.name, result.body.aggregations);
  }
}, 300_000);

afterAll(async () => {
  if (index) await openSearchClient().indices.delete({ index });
});

const VARIANTS: Array<{ kind: Kind; zone: string; zoned?: boolean; label: string }> = [
  ...STORE_ZONES.flatMap((zone) =>
    (['postgres', 'mysql', 'sqlite'] as const).map((kind) => ({
      kind,
      zone,
      label: `${kind}, dates stored in ${zone}`,
    }))
  ),
  { kind: 'postgres', zone: 'Europe/Helsinki', zoned: true, label: 'postgres, timestamptz dates' },
];

for (const { kind, zone, zoned, label } of VARIANTS) {
  {
    describe(label, () => {
      let table: Table | null = null;
      let unavailable: string | null = null;

      beforeAll(async () => {
        const skip: Skippable = {
          skip: (note?: string) => {
            throw Object.assign(new Error(note), { skipNote: note });
          },
        };
        let url: string | null = null;
        if (kind !== 'sqlite') {
          try {
            url = databaseUrl(kind, skip);
          } catch (err) {
            unavailable = (err as { skipNote?: string }).skipNote ?? String(err);
            return;
          }
        }
        table = await createTable(kind, url, rows, zone, zoned);
      }, 300_000);

      afterAll(async () => {
        await table?.drop();
      });

      for (const testCase of CASES) {
        it(testCase.name, async (ctx) => {
          if (!table) return ctx.skip(unavailable ?? 'no table');
          const t = table;
          const dialect = dialectFor(kind);
          const newContext = (): TranslationContext => ({
            dialect,
            columns: t.columns,
            key: 'id',
            timezone: zone,
            now: NOW,
          });
          const actual = await runAggregations(testCase.aggs, {
            resourceSql: t.resourceSql,
            newContext,
            where: (c) => translateQuery(testCase.query, c),
            query: (sql, params) => t.connector.query(sql, params),
          });
          const diffs = same(actual, expected.get(testCase.name), 'aggregations');
          expect(diffs.slice(0, 10)).toEqual([]);
        });
      }
    });
  }
}

/**
 * Not compared with OpenSearch: under a case-insensitive, space-padding collation MariaDB groups
 * `Apple`, `apple` and `APPLE ` together (docs/api/interface.md §8.2.10). Each bucket is named by its byte-wise
 * smallest spelling, and nested statements must find their parents whatever spelling their own
 * GROUP BY returns.
 */
describe('mysql, a case-insensitive collation', () => {
  it('groups by the collation and nests consistently', async (ctx) => {
    const url = databaseUrl('mysql', ctx);
    const name = uniqueName('agg_ci').replace(/-/g, '_');
    const conn = await mysql.createConnection({ uri: url, charset: 'utf8mb4' });
    await conn.query(
      `CREATE TABLE \`${name}\` (id bigint PRIMARY KEY, k varchar(20) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci, b tinyint(1))`
    );
    await conn.query(`INSERT INTO \`${name}\` VALUES ?`, [
      [
        [1, 'Apple', 1],
        [2, 'apple', 0],
        [3, 'APPLE ', 1],
        [4, 'banana', 1],
        [5, 'Banana', null],
        [6, 'cherry', 0],
        [7, null, 1],
      ],
    ]);
    await conn.end();
    const connector = createConnector({
      kind: 'mysql',
      host: new URL(url).hostname,
      port: Number(new URL(url).port),
      database: new URL(url).pathname.slice(1),
      user: decodeURIComponent(new URL(url).username),
    });
    try {
      const dialect = dialectFor('mysql');
      const columns = new Map<string, VirtualIndexColumn>([
        ['k', { name: 'k', remote_type: 'varchar(20)', type: 'keyword' }],
        ['b', { name: 'b', remote_type: 'tinyint(1)', type: 'boolean' }],
      ]);
      const out = await runAggregations(
        {
          byK: { terms: { field: 'k' }, aggs: { b: { terms: { field: 'b' } } } },
          byB: { terms: { field: 'b' }, aggs: { k: { terms: { field: 'k' } } } },
        },
        {
          resourceSql: `\`${name}\``,
          newContext: () => ({
            dialect,
            columns,
            timezone: 'UTC',
            now: NOW,
          }),
          where: () => '1 = 1',
          query: (sql, params) => connector.query(sql, params),
        }
      );
      const terms = (buckets: unknown[]) => ({
        doc_count_error_upper_bound: 0,
        sum_other_doc_count: 0,
        buckets,
      });
      const bool = (key: number, count: number) => ({
        key,
        key_as_string: String(key === 1),
        doc_count: count,
      });
      expect(out.byK).toEqual(
        terms([
          { key: 'APPLE ', doc_count: 3, b: terms([bool(1, 2), bool(0, 1)]) },
          { key: 'Banana', doc_count: 2, b: terms([bool(1, 1)]) },
          { key: 'cherry', doc_count: 1, b: terms([bool(0, 1)]) },
        ])
      );
      expect(out.byB).toEqual(
        terms([
          {
            ...bool(1, 4),
            k: terms([
              { key: 'APPLE ', doc_count: 2 },
              { key: 'banana', doc_count: 1 },
            ]),
          },
          {
            ...bool(0, 2),
            k: terms([
              { key: 'apple', doc_count: 1 },
              { key: 'cherry', doc_count: 1 },
            ]),
          },
        ])
      );
    } finally {
      await connector.query(`DROP TABLE \`${name}\``, []);
      await connector.close();
    }
  });
});
