/**
 * A seeded parent/child data set for join tests, loaded into real OpenSearch indices, with the
 * raw rows kept so each test computes the expected answer by brute force.
 */
import type { Client } from '@opensearch-project/opensearch';
import { fixtureReplicas } from '../bed/context';

export interface Company {
  id: number;
  code: string;
  country: string;
  size: number;
}

export interface Article {
  id: number;
  company_id: number;
  company_code: string;
  author_id: number;
  sentiment: number;
  amount: number;
}

export interface Author {
  id: number;
  country: string;
  senior: boolean;
}

export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COUNTRIES = ['FI', 'NO', 'SE', 'DK', 'IS'];

export function joinRows(companies: number, articles: number, authors: number, seed = 7) {
  const next = seeded(seed);
  const companyRows: Company[] = Array.from({ length: companies }, (_, i) => ({
    id: i + 1,
    code: `C-${(i + 1).toString(36).toUpperCase()}`,
    country: COUNTRIES[Math.floor(next() * COUNTRIES.length)],
    size: Math.floor(next() * 1000),
  }));
  const authorRows: Author[] = Array.from({ length: authors }, (_, i) => ({
    id: i + 1,
    country: COUNTRIES[Math.floor(next() * COUNTRIES.length)],
    senior: next() < 0.3,
  }));
  const articleRows: Article[] = Array.from({ length: articles }, (_, i) => {
    // Some articles point at companies that do not exist, as real data does.
    const company = Math.floor(next() * companies * 1.1) + 1;
    return {
      id: i + 1,
      company_id: company,
      company_code: `C-${company.toString(36).toUpperCase()}`,
      author_id: Math.floor(next() * authors) + 1,
      sentiment: Math.round((next() * 2 - 1) * 100) / 100,
      amount: Math.floor(next() * 10_000),
    };
  });
  return { companies: companyRows, articles: articleRows, authors: authorRows };
}

export const MAPPINGS = {
  companies: {
    id: { type: 'long' },
    code: { type: 'keyword' },
    country: { type: 'keyword' },
    size: { type: 'long' },
  },
  articles: {
    id: { type: 'long' },
    company_id: { type: 'long' },
    company_code: { type: 'keyword' },
    author_id: { type: 'long' },
    sentiment: { type: 'double' },
    amount: { type: 'long' },
  },
  authors: { id: { type: 'long' }, country: { type: 'keyword' }, senior: { type: 'boolean' } },
};

/**
 * Creates `index` with `properties` and bulk-loads `docs` (id as `_id`), in batches. `settings`
 * adds to or overrides the defaults (2 shards, the project's replicas).
 */
export async function loadIndex(
  client: Client,
  index: string,
  properties: Record<string, unknown>,
  docs: Array<{ id: number }>,
  settings: Record<string, unknown> = {}
): Promise<void> {
  await client.indices.create({
    index,
    body: {
      settings: {
        number_of_shards: 2,
        number_of_replicas: fixtureReplicas(),
        refresh_interval: -1,
        ...settings,
      },
      mappings: { properties },
    } as never,
  });
  for (let start = 0; start < docs.length; start += 10_000) {
    const body = docs
      .slice(start, start + 10_000)
      .flatMap((doc) => [{ index: { _index: index, _id: String(doc.id) } }, doc]);
    const response = await client.bulk({ body });
    if (response.body.errors) throw new Error(`bulk load of ${index} failed`);
  }
  await client.indices.refresh({ index });
}

export function ids(hits: Array<{ _id: string }>): number[] {
  return hits.map((h) => Number(h._id)).sort((a, b) => a - b);
}

export function sortedUnique(values: number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}
