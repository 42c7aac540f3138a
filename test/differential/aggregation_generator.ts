/**
 * Random aggregations from a seeded PRNG: every metric and bucket aggregation of docs/api/interface.md §4.6, with
 * metrics or a terms inside buckets. Options that would create tens of thousands of empty
 * buckets over the data's 1969–2025 span (min_doc_count 0 with small intervals) are avoided:
 * OpenSearch would refuse them (max_buckets) and they say nothing new. Only the options the
 * issue lists are generated; the hand-written cases try a few more (format, other_bucket_key).
 */
import type { Prng } from './prng';
import { randomQuery, UNKNOWN_FIELD, valueFor } from './query_generator';
import { fieldsOfType, type ValuePool } from './value_pool';

type Agg = Record<string, unknown>;

const ZONES = [
  undefined,
  'UTC',
  'Europe/Helsinki',
  'America/New_York',
  '+05:30',
  '-08:00',
  'Asia/Kathmandu',
];

export function randomAggs(random: Prng, pool: ValuePool): Record<string, Agg> {
  const aggs: Record<string, Agg> = {};
  const count = random.int(1, 2);
  for (let i = 0; i < count; i++) {
    aggs[`a${i}`] = random.chance(0.35)
      ? randomMetric(random, pool)
      : randomBucket(random, pool, true);
  }
  return aggs;
}

export function randomMetric(random: Prng, pool: ValuePool): Agg {
  const kind = random.pick(['avg', 'sum', 'min', 'max', 'cardinality'] as const);
  let fields: string[];
  if (kind === 'cardinality') fields = [...pool.types.keys()];
  else if (kind === 'avg' || kind === 'sum') fields = fieldsOfType(pool, 'long', 'double');
  else fields = fieldsOfType(pool, 'long', 'double', 'date');
  // Now and then a field OpenSearch answers without error although it is not a column, or one of
  // a type the metric refuses (both sides must then fail alike).
  const field = random.chance(0.04)
    ? UNKNOWN_FIELD
    : random.chance(0.03)
      ? 'k'
      : random.pick(fields);
  return { [kind]: { field } };
}

function randomBucket(random: Prng, pool: ValuePool, topLevel: boolean): Agg {
  const kind = random.pick([
    'terms',
    'terms',
    'histogram',
    'date_histogram',
    'date_histogram',
    'range',
    'date_range',
    'filters',
  ] as const);
  const bucket = BUCKETS[kind](random, pool, topLevel);
  const roll = random.next();
  if (roll < 0.35) {
    const metrics: Record<string, Agg> = {};
    for (let i = 0; i < random.int(1, 2); i++) metrics[`m${i}`] = randomMetric(random, pool);
    bucket.aggs = metrics;
  } else if (roll < 0.6) {
    // Only a terms aggregation may nest inside a bucket aggregation (docs/api/interface.md §4.6).
    const inner = terms(random, pool, false);
    if (random.chance(0.4)) inner.aggs = { m0: randomMetric(random, pool) };
    bucket.aggs = { inner };
  }
  return bucket;
}

const BUCKETS: Record<string, (random: Prng, pool: ValuePool, topLevel: boolean) => Agg> = {
  terms: (random, pool, topLevel) => terms(random, pool, topLevel),
  histogram: (random) => {
    const field = random.pick(['n', 'd']);
    const options: Record<string, unknown> = { field };
    if (field === 'n') {
      options.interval = random.pick([100, 1000, 1e6, 1e15]);
      // n spans ±9e15: only the widest interval can afford empty buckets.
      options.min_doc_count = options.interval === 1e15 ? random.pick([0, 1]) : random.int(1, 3);
    } else {
      options.interval = random.pick([0.5, 1000, 5000, 25000]);
      options.min_doc_count = options.interval === 0.5 ? random.int(1, 2) : random.pick([0, 1, 3]);
      if (options.min_doc_count === 0 && random.chance(0.3))
        options.extended_bounds = { min: -200000, max: 150000 };
    }
    return { histogram: options };
  },
  date_histogram: (random) => {
    const options: Record<string, unknown> = { field: 't' };
    const zone = random.pick(ZONES);
    if (zone) options.time_zone = zone;
    if (random.chance(0.6)) {
      const interval = random.pick(['month', '1M', 'quarter', 'year', 'week', 'day', 'hour']);
      options.calendar_interval = interval;
      const coarse = ['month', '1M', 'quarter', 'year'].includes(interval);
      options.min_doc_count = coarse ? random.pick([0, 1, 4]) : random.int(1, 3);
      if (coarse && options.min_doc_count === 0 && random.chance(0.3))
        options.extended_bounds = { min: '2023-01-01', max: '2026-06-30' };
    } else {
      const interval = random.pick(['45m', '1h', '6h', '1d', '7d', '30d', '90d']);
      options.fixed_interval = interval;
      options.min_doc_count = ['30d', '90d'].includes(interval)
        ? random.pick([0, 2])
        : random.int(1, 3);
    }
    return { date_histogram: options };
  },
  range: (random, pool) => {
    const field = random.pick(['n', 'd']);
    const ranges = Array.from({ length: random.int(1, 4) }, (_, i) => {
      const a = Number(valueFor(random, pool, field));
      const b = Number(valueFor(random, pool, field));
      const range: Record<string, unknown> = {};
      if (random.chance(0.8)) range.from = Math.min(a, b);
      if (random.chance(0.8) || range.from === undefined) range.to = Math.max(a, b);
      if (random.chance(0.2)) range.key = `r${i}`;
      return range;
    });
    return { range: { field, ranges } };
  },
  date_range: (random, pool) => {
    const ranges = Array.from({ length: random.int(1, 3) }, () => {
      const [x, y] = [valueFor(random, pool, 't'), valueFor(random, pool, 't')].map((v) =>
        typeof v === 'number' ? v : Date.parse(String(v))
      );
      const from = Math.min(x, y);
      const to = Math.max(x, y);
      const range: Record<string, unknown> = {};
      if (random.chance(0.8))
        range.from = random.chance(0.5)
          ? new Date(from).toISOString()
          : `${new Date(from).toISOString()}||/M`;
      if (random.chance(0.8) || range.from === undefined)
        // `now` rounded: buckets show their bounds, and each side evaluates `now` at its own moment.
        range.to = random.chance(0.3) ? 'now/d' : new Date(to).toISOString();
      return range;
    });
    return { date_range: { field: 't', ranges } };
  },
  filters: (random, pool) => {
    const list = Array.from({ length: random.int(1, 3) }, () => randomQuery(random, pool, 1));
    const options: Record<string, unknown> = random.chance(0.5)
      ? { filters: list }
      : { filters: Object.fromEntries(list.map((f, i) => [`f${i}`, f])) };
    return { filters: options };
  },
};

function terms(random: Prng, pool: ValuePool, topLevel: boolean): Agg {
  const field = random.pick(['k2', 'k2', 'k', 'n', 'b', 'd', 't']);
  const options: Record<string, unknown> = { field };
  if (random.chance(0.7)) options.size = random.int(1, 15);
  if (random.chance(0.5))
    options.order = random.pick([
      { _count: 'desc' },
      { _count: 'asc' },
      { _key: 'asc' },
      { _key: 'desc' },
    ]);
  // min_doc_count 0 lists every term of the index in each bucket: only for small fields on top.
  if (random.chance(0.3))
    options.min_doc_count =
      topLevel && (field === 'k2' || field === 'b') ? random.pick([0, 2]) : random.int(1, 20);
  return { terms: options };
}
