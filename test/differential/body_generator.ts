/**
 * Random search bodies: a query, and/or aggregations, with the body features of the virtual
 * index (from, size, sort with order and missing, _source filtering, track_total_hits).
 * search_after is added by the test from the reference's own sort values (see random test).
 */
import { randomAggs } from './aggregation_generator';
import { Prng } from './prng';
import { randomQuery } from './query_generator';
import type { ValuePool } from './value_pool';

export interface GeneratedBody {
  body: Record<string, any>;
  /** Take search_after from a hit of the reference's answer to this body. */
  searchAfter: boolean;
}

const SORTABLE = ['k', 'k2', 'n', 'd', 'b', 't'];

export function randomBodies(seed: number, count: number, pool: ValuePool): GeneratedBody[] {
  const random = new Prng(seed);
  return Array.from({ length: count }, () => randomBody(random, pool));
}

function randomBody(random: Prng, pool: ValuePool): GeneratedBody {
  const body: Record<string, any> = {};
  if (random.chance(0.85)) body.query = randomQuery(random, pool);
  const withAggs = random.chance(0.45);
  if (withAggs) body.aggs = randomAggs(random, pool);
  let searchAfter = false;
  if (withAggs && random.chance(0.6)) {
    body.size = 0;
  } else if (random.chance(0.5)) {
    body.sort = randomSort(random, pool.key);
    body.size = random.int(0, 60);
    if (random.chance(0.3)) body.from = random.int(1, 200);
    else searchAfter = random.chance(0.35);
  } else {
    // Unsorted: ask for every match so hits compare as a set.
    body.size = 2100;
  }
  if (random.chance(0.35)) body._source = randomSource(random);
  if (random.chance(0.3)) body.track_total_hits = random.pick([true, false, 1, 50, 1000, 5000]);
  return { body, searchAfter };
}

/** One or two fields with random order and missing, then the key so the order is total. */
function randomSort(random: Prng, key: string): unknown[] {
  const sort: unknown[] = random.sample(SORTABLE, random.int(0, 2)).map((field) => {
    const order = random.pick(['asc', 'desc']);
    if (random.chance(0.2)) return field;
    if (random.chance(0.5)) return { [field]: order };
    return { [field]: { order, missing: random.pick(['_first', '_last']) } };
  });
  sort.push(random.chance(0.7) ? { [key]: random.pick(['asc', 'desc']) } : key);
  return sort;
}

function randomSource(random: Prng): unknown {
  switch (random.int(0, 4)) {
    case 0:
      return false;
    case 1:
      return random.sample(['id', 'k', 'k2', 'n', 'd', 'b', 't'], random.int(1, 3));
    case 2:
      return { includes: [random.pick(['k*', 'n', 't', '*'])] };
    case 3:
      return { excludes: random.sample(['k', 'k2', 'd', 't', 'k*'], random.int(1, 2)) };
    default:
      return { includes: ['k*', 'id'], excludes: ['k2'] };
  }
}
