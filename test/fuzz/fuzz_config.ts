/**
 * The fuzz run's size and seed, from the environment:
 *   FUZZ_SEED   the run's seed (decimal or 0x-hex); default fixed, so CI is reproducible
 *   FUZZ_CASES  cases per run over all categories (default 2000)
 *   FUZZ_ONLY   `category:index[,category:index...]`: replay just those cases
 *   FUZZ_ROWS   rows of the data set behind every index (default 40)
 *   FUZZ_HEALTH_EVERY  a health probe after this many cases (default 100)
 *   FUZZ_SHOW   failure classes printed in full (default 30)
 *   FUZZ_VERBOSE=1  one line per case: time, problems, request
 *   FUZZ_ROUTES  `_graph,_msearch`: fuzz only the routes whose `METHOD path` contains one of
 *                these (case numbers then differ from a full run: replay with the same value)
 */
import { seedFromEnv } from '../differential/prng';
import { CATEGORIES, type Category } from './case_generator';

export const DEFAULT_FUZZ_SEED = 20251123;

export interface FuzzConfig {
  seed: number;
  total: number;
  /** Per category: the indices to run. */
  plan: Map<Category, number[]>;
  rows: number;
  healthEvery: number;
  show: number;
  verbose: boolean;
  /** Substrings of `METHOD path`; only matching routes are fuzzed. Null: every route. */
  routes: string[] | null;
}

function intFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name}=${raw} must be an integer >= ${min}`);
  return value;
}

export function fuzzConfig(): FuzzConfig {
  const total = intFromEnv('FUZZ_CASES', 2_000, 1);
  const plan = new Map<Category, number[]>();
  const only = process.env.FUZZ_ONLY?.trim();
  const names = Object.keys(CATEGORIES) as Category[];
  if (only) {
    for (const name of names) plan.set(name, []);
    for (const item of only.split(',')) {
      const [category, index] = item.trim().split(':');
      if (!names.includes(category as Category) || !/^\d+$/.test(index ?? ''))
        throw new Error(
          `FUZZ_ONLY item [${item}] is not <category>:<index>; categories: ${names.join(', ')}`
        );
      plan.get(category as Category)!.push(Number(index));
    }
  } else {
    for (const name of names) {
      const count = Math.max(1, Math.round(total * CATEGORIES[name]));
      plan.set(
        name,
        Array.from({ length: count }, (_, i) => i)
      );
    }
  }
  return {
    seed: seedFromEnv('FUZZ_SEED', DEFAULT_FUZZ_SEED),
    total,
    plan,
    rows: intFromEnv('FUZZ_ROWS', 40, 5),
    healthEvery: intFromEnv('FUZZ_HEALTH_EVERY', 100, 1),
    show: intFromEnv('FUZZ_SHOW', 30, 1),
    verbose: process.env.FUZZ_VERBOSE === '1',
    routes: process.env.FUZZ_ROUTES?.trim()
      ? process.env.FUZZ_ROUTES.split(',').map((r) => r.trim())
      : null,
  };
}
