import { describe, expect, it } from 'vitest';
import { indexStems, joinPairCandidates, NAME_SCORES } from './join_pair_names';
import type { IndexField } from './mapping_fields';

const field = (name: string, type: string): IndexField => ({ name, type, types: [type] });

// The demo data set (scripts/demo/load_demo_data.ts).
const demoCompanies = [
  field('id', 'long'),
  field('name', 'text'),
  field('name.keyword', 'keyword'),
  field('country', 'keyword'),
  field('sector', 'keyword'),
  field('founded', 'integer'),
];
const demoArticles = [
  field('id', 'long'),
  field('title', 'text'),
  field('company_id', 'long'),
  field('published', 'date'),
  field('sentiment', 'double'),
];

const pairs = (candidates: Array<{ parentField: string; childField: string }>) =>
  candidates.map((c) => `${c.parentField}=${c.childField}`);

describe('joinPairCandidates', () => {
  it('offers a parent field that names the child index (articles.company_id → companies.id) first', () => {
    const candidates = joinPairCandidates(
      'demo-articles',
      'demo-companies',
      demoArticles,
      demoCompanies,
      6
    );
    expect(candidates[0]).toEqual({
      parentField: 'company_id',
      childField: 'id',
      nameScore: NAME_SCORES.referencesIndex,
    });
    expect(pairs(candidates)).toContain('id=id');
    // `founded` (integer) and `company_id` (long) are one family, but the names do not relate.
    expect(pairs(candidates)).not.toContain('company_id=founded');
  });

  it('offers a child field that names the parent index, and <index>_<field> keys', () => {
    const companies = [field('id', 'long'), field('code', 'keyword')];
    const articles = [field('company_id', 'long'), field('company_code', 'keyword')];
    expect(pairs(joinPairCandidates('companies', 'articles', companies, articles, 6))).toEqual([
      'id=company_id',
      'code=company_code',
    ]);
  });

  it('pairs keys of one family (integers or keywords, a virtual child alike), never two families', () => {
    const companies = [field('id', 'long'), field('code', 'keyword')];
    const orders = [field('company_id', 'keyword'), field('company_code', 'keyword')];
    expect(pairs(joinPairCandidates('companies', 'vi_orders', companies, orders, 6))).toEqual([
      'code=company_code',
    ]);
  });

  it('lets two id-like fields whose names do not relate through, for their values to decide', () => {
    const parents = [field('pid', 'integer'), field('name', 'keyword')];
    const children = [field('parent_id', 'integer'), field('kind', 'keyword')];
    expect(joinPairCandidates('e2e-join-a', 'e2e-join-b', parents, children, 6)).toEqual([
      { parentField: 'pid', childField: 'parent_id', nameScore: NAME_SCORES.typesOnly },
    ]);
  });

  it('stops at the limit, best named first', () => {
    const many = Array.from({ length: 10 }, (_, i) => field(`k${i}_id`, 'long'));
    const candidates = joinPairCandidates('a', 'b', many, many, 3);
    expect(candidates).toHaveLength(3);
    expect(candidates.every((c) => c.nameScore === NAME_SCORES.sameIdName)).toBe(true);
  });
});

describe('indexStems', () => {
  it('singularises the words of an index name', () => {
    expect(indexStems('demo-companies')).toEqual(['demo', 'compan']);
    expect(indexStems('shop_orders')).toEqual(['shop', 'order']);
  });
});
