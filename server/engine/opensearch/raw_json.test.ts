import { describe, expect, it } from 'vitest';
import { RawJson, serializeBody } from './raw_json';

const raw = (value: unknown) =>
  new RawJson(
    () => Buffer.from(JSON.stringify(value)),
    () => value,
    0
  );

describe('serializeBody', () => {
  it('is JSON.stringify for a body without raw parts', () => {
    const body = { query: { term: { a: 'x\u0000raw-' } }, size: 3 };
    expect(serializeBody(body)).toBe(JSON.stringify(body));
  });

  it('splices each raw part in its place, in order, however deep', () => {
    const body = {
      query: {
        bool: {
          should: [{ terms: { k: raw(['a', 'b']) } }, { terms: { k: raw(['c"']) } }],
          filter: raw({ match_all: {} }),
        },
      },
    };
    const sent = serializeBody(body);
    expect(Buffer.isBuffer(sent)).toBe(true);
    expect(JSON.parse(sent.toString())).toEqual({
      query: {
        bool: {
          should: [{ terms: { k: ['a', 'b'] } }, { terms: { k: ['c"'] } }],
          filter: { match_all: {} },
        },
      },
    });
  });

  it('leaves user text that looks like a marker alone', () => {
    const body = { a: '\u0000raw-0123456789abcdef-0', b: raw([1]) };
    expect(JSON.parse(serializeBody(body).toString())).toEqual({
      a: '\u0000raw-0123456789abcdef-0',
      b: [1],
    });
  });

  it('gives the plain value to any other serialization', () => {
    expect(JSON.stringify({ k: raw(['a']) })).toBe('{"k":["a"]}');
  });
});
