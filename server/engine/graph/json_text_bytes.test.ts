import { describe, expect, it } from 'vitest';
import { jsonTextBytes } from './json_text_bytes';

const exact = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

describe('jsonTextBytes', () => {
  it('measures what JSON.stringify writes, in UTF-8 bytes', () => {
    const values: unknown[] = [
      null,
      true,
      false,
      0,
      -12.5e-7,
      1e21,
      Number.NaN,
      '',
      'plain',
      'quote " backslash \\ newline \n tab \t bell \u0007 nul \u0000',
      'é € 𝄞 and a lone \ud800 surrogate, then \udc00',
      [],
      {},
      [1, 'two', [3, { four: 4 }], null, undefined, () => 1],
      { a: 1, skipped: undefined, f: () => 1, nested: { ключ: ['значение', { '': '' }] } },
      {
        label: 'investments',
        entities: [{ label: 'Company', indices: ['companies'], id: 'id' }],
        relations: [{ label: 'R', from: { entity: 'Company' }, to: { entity: 'Company' } }],
      },
    ];
    for (const value of values)
      expect(jsonTextBytes(value, 1_000_000), JSON.stringify(value)).toBe(exact(value));
  });

  it('stops past the bound, answering one more than it', () => {
    expect(jsonTextBytes('x'.repeat(100), 50)).toBe(51);
    expect(jsonTextBytes({ a: ['€'.repeat(20)] }, 40)).toBe(41);
    // Exactly at the bound is not over it.
    const value = { a: 'x'.repeat(10) };
    expect(jsonTextBytes(value, exact(value))).toBe(exact(value));
  });

  it('walks a deep value without recursion', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonTextBytes(deep, 10_000_000)).toBe(200_000 + 6);
  });

  it('measures a huge array only up to the bound', () => {
    const huge = Array.from({ length: 200_000 }, () => ({ label: 'entity' }));
    expect(jsonTextBytes(huge, 1_000)).toBe(1_001);
  });
});
