/**
 * Hand-written query cases: every query type of docs/api/interface.md §4.6 with the edge cases where a SQL
 * translation is likely to go wrong. Values are taken from the generated rows, so each case
 * keeps matching something when the generator changes.
 */
import { DATASET_DATE } from './dataset';
import type { DataRow, TableSpec } from './table_spec';

export interface Case {
  name: string;
  body: Record<string, unknown>;
  /** The reference must find nothing (the case checks that the virtual index agrees). */
  empty?: boolean;
  /** Hit members some reference hit must carry (so comparing them is not vacuous). */
  carries?: ReadonlyArray<'highlight' | 'fields' | '_version'>;
}

/** Unsorted bodies ask for every match, so hits compare as sets. */
const ALL = 2100;

function q(name: string, query: unknown, extra: Partial<Case> = {}): Case {
  return { name, body: { query, size: ALL }, ...extra };
}

export function queryCases(spec: TableSpec): Case[] {
  const rows = spec.rows;
  const kWith = (part: string) => firstK(rows, (k) => k.includes(part));
  const someDate = rows.find((r) => r.t !== null)!.t as string;
  const bigN = rows.find((r) => Math.abs(Number(r.n)) > 1e12)!.n as number;
  const ids = [rows[0].id, rows[17].id, rows[1999].id].map(String);
  const anchor = DATASET_DATE;
  return [
    q('match_all', { match_all: {} }),
    q('term on keyword', { term: { k2: 'alpha' } }),
    q('term is case-sensitive', { term: { k2: 'Alpha' } }),
    q('term with value object and boost', { term: { k2: { value: 'beta', boost: 2 } } }),
    q('term with a % value', { term: { k: kWith('%') } }),
    q('term with a _ value', { term: { k: kWith('_') } }),
    q('term with a backslash value', { term: { k: kWith('\\') } }),
    q("term with a ' value", { term: { k: kWith("'") } }),
    q('term with a " value', { term: { k: kWith('"') } }),
    q('term on the empty string', { term: { k: '' } }),
    q('term with an emoji', { term: { k: kWith('😀') } }),
    q('term with a combining mark', { term: { k: kWith('e\u0301') } }),
    q('term with RTL text', { term: { k: kWith('אבג') } }),
    q('term on long zero', { term: { n: 0 } }),
    q('term on a large long', { term: { n: bigN } }),
    q('term on long given as text', { term: { n: String(rows[3].n) } }),
    q('term on long with a fraction matches nothing', { term: { n: 1.5 } }, { empty: true }),
    q('term on double', { term: { d: 2.5 } }),
    q('term on double 1/3', { term: { d: 1 / 3 } }),
    q('term on boolean', { term: { b: true } }),
    q('term on boolean as text', { term: { b: 'false' } }),
    q('term on date text', { term: { t: someDate } }),
    q('term on date epoch millis', { term: { t: Date.parse(someDate) } }),
    q('term on the key', { term: { id: rows[5].id } }),
    q('term on an unknown field', { term: { nope: 'x' } }, { empty: true }),
    q('match behaves as keyword equality', { match: { k2: 'gamma' } }),
    q('terms on keyword', { terms: { k2: ['alpha', 'beta', 'no-such'] } }),
    q('terms with hostile values', { terms: { k: [kWith('%'), kWith('\\'), kWith("'"), ''] } }),
    q('terms on long', { terms: { n: [0, rows[1].n, rows[2].n, bigN] } }),
    q('terms on boolean', { terms: { b: [false] } }),
    q('terms on dates', { terms: { t: [someDate, rows[9].t] } }),
    q('terms empty list', { terms: { k2: [] } }, { empty: true }),
    q('range on long', { range: { n: { gte: -10, lt: 10 } } }),
    q('range on large longs', { range: { n: { gt: 1e12 } } }),
    q('range on long with fractional bounds', { range: { n: { gte: 1.5, lte: 9.5 } } }),
    q('range on double', { range: { d: { gt: -2.5, lte: 0.3 } } }),
    q('range on keyword', { range: { k: { gte: 'a', lt: 'c' } } }),
    q('range on keyword above the empty string', { range: { k: { gt: '' } } }),
    q('range on keyword across unicode', { range: { k: { gt: 'z', lt: '\u{1F600}' } } }),
    q('range on date', { range: { t: { gte: '2024-03-10', lt: '2024-03-11' } } }),
    q('range on date, lte rounds date-only up', {
      range: { t: { gt: '2024-03-09', lte: '2024-03-10' } },
    }),
    q('range on date with format', {
      range: { t: { gte: '01/03/2024', lte: '31/03/2024', format: 'dd/MM/yyyy' } },
    }),
    q('range on date with epoch_millis', {
      range: {
        t: { gte: Date.UTC(2024, 9, 27), lt: Date.UTC(2024, 9, 28), format: 'epoch_millis' },
      },
    }),
    q('range with anchored date math and rounding', {
      range: { t: { gte: `${anchor}||-1M/d`, lte: `${anchor}||/d` } },
    }),
    q('range with gt/lt rounding to months', {
      range: { t: { gt: `${anchor}||-3M/M`, lt: `${anchor}||+1M/M` } },
    }),
    q('range with now', { range: { t: { gte: 'now-20y/y', lt: 'now' } } }),
    q('range with now-1d/d', { range: { t: { gte: 'now-1d/d' } } }, { empty: true }),
    q('range with time_zone', {
      range: {
        t: { gte: '2024-03-31T00:00:00', lt: '2024-04-01T00:00:00', time_zone: 'Europe/Helsinki' },
      },
    }),
    q('range before 1970', { range: { t: { lt: '1970-01-01' } } }),
    q('range on an unknown field', { range: { nope: { gte: 1 } } }, { empty: true }),
    q('exists on keyword', { exists: { field: 'k' } }),
    q('exists on date', { exists: { field: 't' } }),
    q('exists on an unknown field', { exists: { field: 'nope' } }, { empty: true }),
    q('prefix', { prefix: { k: 'app' } }),
    q('prefix is case-sensitive', { prefix: { k: 'App' } }),
    q('prefix with %', { prefix: { k: '%' } }),
    q('prefix with _', { prefix: { k: '_' } }),
    q('prefix with a backslash', { prefix: { k: '\\' } }),
    q("prefix with '", { prefix: { k: "'" } }),
    q('prefix with a value object', { prefix: { k2: { value: 'al' } } }),
    q('prefix with a combining mark', { prefix: { k: 'e\u0301' } }),
    q('prefix with an emoji', { prefix: { k: '😀' } }),
    q('prefix case_insensitive', { prefix: { k: { value: 'APP', case_insensitive: true } } }),
    q('wildcard *', { wildcard: { k: 'app*' } }),
    q('wildcard leading *', { wildcard: { k: '*e' } }),
    q('wildcard ?', { wildcard: { k: 'a?ple' } }),
    q('wildcard ? on one code point', { wildcard: { k: '?kiwi' } }),
    q('wildcard literal %', { wildcard: { k: '*%*' } }),
    q('wildcard literal _', { wildcard: { k: '*_*' } }),
    q('wildcard escaped backslash', { wildcard: { k: '*\\\\*' } }),
    q('wildcard escaped *', { wildcard: { k: '*\\**' } }),
    q('wildcard escaped ?', { wildcard: { k: '\\?*' } }),
    q('wildcard with a value object', { wildcard: { k2: { value: 'al*a' } } }),
    q('wildcard case_insensitive', {
      wildcard: { k: { value: 'apple*', case_insensitive: true } },
    }),
    q('ids', { ids: { values: [...ids, 'nope', '-1'] } }),
    q('bool must', { bool: { must: [{ term: { k2: 'alpha' } }, { range: { n: { gte: 0 } } }] } }),
    q('bool filter', { bool: { filter: [{ term: { b: true } }, { exists: { field: 't' } }] } }),
    q('bool should', { bool: { should: [{ term: { k2: 'beta' } }, { prefix: { k: 'kiwi' } }] } }),
    q('bool should is optional next to must', {
      bool: { must: { term: { k2: 'gamma' } }, should: [{ term: { b: true } }] },
    }),
    q('bool minimum_should_match 2', {
      bool: {
        should: [{ term: { k2: 'alpha' } }, { term: { b: true } }, { range: { n: { gt: 0 } } }],
        minimum_should_match: 2,
      },
    }),
    q('bool minimum_should_match percentage', {
      bool: {
        should: [{ term: { k2: 'zeta' } }, { term: { b: false } }, { range: { d: { lt: 0 } } }],
        minimum_should_match: '67%',
      },
    }),
    q('bool minimum_should_match negative', {
      bool: {
        filter: { exists: { field: 'n' } },
        should: [{ term: { k2: 'delta' } }, { term: { b: false } }, { range: { d: { lt: 0 } } }],
        minimum_should_match: -1,
      },
    }),
    q('bool must_not', {
      bool: { must_not: [{ term: { k2: 'alpha' } }, { exists: { field: 'd' } }] },
    }),
    q('bool must_not alone keeps nulls', { bool: { must_not: { term: { b: true } } } }),
    q('nested bool', {
      bool: {
        should: [
          { bool: { must: [{ term: { k2: 'beta' } }], must_not: [{ range: { n: { lt: 0 } } }] } },
          { bool: { filter: [{ wildcard: { k: '*kiwi*' } }, { term: { b: false } }] } },
        ],
        must_not: { ids: { values: ids } },
      },
    }),
    q('empty bool matches all', { bool: {} }),
  ];
}

function firstK(rows: DataRow[], test: (k: string) => boolean): string {
  const found = rows.find((r) => typeof r.k === 'string' && test(r.k));
  if (!found) throw new Error('the data set has no such keyword');
  return found.k as string;
}
