import { describe, expect, it } from 'vitest';
import { topLevelSourceFields } from './source_fields';

const hit = (source?: Record<string, unknown>) => ({ _index: 'i', _id: '1', _source: source });

describe('topLevelSourceFields', () => {
  it('lists the top-level fields the page holds, in the order they first appear', () => {
    expect(
      topLevelSourceFields([
        hit({ id: 1, name: 'a' }),
        hit(),
        hit({ name: 'b', customer: { x: 1 } }),
      ])
    ).toEqual({ fields: ['id', 'name', 'customer'], more: 0 });
  });

  it('stops at the limit and counts the rest', () => {
    expect(topLevelSourceFields([hit({ a: 1, b: 2, c: 3 })], 2)).toEqual({
      fields: ['a', 'b'],
      more: 1,
    });
  });
});
