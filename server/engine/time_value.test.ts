import { describe, expect, it } from 'vitest';
import { badRequestThrownBy } from '../../test/support/bad_request';
import { parseKeepAlive } from './pit/keep_alive';
import { parseTimeValue } from './time_value';

const reasonOf = (run: () => unknown): string => badRequestThrownBy(run).reason;

describe('parseTimeValue (OpenSearch TimeValue, checked against OpenSearch 3.6)', () => {
  it('reads every unit, any case, trimmed; -1 and 0 without a unit', () => {
    expect(parseTimeValue('500ms', 'timeout')).toBe(500);
    expect(parseTimeValue(' 5S ', 'timeout')).toBe(5_000);
    expect(parseTimeValue('2m', 'timeout')).toBe(120_000);
    expect(parseTimeValue('30d', 'timeout')).toBe(30 * 86_400_000);
    expect(parseTimeValue('1000000nanos', 'timeout')).toBe(1);
    expect(parseTimeValue('-1', 'timeout')).toBe(-1);
    expect(parseTimeValue('-1s', 'timeout')).toBe(-1);
    expect(parseTimeValue('0', 'timeout')).toBe(0);
    // Past what a double holds exactly it saturates, as Java's millis() does at Long.MAX.
    expect(parseTimeValue('9223372036854775807d', 'timeout')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses what OpenSearch refuses, in its words', () => {
    expect(reasonOf(() => parseTimeValue('1.5s', 'timeout'))).toBe(
      'failed to parse [1.5s], fractional time values are not supported'
    );
    expect(reasonOf(() => parseTimeValue('99999999999999999999d', 'timeout'))).toBe(
      'failed to parse [99999999999999999999d], fractional time values are not supported'
    );
    for (const value of ['30', 'abc', '30x', 30]) {
      expect(reasonOf(() => parseTimeValue(value, 'timeout'))).toBe(
        `failed to parse setting [timeout] with value [${value}] as a time value: unit is missing or unrecognized`
      );
    }
    expect(reasonOf(() => parseTimeValue('-5s', 'keep_alive'))).toBe(
      'failed to parse setting [keep_alive] with value [-5s] as a time value: negative durations are not supported'
    );
    expect(reasonOf(() => parseTimeValue('abcs', 'timeout'))).toBe('failed to parse [abcs]');
  });

  it('keep_alive: a positive time value, 5m by default', () => {
    expect(parseKeepAlive(undefined)).toBe(300_000);
    expect(parseKeepAlive('1H')).toBe(3_600_000);
    expect(reasonOf(() => parseKeepAlive('0s'))).toMatch(/must be a positive time value/);
    expect(reasonOf(() => parseKeepAlive('1.5m'))).toMatch(/fractional time values/);
  });
});
