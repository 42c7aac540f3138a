/**
 * The main differential data set: ~2,000 seeded rows with one column of every index field type,
 * biased towards values where SQL and OpenSearch semantics could part ways (LIKE metacharacters,
 * case, unicode order, nulls, empty strings, long extremes, DST transitions, pre-1970 dates).
 */
import { Prng } from './prng';
import type { ColumnSpec, DataRow, TableSpec } from './table_spec';

export const DATASET_SEED = 20240229;
export const DATASET_ROWS = 2000;

/**
 * The date the data set is "about": queries anchor date math here (`2024-06-15||-1d/d`) instead
 * of on the wall clock, so expectations do not move from one day to the next.
 */
export const DATASET_DATE = '2024-06-15T12:00:00.000Z';

export const COLUMNS: ColumnSpec[] = [
  { name: 'id', type: 'long' },
  { name: 'k', type: 'keyword' },
  { name: 'k2', type: 'keyword' },
  { name: 'n', type: 'long' },
  { name: 'd', type: 'double' },
  { name: 'b', type: 'boolean' },
  { name: 't', type: 'date' },
];

/** Low-cardinality keyword for aggregations; case variants on purpose (keyword is case-sensitive). */
export const K2_VALUES = ['alpha', 'Alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'];

const WORDS = [
  'apple',
  'Apple',
  'APPLE',
  'banana',
  'Cherry',
  'date',
  'elder',
  'Fig',
  'grape',
  'kiwi',
];
/** Characters that mean something to LIKE, to SQL string literals, or to the wildcard query. */
const SPECIALS = ['%', '_', '\\', "'", '"', '`', '--', ';', '*', '?', ' ', '.', '[', ']', '(', ')'];
/**
 * Unicode chosen to expose ordering and length bugs: accents, combining marks (two code points,
 * one glyph), RTL text, BMP characters above the surrogate range (U+FF46 sorts after U+D83D in
 * UTF-16 but before U+1F600 in UTF-8 byte order, which is what OpenSearch uses), emoji.
 */
const UNICODE = ['é', 'É', 'ß', 'ñ', '日本', 'Ω', '😀', '👍🏽', 'ｆ', 'ﬁ', 'e\u0301', 'אבג', 'عربي'];

/** Instants around the 2024 DST changes of Europe and the US, where zoned buckets shift. */
const DST_INSTANTS = [
  Date.UTC(2024, 2, 10, 7), // America/New_York springs forward
  Date.UTC(2024, 2, 31, 1), // Europe/* springs forward
  Date.UTC(2024, 9, 27, 1), // Europe/* falls back
  Date.UTC(2024, 10, 3, 6), // America/New_York falls back
];
const SPAN_START = Date.UTC(2023, 5, 1);
const SPAN_END = Date.UTC(2025, 5, 30);

export function datasetSpec(seed = DATASET_SEED, rows = DATASET_ROWS): TableSpec {
  const random = new Prng(seed);
  const out: DataRow[] = [];
  const usedIds = new Set<number>();
  for (let i = 0; i < rows; i++) {
    const id = nextId(random, i, usedIds);
    out.push({
      id,
      k: keyword(random, out),
      k2: random.chance(0.05) ? null : pickWeighted(random, K2_VALUES),
      n: long(random),
      d: double(random),
      b: random.chance(0.1) ? null : random.chance(0.5),
      t: date(random),
    });
  }
  return { columns: COLUMNS, key: 'id', rows: out };
}

function nextId(random: Prng, i: number, used: Set<number>): number {
  // Mostly increasing with gaps; a few negative and a few large (still < 2^53) keys.
  let id = random.chance(0.01)
    ? random.int(-5000, -1)
    : random.chance(0.01)
      ? random.int(1e12, 9e15)
      : i * 3 + random.int(1, 2);
  while (used.has(id)) id += 1;
  used.add(id);
  return id;
}

function keyword(random: Prng, previous: DataRow[]): string | null {
  if (random.chance(0.03)) return null;
  if (random.chance(0.01)) return '';
  // Repeats give the high-cardinality field some buckets with a count above one.
  if (previous.length > 0 && random.chance(0.1)) return random.pick(previous).k as string | null;
  const parts: string[] = [];
  const count = random.int(1, 3);
  for (let p = 0; p < count; p++) {
    const pool = random.chance(0.6) ? WORDS : random.chance(0.5) ? SPECIALS : UNICODE;
    parts.push(random.pick(pool));
  }
  return parts.join(random.pick(['', '', ' ', '-', '_']));
}

function pickWeighted(random: Prng, values: string[]): string {
  // Earlier values are more frequent, so terms ordering by count is not a tie everywhere.
  const index = Math.min(
    values.length - 1,
    Math.floor(Math.abs(random.next() - random.next()) * values.length * 1.5)
  );
  return values[index];
}

function long(random: Prng): number | null {
  if (random.chance(0.02)) return null;
  if (random.chance(0.03)) return 0;
  if (random.chance(0.03)) return (random.chance(0.5) ? -1 : 1) * random.int(1e12, 9e15);
  if (random.chance(0.15)) return random.int(-1_000_000, 1_000_000);
  return random.int(-1000, 1000);
}

function double(random: Prng): number | null {
  if (random.chance(0.05)) return null;
  if (random.chance(0.1)) return random.pick([0.1, 0.2, 0.3, 1 / 3, 2.5, -2.5, 1e-7, 0]);
  // Three decimals in ±1e5 keep sums far from cancellation, so 1e-9 relative error is enough.
  const value = Math.round((random.next() * 2 - 1) * 1e8) / 1000;
  return value === 0 ? 0 : value; // never -0: Lucene orders -0.0 before 0.0, SQL does not
}

function date(random: Prng): string | null {
  if (random.chance(0.05)) return null;
  let ms: number;
  if (random.chance(0.002))
    ms = Date.UTC(1969, 6, 20, 20, 17, random.int(0, 59), random.int(0, 999));
  else if (random.chance(0.2))
    ms = random.pick(DST_INSTANTS) + random.int(-3 * 3600_000, 3 * 3600_000);
  else if (random.chance(0.05))
    ms = Date.UTC(2024, random.int(0, 11), random.int(1, 28)); // exact UTC midnights: boundaries
  else ms = SPAN_START + Math.floor(random.next() * (SPAN_END - SPAN_START));
  return new Date(ms).toISOString();
}
