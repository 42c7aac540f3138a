/** Conversions and errors as OpenSearch 3.6 answers term queries on each field type. */
import { describe, expect, it } from 'vitest';
import { badRequestThrownBy } from '../../../test/support/bad_request';
import type { VirtualIndexColumn } from '../../../common/catalog_types';
import { dialectFor } from './dialects';
import {
  booleanValue,
  dateValue,
  doubleValue,
  javaNumberText,
  keywordValue,
  longBound,
  longValue,
  termValue,
} from './sql_values';
import type { TranslationContext } from './translation_context';

describe('keywordValue', () => {
  it('keeps strings and prints numbers and booleans as Java does', () => {
    expect(keywordValue('Ab c')).toBe('Ab c');
    expect(keywordValue('')).toBe('');
    expect(keywordValue(5)).toBe('5');
    expect(keywordValue(-0.25)).toBe('-0.25');
    expect(keywordValue(true)).toBe('true');
    expect(keywordValue(false)).toBe('false');
  });

  it('writes Double.toString exponents', () => {
    expect(javaNumberText(1e30)).toBe('1.0E30');
    expect(javaNumberText(1.5e-7)).toBe('1.5E-7');
    expect(javaNumberText(1234567.5)).toBe('1234567.5');
    expect(javaNumberText(12345678.5)).toBe('1.23456785E7');
    expect(javaNumberText(0.001)).toBe('0.001');
    expect(javaNumberText(0.0001)).toBe('1.0E-4');
  });

  it('refuses objects and null', () => {
    badRequestThrownBy(() => keywordValue({ a: 1 }));
    badRequestThrownBy(() => keywordValue(null));
  });
});

describe('longValue', () => {
  it('reads integers and numeric text', () => {
    expect(longValue(2)).toBe(2);
    expect(longValue('2')).toBe(2);
    expect(longValue('+5')).toBe(5);
    expect(longValue('2.0')).toBe(2);
    expect(longValue('1e1')).toBe(10);
    expect(longValue('-9223372036854775808')).toBe(-(2n ** 63n));
    expect(longValue('9007199254740993')).toBe(9007199254740993n);
    expect(longValue(9007199254740991)).toBe(9007199254740991);
    expect(longValue(2 ** 53)).toBe(2n ** 53n);
  });

  it('answers null (matches nothing) for a fractional part', () => {
    expect(longValue(1.5)).toBeNull();
    expect(longValue('2.5')).toBeNull();
  });

  it('refuses what Long.parseLong and Double.parseDouble refuse, as OpenSearch does', () => {
    expect(badRequestThrownBy(() => longValue('abc')).reason).toBe(
      'failed to create query: For input string: "abc"'
    );
    expect(badRequestThrownBy(() => longValue(true)).reason).toBe(
      'failed to create query: For input string: "true"'
    );
    expect(badRequestThrownBy(() => longValue(' 5')).reason).toBe(
      'failed to create query: For input string: " 5"'
    );
    expect(badRequestThrownBy(() => longValue(1e30)).reason).toBe(
      'failed to create query: Value [1.0E30] is out of range for a long'
    );
    expect(badRequestThrownBy(() => longValue('9223372036854775808')).reason).toBe(
      'failed to create query: Value [9223372036854775808] is out of range for a long'
    );
    expect(badRequestThrownBy(() => longValue('abc')).type).toBe('query_shard_exception');
  });

  it('gives range bounds truncated toward zero with their fraction and sign', () => {
    expect(longBound(1.5)).toEqual({ value: 1n, fractional: true, sign: 1 });
    expect(longBound('-2.5')).toEqual({ value: -2n, fractional: true, sign: -1 });
    expect(longBound('7')).toEqual({ value: 7n, fractional: false, sign: 1 });
  });
});

describe('doubleValue', () => {
  it('reads numbers and Double.parseDouble text', () => {
    expect(doubleValue(1.5)).toBe(1.5);
    expect(doubleValue('1.5')).toBe(1.5);
    expect(doubleValue(' 1.5 ')).toBe(1.5);
    expect(doubleValue('1.5d')).toBe(1.5);
    expect(doubleValue('1e0')).toBe(1);
    expect(doubleValue('.5')).toBe(0.5);
  });

  it('refuses other text and infinities', () => {
    expect(badRequestThrownBy(() => doubleValue('abc')).reason).toBe(
      'failed to create query: For input string: "abc"'
    );
    expect(badRequestThrownBy(() => doubleValue(true)).reason).toContain('"true"');
    expect(badRequestThrownBy(() => doubleValue('Infinity')).reason).toBe(
      'failed to create query: [double] supports only finite values, but got [Infinity]'
    );
  });
});

describe('booleanValue', () => {
  it('accepts true/false and their text only', () => {
    expect(booleanValue(true)).toBe(true);
    expect(booleanValue('false')).toBe(false);
    for (const bad of ['', 'yes', 1, 'TRUE']) {
      expect(badRequestThrownBy(() => booleanValue(bad)).reason).toBe(
        `failed to create query: Can't parse boolean value [${String(bad)}], expected [true] or [false]`
      );
    }
  });
});

describe('dateValue', () => {
  const instant = Date.UTC(2024, 2, 31, 0, 59, 59, 999);
  const context = (kind: 'postgres' | 'mysql' | 'sqlserver' | 'sqlite'): TranslationContext => ({
    dialect: dialectFor(kind),
    columns: new Map(),
    timezone: 'Europe/Paris',
    now: 0,
  });
  const wallClock: VirtualIndexColumn = { name: 't', remote_type: 'timestamp', type: 'date' };
  const zoned: VirtualIndexColumn = { ...wallClock, zoned: true };

  it('writes wall-clock text in the datasource zone for unzoned columns', () => {
    expect(dateValue(instant, wallClock, context('postgres'))).toBe('2024-03-31 01:59:59.999');
    // One millisecond later the clocks jump from 02:00 to 03:00.
    expect(dateValue(instant + 1, wallClock, context('sqlite'))).toBe('2024-03-31 03:00:00.000');
    expect(dateValue(Date.UTC(1969, 6, 20, 20, 17), wallClock, context('mysql'))).toBe(
      '1969-07-20 21:17:00.000'
    );
  });

  it('writes instants for zoned columns in the form each database reads', () => {
    expect(dateValue(instant, zoned, context('postgres'))).toBe('2024-03-31T00:59:59.999+00:00');
    expect(dateValue(instant, zoned, context('sqlserver'))).toBe('2024-03-31T00:59:59.999+00:00');
    // MySQL TIMESTAMP reads in the session zone, which the connector pins to UTC.
    expect(dateValue(instant, zoned, context('mysql'))).toBe('2024-03-31 00:59:59.999');
    expect(dateValue(instant, zoned, context('sqlite'))).toBe('2024-03-31 00:59:59.999');
  });
});

describe('termValue', () => {
  const column = (type: VirtualIndexColumn['type']): VirtualIndexColumn => ({
    name: 'c',
    remote_type: 'x',
    type,
  });

  it('converts by the column type', () => {
    expect(termValue(5, column('keyword'))).toBe('5');
    expect(termValue('5', column('long'))).toBe(5);
    expect(termValue('5.5', column('long'))).toBeNull();
    expect(termValue('5.5', column('double'))).toBe(5.5);
    expect(termValue('true', column('boolean'))).toBe(true);
  });
});
