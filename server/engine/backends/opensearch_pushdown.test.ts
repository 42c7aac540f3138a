import { describe, expect, it } from 'vitest';
import { OpenSearchFields } from './opensearch_fields';
import { pushOpenSearchLeaf } from './opensearch_pushdown';
import type { LeafPredicate } from './predicate_split';

/** Field caps and mapping answers for a few fields, as OpenSearch gives them (unit logic only). */
const MAPPINGS: Record<string, Record<string, unknown>> = {
  n: { type: 'long' },
  f: { type: 'float' },
  d: { type: 'date', format: 'yyyy/MM/dd' },
  b: { type: 'boolean' },
  ip: { type: 'ip' },
  k: { type: 'keyword' },
  norm: { type: 'keyword', normalizer: 'lower' },
  short: { type: 'keyword', ignore_above: 5 },
  t: { type: 'text' },
  title: { type: 'text' },
  'title.keyword': { type: 'keyword' },
};

function fields(): OpenSearchFields {
  return new OpenSearchFields(async <T>(api: string[], querystring?: Record<string, unknown>) => {
    if (api[0] === '_field_caps') {
      const name = String(querystring!.fields);
      const mapping = MAPPINGS[name];
      return { fields: mapping ? { [name]: { [String(mapping.type)]: {} } } : {} } as T;
    }
    const name = api[2];
    const mapping = MAPPINGS[name];
    return {
      idx: {
        mappings: mapping ? { [name]: { mapping: { [name.split('.').pop()!]: mapping } } } : {},
      },
    } as T;
  }, true);
}

const cmp = (field: string, operator: '=' | '<>' | '<' | '>=', value: string | number | boolean) =>
  ({ kind: 'compare', field, operator, value }) as LeafPredicate;

describe('what OpenSearch evaluates exactly', () => {
  it('pushes comparisons of matching types on integer, date, boolean and keyword fields', async () => {
    const f = fields();
    expect(await pushOpenSearchLeaf(cmp('n', '>=', 2.5), f)).toEqual({
      range: { n: { gte: 2.5 } },
    });
    expect(await pushOpenSearchLeaf(cmp('b', '=', true), f)).toEqual({ term: { b: true } });
    expect(await pushOpenSearchLeaf(cmp('k', '<', 'm'), f)).toEqual({ range: { k: { lt: 'm' } } });
    expect(await pushOpenSearchLeaf({ kind: 'prefix', field: 'k', value: 'a' }, f)).toEqual({
      prefix: { k: 'a' },
    });
    // The field's own format is `yyyy/MM/dd`: the ISO value carries its own format.
    expect(await pushOpenSearchLeaf(cmp('d', '<', '2024-01-01T10:00:00Z'), f)).toEqual({
      range: { d: { lt: '2024-01-01T10:00:00Z', format: 'strict_date_optional_time' } },
    });
    expect(await pushOpenSearchLeaf(cmp('ip', '=', '10.0.0.1'), f)).toEqual({
      term: { ip: '10.0.0.1' },
    });
  });

  it('reads a text field through its keyword subfield', async () => {
    expect(await pushOpenSearchLeaf(cmp('title', '=', 'Dune'), fields())).toEqual({
      term: { 'title.keyword': 'Dune' },
    });
    expect(await pushOpenSearchLeaf(cmp('t', '=', 'Dune'), fields())).toBeNull();
  });

  it('leaves what term-level queries would answer differently to the caller', async () => {
    const f = fields();
    for (const leaf of [
      cmp('n', '=', '5'), // a string on a number field
      cmp('f', '=', 0.1), // float stores a rounded value
      cmp('d', '=', '2024/01/01'), // not ISO text
      cmp('b', '<', true),
      cmp('ip', '<', '10.0.0.1'),
      cmp('ip', '=', '10.0.0.0/8'), // a CIDR term matches a range of addresses
      cmp('k', '=', 5),
      cmp('k', '<', '\u{1F600}'), // bytes and UTF-16 units order this differently
      cmp('norm', '=', 'A'), // a normalizer matches other spellings
      cmp('short', '<>', 'abc'), // values past ignore_above are not indexed
      { kind: 'exists', field: 'short' } as LeafPredicate,
      cmp('short', '=', 'abcdefg'),
      cmp('missing', '=', 1), // unmapped: `_source` may still hold it
    ]) {
      expect(await pushOpenSearchLeaf(leaf, f), JSON.stringify(leaf)).toBeNull();
    }
    expect(await pushOpenSearchLeaf(cmp('short', '=', 'abc'), f)).toEqual({
      term: { short: 'abc' },
    });
  });

  it('answers `_id` with ids queries', async () => {
    const f = fields();
    expect(await pushOpenSearchLeaf(cmp('_id', '=', 'x'), f)).toEqual({ ids: { values: ['x'] } });
    expect(await pushOpenSearchLeaf({ kind: 'in', field: '_id', values: ['x', 'y'] }, f)).toEqual({
      ids: { values: ['x', 'y'] },
    });
    expect(await pushOpenSearchLeaf(cmp('_id', '<', 'x'), f)).toBeNull();
  });
});
