import { describe, expect, it } from 'vitest';
import { FederationError } from '../engine/errors';
import { parseJsonBody, parseNdjsonBody } from './request_body';

describe('parseJsonBody', () => {
  it('parses buffers and strings, and treats empty bodies as absent', () => {
    expect(parseJsonBody(Buffer.from('{"size":1}'))).toEqual({ size: 1 });
    expect(parseJsonBody('{"a":[1]}')).toEqual({ a: [1] });
    expect(parseJsonBody(Buffer.alloc(0))).toBeUndefined();
    expect(parseJsonBody(null)).toBeUndefined();
    expect(parseJsonBody(Buffer.from('  \n'))).toBeUndefined();
  });

  it('answers malformed JSON with a 400 parse_exception', () => {
    try {
      parseJsonBody(Buffer.from('{"query": '));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FederationError);
      expect((error as FederationError).status).toBe(400);
      expect((error as FederationError).type).toBe('parse_exception');
      expect((error as FederationError).reason).toMatch(/not valid JSON/);
    }
  });
});

describe('parseNdjsonBody', () => {
  it('parses one value per line and names the broken line', () => {
    expect(parseNdjsonBody(Buffer.from('{"index":"a"}\n{"query":{}}\n'))).toEqual([
      { index: 'a' },
      { query: {} },
    ]);
    expect(() => parseNdjsonBody(Buffer.from('{}\n{oops}\n'))).toThrow(/line 2/);
    expect(() => parseNdjsonBody(undefined)).toThrow(/required/);
  });
});
