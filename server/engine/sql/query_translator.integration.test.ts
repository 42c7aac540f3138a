/**
 * Differential check of the query translator: the same ~30 rows in a real OpenSearch index and
 * in tables on PostgreSQL, MariaDB and SQLite; each hand-written query must find the same keys
 * through `SELECT id FROM t WHERE <translated>` on every database as OpenSearch finds.
 *
 * The rows hold what translations get wrong: NULLs in every column (must_not has to keep them),
 * mixed case, LIKE's and GLOB's special characters, backslashes, quotes, unicode beyond the BMP,
 * wall-clock times on both sides of the Europe/Paris DST changes, longs beyond 2^53, doubles.
 * Dates are stored as the datasource's wall-clock times (Europe/Paris) and, in `tz`, as instants;
 * the OpenSearch documents hold what row_to_source.ts would make of them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { VirtualIndexColumn } from '../../../common/catalog_types';
import {
  databaseSkip,
  databaseUrl,
  openSearchClient,
  uniqueName,
  type Skippable,
} from '../../../test/bed/context';
import type { Connector, ResourceRef } from '../connectors/connector';
import { createConnector } from '../connectors/create_connector';
import type { JdbcConfig } from '../connectors/jdbc/jdbc_config';
import { parseDatasourceConfig } from '../connectors/jdbc_url';
import { FederationError } from '../errors';
import { renderSql, sql as fragment } from './sql_fragment';
import { translateQuery } from './query_translator';
import { toIsoInstant } from './row_to_source';
import type { TranslationContext } from './translation_context';
import { DEFAULT_CONNECTOR_LIMITS } from '../connectors/connector_limits';

const ZONE = 'Europe/Paris';

interface Row {
  id: number;
  k: string | null;
  k2: string | null;
  /** Text when beyond 2^53, so no digit is lost on the way. */
  n: number | string | null;
  d: number | null;
  b: boolean | null;
  /** Wall-clock time in ZONE, `YYYY-MM-DD HH:mm:ss.SSS`. */
  t: string | null;
  /** An instant, ISO 8601 with Z. */
  tz: string | null;
  /** A date without time, in ZONE. */
  day: string | null;
}

const ROWS: Row[] = [
  {
    id: 1,
    k: 'apple',
    k2: 'alpha',
    n: 0,
    d: 0.5,
    b: true,
    t: '2024-03-30 23:59:59.999',
    tz: '2024-03-31T00:59:59.999Z',
    day: '2024-03-31',
  },
  {
    id: 2,
    k: 'Apple',
    k2: 'beta',
    n: 1,
    d: -2.5,
    b: false,
    t: '2024-03-31 00:00:00.000',
    tz: '2024-03-31T01:00:00.000Z',
    day: '2024-02-29',
  },
  {
    id: 3,
    k: 'APPLE',
    k2: 'gamma',
    n: -1,
    d: 1 / 3,
    b: null,
    t: '2024-03-31 01:59:59.999',
    tz: '2024-10-27T00:30:00.000Z',
    day: null,
  },
  {
    id: 4,
    k: 'apricot',
    k2: 'alpha',
    n: 2,
    d: 2.5,
    b: true,
    t: '2024-03-31 03:00:00.000',
    tz: '2024-10-27T01:30:00.000Z',
    day: '2024-01-01',
  },
  {
    id: 5,
    k: 'a%b',
    k2: null,
    n: 3,
    d: null,
    b: false,
    t: '2024-10-27 01:59:59.999',
    tz: null,
    day: '2024-10-27',
  },
  {
    id: 6,
    k: 'a_b',
    k2: 'beta',
    n: 10,
    d: 1e10,
    b: true,
    t: '2024-10-27 03:00:00.000',
    tz: '2024-01-01T00:00:00.000Z',
    day: '1969-07-20',
  },
  {
    id: 7,
    k: 'axb',
    k2: 'gamma',
    n: 42,
    d: -0.25,
    b: null,
    t: '2024-01-01 00:00:00.000',
    tz: '2023-12-31T23:00:00.000Z',
    day: '2024-12-31',
  },
  {
    id: 8,
    k: 'a\\b',
    k2: 'alpha',
    n: '9007199254740993',
    d: 2.5,
    b: true,
    t: '2023-12-31 23:30:00.000',
    tz: null,
    day: null,
  },
  {
    id: 9,
    k: "O'Brien",
    k2: 'beta',
    n: '-9007199254740993',
    d: 100,
    b: false,
    t: '2024-02-29 12:00:00.500',
    tz: '2024-02-29T11:00:00.500Z',
    day: '2024-02-29',
  },
  {
    id: 10,
    k: 'say "hi"',
    k2: null,
    n: null,
    d: 3,
    b: true,
    t: '1969-07-20 21:17:00.000',
    tz: '1970-01-02T03:04:05.000Z',
    day: '2024-03-30',
  },
  {
    id: 11,
    k: '',
    k2: 'gamma',
    n: 5,
    d: 0,
    b: false,
    t: '2024-12-31 23:59:59.999',
    tz: '2024-12-31T22:59:59.999Z',
    day: '2024-03-31',
  },
  {
    id: 12,
    k: 'ünïcödé',
    k2: 'alpha',
    n: 6,
    d: 7.75,
    b: null,
    t: null,
    tz: '2024-06-15T12:00:00.000Z',
    day: '2024-06-15',
  },
  {
    id: 13,
    k: 'Émile',
    k2: 'beta',
    n: 7,
    d: -100,
    b: true,
    t: '2024-06-15 14:00:00.000',
    tz: null,
    day: null,
  },
  {
    id: 14,
    k: '😀 smile',
    k2: 'gamma',
    n: 8,
    d: 8.5,
    b: false,
    t: '2024-03-31 03:59:59.999',
    tz: '2024-03-31T00:00:00.000Z',
    day: '2024-04-01',
  },
  {
    id: 15,
    k: 'x*y?z',
    k2: 'alpha',
    n: 9,
    d: null,
    b: true,
    t: '2024-10-26 23:59:59.999',
    tz: '2024-10-26T22:00:00.000Z',
    day: '2024-10-26',
  },
  {
    id: 16,
    k: '[bracket]',
    k2: null,
    n: 11,
    d: 11.5,
    b: null,
    t: '2024-10-27 00:00:00.000',
    tz: null,
    day: '2024-10-28',
  },
  {
    id: 17,
    k: 'abc',
    k2: 'beta',
    n: 12,
    d: 12,
    b: false,
    t: '2024-04-01 00:00:00.000',
    tz: '2024-03-31T22:00:00.000Z',
    day: '2024-03-01',
  },
  {
    id: 18,
    k: 'abd',
    k2: 'gamma',
    n: 13,
    d: -13,
    b: true,
    t: '2024-02-28 23:59:59.999',
    tz: '2024-02-28T22:59:59.999Z',
    day: '2024-02-28',
  },
  {
    id: 19,
    k: 'b',
    k2: 'alpha',
    n: 14,
    d: 0.1,
    b: null,
    t: '2024-02-29 00:00:00.000',
    tz: '2024-02-28T23:00:00.000Z',
    day: null,
  },
  {
    id: 20,
    k: 'B',
    k2: 'beta',
    n: -42,
    d: 0.2,
    b: false,
    t: '2024-03-01 00:00:00.000',
    tz: null,
    day: '2024-03-02',
  },
  {
    id: 21,
    k: 'zz',
    k2: 'gamma',
    n: 100,
    d: null,
    b: true,
    t: '2024-07-14 10:00:00.000',
    tz: '2024-07-14T08:00:00.000Z',
    day: '2024-07-14',
  },
  {
    id: 22,
    k: '100%',
    k2: 'alpha',
    n: 1000,
    d: 1000.5,
    b: false,
    t: '2024-11-01 00:00:00.000',
    tz: '2024-10-31T23:00:00.000Z',
    day: null,
  },
  {
    id: 23,
    k: '50_50',
    k2: null,
    n: -1000,
    d: -1000.5,
    b: null,
    t: '2024-01-15 08:30:00.000',
    tz: '2024-01-15T07:30:00.000Z',
    day: '2024-01-15',
  },
  {
    id: 24,
    k: 'apple pie',
    k2: 'beta',
    n: 15,
    d: 15,
    b: true,
    t: '2024-05-01 00:00:00.000',
    tz: null,
    day: '2024-05-01',
  },
  {
    id: 25,
    k: 'a!b',
    k2: 'gamma',
    n: 16,
    d: 16,
    b: false,
    t: '2024-09-01 12:34:56.789',
    tz: '2024-09-01T10:34:56.789Z',
    day: '2024-09-01',
  },
  {
    id: 26,
    k: null,
    k2: 'alpha',
    n: 17,
    d: 17,
    b: true,
    t: '2024-08-01 00:00:00.000',
    tz: '2024-07-31T22:00:00.000Z',
    day: '2024-08-01',
  },
  { id: 27, k: null, k2: null, n: null, d: null, b: null, t: null, tz: null, day: null },
  {
    id: 28,
    k: 'zzz\u{1F600}',
    k2: 'beta',
    n: 18,
    d: 18,
    b: null,
    t: '2025-01-01 00:00:00.000',
    tz: '2024-12-31T23:00:00.000Z',
    day: '2025-01-01',
  },
  {
    id: 29,
    k: 'tab\there',
    k2: 'gamma',
    n: 19,
    d: 19,
    b: false,
    t: '2024-12-01 00:00:00.000',
    tz: null,
    day: '2024-12-01',
  },
  {
    id: 30,
    k: 'a b',
    k2: 'alpha',
    n: 20,
    d: 20,
    b: true,
    t: '2024-03-31 04:00:00.000',
    tz: '2024-03-31T02:00:00.000Z',
    day: '2024-03-31',
  },
];

type Case = [string, unknown];

const QUERIES: Case[] = [
  ['match_all', { match_all: {} }],
  ['match_none', { match_none: {} }],
  ['term is case-sensitive', { term: { k: 'apple' } }],
  ['term with %', { term: { k: 'a%b' } }],
  ['term with a backslash', { term: { k: 'a\\b' } }],
  ["term with '", { term: { k: "O'Brien" } }],
  ['term on the empty string', { term: { k: '' } }],
  ['term on an emoji', { term: { k: '😀 smile' } }],
  ['term case_insensitive', { term: { k: { value: 'aPPLE', case_insensitive: true } } }],
  ['term on long', { term: { n: 42 } }],
  ['term on long beyond 2^53', { term: { n: '9007199254740993' } }],
  ['term on long with a fraction', { term: { n: 1.5 } }],
  ['term on double', { term: { d: 2.5 } }],
  ['term on double 1/3', { term: { d: 1 / 3 } }],
  ['term on boolean', { term: { b: false } }],
  ['term on a date covers the day (UTC)', { term: { t: '2024-03-31' } }],
  ['term on an instant in epoch millis', { term: { tz: Date.UTC(2024, 2, 31, 1) } }],
  ['term on a date-only column', { term: { day: '2024-02-29' } }],
  ['term on _id', { term: { _id: '3' } }],
  ['term on an unknown field', { term: { nope: 'apple' } }],
  ['terms on keyword', { terms: { k: ['apple', 'b', 'nope', ''] } }],
  ['terms on long, fractions dropped', { terms: { n: [0, -1, 1.5, '10'] } }],
  [
    'terms on dates',
    { terms: { t: ['2023-12-31T23', '2024-10-26T23:59:59.999Z', '2024-02-29T11:00:00.5'] } },
  ],
  ['range on long with fractional bounds', { range: { n: { gt: 1.5, lte: 10.5 } } }],
  ['range on long beyond 2^53', { range: { n: { gte: '9007199254740992' } } }],
  ['range on double', { range: { d: { gt: -1, lt: 1 } } }],
  ['range on keyword', { range: { k: { gte: 'a', lt: 'b' } } }],
  ['range on keyword above z, into unicode', { range: { k: { gt: 'z' } } }],
  ['range on keyword with a number', { range: { k: { lte: 100 } } }],
  [
    'range on date, one Paris day across the DST change',
    { range: { t: { gte: '2024-03-31', lt: '2024-04-01', time_zone: ZONE } } },
  ],
  ['range on date with an offset', { range: { t: { gt: '2024-03-30T23:59:59.999+01:00' } } }],
  ['range on date, lte rounds up to the end of day', { range: { t: { lte: '2024-10-27' } } }],
  [
    'range on date over the autumn DST change',
    { range: { t: { gte: '2024-10-27T00:00', lt: '2024-10-27T12:00', time_zone: ZONE } } },
  ],
  ['range on date with now', { range: { t: { gte: 'now-20y/y', lt: 'now' } } }],
  [
    'range on date with format',
    { range: { t: { gte: '01/03/2024', lte: '31/03/2024', format: 'dd/MM/yyyy' } } },
  ],
  [
    'range with anchored date math',
    { range: { t: { gt: '2024-03-31||-1M/M', lt: '2024-03-31||+1d/d', time_zone: ZONE } } },
  ],
  ['range on an instant column', { range: { tz: { gte: '2024-03-31T01:00:00Z', lt: '2024-11' } } }],
  ['range on a date-only column', { range: { day: { gt: '2024-02-29', lte: '2024-03-31' } } }],
  ['range before 1970', { range: { t: { lt: '1970-01-01' } } }],
  ['range without bounds is exists', { range: { d: {} } }],
  ['exists on keyword', { exists: { field: 'k' } }],
  ['exists on a date', { exists: { field: 't' } }],
  ['exists on an unknown field', { exists: { field: 'nope' } }],
  ['prefix', { prefix: { k: 'ap' } }],
  ['prefix is case-sensitive', { prefix: { k: 'Ap' } }],
  ['prefix with %', { prefix: { k: 'a%' } }],
  ['prefix with _', { prefix: { k: 'a_' } }],
  ['prefix with !', { prefix: { k: 'a!' } }],
  ['prefix with a backslash', { prefix: { k: 'a\\' } }],
  ['prefix with [', { prefix: { k: '[' } }],
  ['prefix with an emoji', { prefix: { k: '😀' } }],
  ['prefix case_insensitive', { prefix: { k: { value: 'AP', case_insensitive: true } } }],
  ['wildcard ?', { wildcard: { k: 'a?b' } }],
  ['wildcard * around a literal %', { wildcard: { k: '*%*' } }],
  ['wildcard escaped * and ?', { wildcard: { k: 'x\\*y\\?z' } }],
  ['wildcard escaped backslash', { wildcard: { k: '*\\\\*' } }],
  ['wildcard ? on a character beyond the BMP', { wildcard: { k: 'zzz?' } }],
  ['wildcard case_insensitive', { wildcard: { k: { value: 'A*E', case_insensitive: true } } }],
  ['wildcard with [', { wildcard: { k: '[*]' } }],
  ['ids', { ids: { values: ['1', '17', '99', 'x'] } }],
  [
    'bool must and filter',
    { bool: { must: { term: { k2: 'alpha' } }, filter: [{ range: { n: { gte: 0 } } }] } },
  ],
  ['bool should', { bool: { should: [{ term: { k2: 'beta' } }, { prefix: { k: 'a' } }] } }],
  [
    'bool should is optional next to must',
    { bool: { must: { term: { k2: 'gamma' } }, should: [{ term: { b: true } }] } },
  ],
  [
    'bool minimum_should_match 2',
    {
      bool: {
        should: [{ term: { k2: 'alpha' } }, { term: { b: true } }, { range: { n: { gt: 5 } } }],
        minimum_should_match: 2,
      },
    },
  ],
  [
    'bool minimum_should_match -1 and 67%',
    {
      bool: {
        must: {
          bool: {
            should: [{ term: { k2: 'beta' } }, { term: { b: false } }, { range: { d: { lt: 0 } } }],
            minimum_should_match: '67%',
          },
        },
        filter: { exists: { field: 'n' } },
        should: [
          { term: { b: false } },
          { range: { n: { gte: 10 } } },
          { exists: { field: 'tz' } },
        ],
        minimum_should_match: -1,
      },
    },
  ],
  ['bool must_not keeps NULLs', { bool: { must_not: { term: { b: true } } } }],
  ['bool must_not on a range keeps NULLs', { bool: { must_not: [{ range: { d: { gte: 2 } } }] } }],
  [
    'bool must_not on dates keeps NULLs',
    { bool: { must_not: { range: { t: { lt: '2024-06-01' } } } } },
  ],
  ['bool must_not exists', { bool: { must_not: { exists: { field: 'k2' } } } }],
  ['bool must_not on an unknown field', { bool: { must_not: { term: { nope: 1 } } } }],
  [
    'nested bool',
    {
      bool: {
        should: [
          { bool: { must: [{ term: { k2: 'beta' } }], must_not: [{ range: { n: { lt: 0 } } }] } },
          { bool: { filter: [{ wildcard: { k: '*b*' } }, { term: { b: false } }] } },
        ],
        must_not: { ids: { values: ['9'] } },
      },
    },
  ],
  ['constant_score', { constant_score: { filter: { term: { k2: 'gamma' } } } }],
  ['match is keyword equality', { match: { k: 'apple pie' } }],
  ['match_phrase', { match_phrase: { k: 'say "hi"' } }],
  ['query_string on every field', { query_string: { query: 'apple' } }],
  ['query_string on every field, a number', { query_string: { query: '20' } }],
  ['query_string with field patterns', { query_string: { query: 'alpha', fields: ['k*'] } }],
  [
    'simple_query_string splits words',
    { simple_query_string: { query: 'apple b', fields: ['k'] } },
  ],
];

/** Queries that OpenSearch refuses with a 400; the translation must refuse them too. */
const REFUSED: Case[] = [
  ['term on long with text', { term: { n: 'abc' } }],
  ['term on boolean with yes', { term: { b: 'yes' } }],
  ['range on a date that is none', { range: { t: { gte: '2024-01-01 10:00' } } }],
  ['prefix on a long', { prefix: { n: '1' } }],
  ['bool with an unknown clause', { bool: { must_nt: [] } }],
  ['an unknown query', { no_such_query: {} }],
];

// ---------------------------------------------------------------------------------------------
// OpenSearch

const index = uniqueName('query-translator');

function sourceOf(row: Row): Record<string, unknown> {
  // As row_to_source.ts builds `_source`: every column, the key included.
  return {
    id: row.id,
    k: row.k,
    k2: row.k2,
    n: row.n,
    d: row.d,
    b: row.b,
    t: row.t === null ? null : toIsoInstant(row.t, false, ZONE),
    tz: row.tz,
    day: row.day === null ? null : toIsoInstant(row.day, false, ZONE),
  };
}

const expectedIds = new Map<string, number[]>();

async function openSearchIds(query: unknown): Promise<number[]> {
  const key = JSON.stringify(query);
  if (!expectedIds.has(key)) {
    const response = await openSearchClient().search({
      index,
      body: { query: query as never, size: 100, _source: false },
    });
    expectedIds.set(
      key,
      response.body.hits.hits.map((hit) => Number(hit._id)).sort((a, b) => a - b)
    );
  }
  return expectedIds.get(key)!;
}

beforeAll(async () => {
  const client = openSearchClient();
  await client.indices.create({
    index,
    body: {
      mappings: {
        properties: {
          id: { type: 'long' },
          k: { type: 'keyword' },
          k2: { type: 'keyword' },
          n: { type: 'long' },
          d: { type: 'double' },
          b: { type: 'boolean' },
          t: { type: 'date' },
          tz: { type: 'date' },
          day: { type: 'date' },
        },
      },
    },
  });
  const body = ROWS.flatMap((row) => [
    { index: { _index: index, _id: String(row.id) } },
    sourceOf(row),
  ]);
  const bulk = await client.bulk({ body, refresh: true });
  expect(bulk.body.errors).toBe(false);
});

afterAll(async () => {
  await openSearchClient().indices.delete({ index }, { ignore: [404] });
});

// ---------------------------------------------------------------------------------------------
// The databases

interface Database {
  connector: Connector;
  resource: ResourceRef;
  columns: Map<string, VirtualIndexColumn>;
  close(): Promise<void>;
}

interface Target {
  kind: 'postgres' | 'mysql' | 'sqlite';
  unavailable(): string | null;
  /** Skips the calling test when the database is unavailable. */
  require(ctx: Skippable): void;
  open(table: string): Promise<{ jdbc: JdbcConfig; resource: ResourceRef; drop(): Promise<void> }>;
}

const LIMITS = {
  poolSize: 2,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 30_000,
  idleTimeoutMs: 10_000,
  batchSize: 500,
  keyListTableBytes: DEFAULT_CONNECTOR_LIMITS.keyListTableBytes,
};

function rowValues(row: Row, kind: Target['kind']): unknown[] {
  const n = typeof row.n === 'string' ? BigInt(row.n) : row.n;
  if (kind !== 'sqlite') return [row.id, row.k, row.k2, n, row.d, row.b, row.t, row.tz, row.day];
  // SQLite keeps whatever text it is given: write dates in several forms that mean the same.
  const t =
    row.t === null
      ? null
      : row.id % 3 === 0
        ? row.t.replace(' ', 'T')
        : row.id % 3 === 1
          ? row.t.replace(/\.000$/, '')
          : row.t;
  const tz =
    row.tz === null
      ? null
      : row.id % 2 === 0
        ? row.tz
        : // The same instant written with a +02:00 offset.
          new Date(Date.parse(row.tz) + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
  const b = row.b === null ? null : row.id % 4 === 0 ? String(row.b) : row.b ? 1 : 0;
  return [row.id, row.k, row.k2, n, row.d, b, t, tz, row.day];
}

const postgres: Target = {
  kind: 'postgres',
  unavailable: () => databaseSkip('postgres'),
  require: (ctx) => void databaseUrl('postgres', ctx),
  async open(table) {
    const url = new URL(inject('postgresUrl')!);
    const admin = new Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`CREATE TABLE ${table} (id integer PRIMARY KEY, k text, k2 varchar(20),
      n bigint, d double precision, b boolean, t timestamp(3), tz timestamptz(3), day date)`);
    for (const row of ROWS) {
      await admin.query(
        `INSERT INTO ${table} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        rowValues(row, 'postgres')
      );
    }
    return {
      jdbc: {
        driver: 'org.postgresql.Driver',
        url: `jdbc:postgresql://${url.hostname}:${url.port || 5432}${url.pathname}`,
        username: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
      },
      resource: { schema: 'public', name: table },
      drop: async () => {
        await admin.query(`DROP TABLE IF EXISTS ${table}`);
        await admin.end();
      },
    };
  },
};

const mariadb: Target = {
  kind: 'mysql',
  unavailable: () => databaseSkip('mysql'),
  require: (ctx) => void databaseUrl('mysql', ctx),
  async open(table) {
    const url = new URL(inject('mysqlUrl')!);
    const admin = await mysql.createConnection({ uri: url.toString(), supportBigNumbers: true });
    await admin.query("SET time_zone = '+00:00'");
    // The database's default collation is case-insensitive (utf8mb4_general_ci), which would
    // make `term`, `prefix` and `range` on keywords case-insensitive: no collation is forced on
    // comparisons (docs/api/interface.md §8.2.10), so a user who wants OpenSearch's case-sensitive keywords
    // declares them so. NOPAD, unlike utf8mb4_bin, also keeps trailing spaces significant.
    await admin.query(`CREATE TABLE ${table} (id int PRIMARY KEY,
      k varchar(100) COLLATE utf8mb4_nopad_bin, k2 varchar(20) COLLATE utf8mb4_nopad_bin,
      n bigint, d double, b tinyint(1), t datetime(3), tz timestamp(3) NULL DEFAULT NULL,
      day date) CHARACTER SET utf8mb4`);
    for (const row of ROWS) {
      const values = rowValues(row, 'mysql').map((v) => (typeof v === 'bigint' ? v.toString() : v));
      // `tz` is written as UTC wall-clock text in the UTC session.
      values[7] = row.tz === null ? null : row.tz.replace('T', ' ').replace('Z', '');
      await admin.query(`INSERT INTO ${table} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, values);
    }
    return {
      jdbc: {
        driver: 'org.mariadb.jdbc.Driver',
        url: `jdbc:mariadb://${url.hostname}:${url.port || 3306}${url.pathname}`,
        username: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
      },
      resource: { name: table },
      drop: async () => {
        await admin.query(`DROP TABLE IF EXISTS ${table}`);
        await admin.end();
      },
    };
  },
};

const sqlite: Target = {
  kind: 'sqlite',
  unavailable: () => null,
  require: () => undefined,
  async open(table) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'federation-query-'));
    const file = path.join(dir, 'data.db');
    const db = new Database(file);
    db.exec(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, k TEXT, k2 TEXT, n INTEGER, d REAL,
      b BOOLEAN, t DATETIME, tz TIMESTAMP, day DATE)`);
    const insert = db.prepare(`INSERT INTO ${table} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    for (const row of ROWS) insert.run(...rowValues(row, 'sqlite'));
    db.close();
    return {
      jdbc: { driver: 'org.sqlite.JDBC', url: `jdbc:sqlite:${file}` },
      resource: { name: table },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  },
};

describe.each([postgres, mariadb, sqlite])('$kind', (target) => {
  let database: Database | undefined;

  beforeAll(async () => {
    if (target.unavailable()) return;
    const table = `qt_${Math.random().toString(36).slice(2, 10)}`;
    const opened = await target.open(table);
    const connector = createConnector(parseDatasourceConfig(opened.jdbc), LIMITS);
    const remote = await connector.describe(opened.resource);
    const columns = new Map<string, VirtualIndexColumn>();
    for (const column of remote) {
      if (column.mappedType === null) continue;
      columns.set(column.name, {
        name: column.name,
        remote_type: column.remoteType,
        type: column.mappedType,
        ...(column.mappedType === 'date' ? { zoned: column.zoned === true } : {}),
      });
    }
    // SQLite has no instant type: its `tz` holds instants as text with offsets, declared so.
    if (target.kind === 'sqlite') columns.set('tz', { ...columns.get('tz')!, zoned: true });
    database = {
      connector,
      resource: opened.resource,
      columns,
      close: async () => {
        await connector.close();
        await opened.drop();
      },
    };
  });

  afterAll(async () => {
    await database?.close();
  });

  function context(): TranslationContext {
    const dialect = database!.connector.dialect;
    return {
      dialect,
      columns: database!.columns,
      key: 'id',
      timezone: ZONE,
      now: Date.now(),
    };
  }

  async function sqlIds(query: unknown): Promise<number[]> {
    const ctx = context();
    const where = translateQuery(query, ctx);
    const { dialect } = ctx;
    const table = [database!.resource.schema, database!.resource.name]
      .filter((part) => part !== undefined)
      .map((part) => dialect.quoteIdentifier(part!))
      .join('.');
    const { sql, params } = renderSql(
      fragment`SELECT ${dialect.quoteIdentifier('id')} AS id FROM ${table} WHERE ${where}`,
      dialect
    );
    const rows = await database!.connector.query(sql, params);
    return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  }

  it('maps the columns as expected', (ctx) => {
    target.require(ctx);
    expect([...database!.columns.values()].map((c) => [c.name, c.type])).toEqual([
      ['id', 'long'],
      ['k', 'keyword'],
      ['k2', 'keyword'],
      ['n', 'long'],
      ['d', 'double'],
      ['b', 'boolean'],
      ['t', 'date'],
      ['tz', 'date'],
      ['day', 'date'],
    ]);
    expect(database!.columns.get('tz')!.zoned).toBe(true);
    expect(database!.columns.get('t')!.zoned).toBe(false);
  });

  it.for(QUERIES)('%s', async ([, query], ctx) => {
    target.require(ctx);
    const expected = await openSearchIds(query);
    expect(await sqlIds(query), JSON.stringify(query)).toEqual(expected);
  });

  it.for(REFUSED)('refuses, as OpenSearch does: %s', async ([, query], ctx) => {
    target.require(ctx);
    await expect(
      openSearchClient().search({ index, body: { query: query as never } })
    ).rejects.toMatchObject({ meta: { statusCode: 400 } });
    expect(() => translateQuery(query, context())).toThrow(FederationError);
    try {
      translateQuery(query, context());
    } catch (err) {
      expect((err as FederationError).status).toBe(400);
    }
  });
});
