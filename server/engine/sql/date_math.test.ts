/**
 * Expected values were checked against OpenSearch 3.6 (`_validate/query?explain` prints the
 * millisecond bounds of a range query), quirks included.
 */
import { describe, expect, it } from 'vitest';
import { badRequestThrownBy } from '../../../test/support/bad_request';
import { parseDateMath, type DateMathOptions } from './date_math';

/** 2024-10-27T01:30:15.123Z: the night the Europe/Paris summer time ends (03:00 -> 02:00). */
const NOW = Date.UTC(2024, 9, 27, 1, 30, 15, 123);

function iso(value: string | number, options: Partial<DateMathOptions> = {}): string {
  return new Date(parseDateMath(value, { now: NOW, ...options })).toISOString();
}

function up(value: string | number, options: Partial<DateMathOptions> = {}): string {
  return iso(value, { ...options, roundUp: true });
}

const failure = (value: string | number, options: Partial<DateMathOptions> = {}) =>
  badRequestThrownBy(() => parseDateMath(value, { now: NOW, ...options }));

describe('default format strict_date_optional_time||epoch_millis', () => {
  it.each([
    ['2024', '2024-01-01T00:00:00.000Z'],
    ['2024-02', '2024-02-01T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2024-02-29T', '2024-02-29T00:00:00.000Z'],
    ['2024-02-29T10', '2024-02-29T10:00:00.000Z'],
    ['2024-02-29T10:15:30.5', '2024-02-29T10:15:30.500Z'],
    ['2024-02-29T10:15:30,123456789', '2024-02-29T10:15:30.123Z'],
    ['2024-02-29T10:15:30+0530', '2024-02-29T04:45:30.000Z'],
    ['2024-02-29T10:15:30-08', '2024-02-29T18:15:30.000Z'],
    ['2024-02-29T10:15:30Europe/Paris', '2024-02-29T09:15:30.000Z'],
    ['2024-02-29T10UTC', '2024-02-29T10:00:00.000Z'],
    ['1709164800000', '2024-02-29T00:00:00.000Z'],
    ['1709164800000.5', '2024-02-29T00:00:00.000Z'],
    // Five digits are no strict year: epoch millis.
    ['12024', '1970-01-01T00:00:12.024Z'],
    ['-1', '1969-12-31T23:59:59.999Z'],
  ])('%s', (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it('stringifies numbers as OpenSearch does, so 2024 is a year', () => {
    expect(iso(2024)).toBe('2024-01-01T00:00:00.000Z');
    expect(iso(1709164800000)).toBe('2024-02-29T00:00:00.000Z');
  });

  it('rounds up by filling the time of day with its maximum but month and day with 1', () => {
    expect(up('2024-02-29')).toBe('2024-02-29T23:59:59.999Z');
    expect(up('2024-02-29T10')).toBe('2024-02-29T10:59:59.999Z');
    expect(up('2024-02-29T10:15:30')).toBe('2024-02-29T10:15:30.999Z');
    expect(up('2024-02-29T10:15:30.5')).toBe('2024-02-29T10:15:30.500Z');
    // OpenSearch's round-up parser: `lte: "2024"` ends on January 1st, not December 31st.
    expect(up('2024')).toBe('2024-01-01T23:59:59.999Z');
    expect(up('2024-02')).toBe('2024-02-01T23:59:59.999Z');
    expect(up('1709164800000')).toBe('2024-02-29T00:00:00.000Z');
    // A negative epoch_millis loses a millisecond when rounded up (nines added below zero).
    expect(up('-1')).toBe('1969-12-31T23:59:59.998Z');
  });

  it.each([
    '2024-1-1',
    '2024-01-01T1',
    '2024-01-01Z',
    '2024-01-01TZ',
    '2024-01-01 10:00:00',
    '2024-01-01T24:00:00',
    '2023-02-29',
    '2024-01-01T10:00:00.1234567891',
    '2024-01-01T10:00:00.',
    '2024-01-01T10:00:00+1',
    '2024-01-01T10:00:00[Europe/Paris]',
    'abc',
    '',
  ])('refuses %j naming the value and the format', (text) => {
    expect(failure(text).reason).toBe(
      `failed to parse date field [${text}] with format [strict_date_optional_time||epoch_millis]`
    );
    expect(failure(text).type).toBe('parse_exception');
  });
});

describe('time_zone', () => {
  it('reads text without a zone in it, and a zone in the text wins', () => {
    expect(iso('2024-02-29', { timeZone: 'Europe/Paris' })).toBe('2024-02-28T23:00:00.000Z');
    expect(iso('2024-02-29', { timeZone: '+05:30' })).toBe('2024-02-28T18:30:00.000Z');
    expect(iso('2024-02-29', { timeZone: 'UTC-3' })).toBe('2024-02-29T03:00:00.000Z');
    expect(iso('2024-02-29T00:00Z', { timeZone: 'Europe/Paris' })).toBe('2024-02-29T00:00:00.000Z');
    expect(up('2024-02-29', { timeZone: 'America/New_York' })).toBe('2024-03-01T04:59:59.999Z');
  });

  it('resolves DST gaps forward and overlaps to the earlier offset, as java.time does', () => {
    expect(iso('2024-03-31T02:30:00', { timeZone: 'Europe/Paris' })).toBe(
      '2024-03-31T01:30:00.000Z'
    );
    expect(iso('2024-10-27T02:30:00', { timeZone: 'Europe/Paris' })).toBe(
      '2024-10-27T00:30:00.000Z'
    );
  });

  it('reinterprets epochs as UTC wall-clock times in the zone (an OpenSearch quirk)', () => {
    expect(iso(1709164800000, { timeZone: 'Europe/Paris' })).toBe('2024-02-28T23:00:00.000Z');
    expect(iso('-1', { timeZone: 'America/New_York' })).toBe('1970-01-01T04:59:59.999Z');
  });

  it('refuses an unknown zone with a 400', () => {
    expect(failure('2024-01-01', { timeZone: 'Mars/Olympus' }).reason).toBe(
      'Unknown time-zone ID: Mars/Olympus'
    );
  });
});

describe('date math', () => {
  it.each([
    ['now', '2024-10-27T01:30:15.123Z', '2024-10-27T01:30:15.123Z'],
    ['now/d', '2024-10-27T00:00:00.000Z', '2024-10-27T23:59:59.999Z'],
    ['now-1d/d', '2024-10-26T00:00:00.000Z', '2024-10-26T23:59:59.999Z'],
    ['now+1M/M', '2024-11-01T00:00:00.000Z', '2024-11-30T23:59:59.999Z'],
    ['now/w', '2024-10-21T00:00:00.000Z', '2024-10-27T23:59:59.999Z'],
    ['now/y', '2024-01-01T00:00:00.000Z', '2024-12-31T23:59:59.999Z'],
    ['now/h', '2024-10-27T01:00:00.000Z', '2024-10-27T01:59:59.999Z'],
    ['now-36H/h', '2024-10-25T13:00:00.000Z', '2024-10-25T13:59:59.999Z'],
    ['now/m', '2024-10-27T01:30:00.000Z', '2024-10-27T01:30:59.999Z'],
    ['now/s', '2024-10-27T01:30:15.000Z', '2024-10-27T01:30:15.999Z'],
    ['2024-01-31||+1M', '2024-02-29T00:00:00.000Z', '2024-02-29T00:00:00.000Z'],
    ['2024-02-29||+1y', '2025-02-28T00:00:00.000Z', '2025-02-28T00:00:00.000Z'],
    ['2024-03-31||-1M/d', '2024-02-29T00:00:00.000Z', '2024-02-29T23:59:59.999Z'],
    ['2024-01-01||/w', '2024-01-01T00:00:00.000Z', '2024-01-07T23:59:59.999Z'],
    ['2024-03-31||/d+3h', '2024-03-31T03:00:00.000Z', '2024-04-01T02:59:59.999Z'],
    ['2023-12-31T23:59:59.999||+1s/s', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.999Z'],
    ['1969-12-31||/M', '1969-12-01T00:00:00.000Z', '1969-12-31T23:59:59.999Z'],
    // The anchor before || is never rounded up.
    ['2024-01-01||', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z'],
  ])('%s', (text, down, roundedUp) => {
    expect(iso(text)).toBe(down);
    expect(up(text)).toBe(roundedUp);
  });

  it('rounds in the time zone, across DST changes', () => {
    const paris = { timeZone: 'Europe/Paris' };
    // The night of 27 October 2024 has 25 hours in Paris.
    expect(iso('now/d', paris)).toBe('2024-10-26T22:00:00.000Z');
    expect(up('now/d', paris)).toBe('2024-10-27T22:59:59.999Z');
    expect(iso('2024-10-27||+1d/d', paris)).toBe('2024-10-27T23:00:00.000Z');
    // +2h is a duration; /h keeps the offset it has (the second 02:xx is +01:00).
    expect(iso('2024-10-27T00:30||+2h/h', paris)).toBe('2024-10-27T00:00:00.000Z');
    expect(iso('2024-10-27T02:30:00||/h', paris)).toBe('2024-10-27T00:00:00.000Z');
    expect(iso('2024-03-31T01:30:00||+1h', paris)).toBe('2024-03-31T01:30:00.000Z');
    expect(iso('now/d', { timeZone: '+05:30' })).toBe('2024-10-26T18:30:00.000Z');
  });

  it.each([
    ['2024-01-01||/2d', 'rounding `/` can only be used on single unit types [/2d]'],
    ['2024-01-01||+1', 'truncated date math [+1]'],
    ['2024-01-01||+', 'truncated date math [+]'],
    ['2024-01-01||*1d', 'operator not supported for date math [*1d]'],
    ['2024-01-01||+1x', 'unit [x] not supported for date math [+1x]'],
    ['nowx', 'operator not supported for date math [x]'],
  ])('refuses %s', (text, reason) => {
    expect(failure(text).reason).toBe(reason);
  });
});

describe('formats', () => {
  it.each([
    ['2024-1-5', 'date_optional_time', '2024-01-05T00:00:00.000Z'],
    ['24-1-5T3:4', 'date_optional_time', '0024-01-05T03:04:00.000Z'],
    ['2024-01-05', 'strict_date', '2024-01-05T00:00:00.000Z'],
    ['2024-1-5', 'date', '2024-01-05T00:00:00.000Z'],
    ['20240105', 'basic_date', '2024-01-05T00:00:00.000Z'],
    ['1709164800', 'epoch_second', '2024-02-29T00:00:00.000Z'],
    ['1709164800.25', 'epoch_second', '2024-02-29T00:00:00.250Z'],
    ['-5.5', 'epoch_second', '1969-12-31T23:59:55.500Z'],
    ['05/01/2024', 'dd/MM/yyyy', '2024-01-05T00:00:00.000Z'],
    ['2024-01-05 10:20', 'yyyy-MM-dd HH:mm', '2024-01-05T10:20:00.000Z'],
    ['2024-01-05 10:20:30.250', 'yyyy-MM-dd HH:mm:ss.SSS', '2024-01-05T10:20:30.250Z'],
    ['2024-01-05 at 10', "yyyy-MM-dd 'at' HH", '2024-01-05T10:00:00.000Z'],
    ['2024-01-05T10:20:30+01:00', "yyyy-MM-dd'T'HH:mm:ssXXX", '2024-01-05T09:20:30.000Z'],
    ['10:20', 'HH:mm', '1970-01-01T10:20:00.000Z'],
    ['2024-01-05', 'yyyy-MM-dd||epoch_millis', '2024-01-05T00:00:00.000Z'],
    ['1704412800000', 'yyyy-MM-dd||epoch_millis', '2024-01-05T00:00:00.000Z'],
    ['2024-01-05T10:20:30.000Z', 'strict_date_time', '2024-01-05T10:20:30.000Z'],
    ['2024-01-05T10:20:30Z', 'date_time_no_millis', '2024-01-05T10:20:30.000Z'],
    ['2024-01-05T10:20:30', 'strict_date_hour_minute_second', '2024-01-05T10:20:30.000Z'],
    ['2024-01', 'strict_year_month', '2024-01-01T00:00:00.000Z'],
  ])('%s with %s', (text, format, expected) => {
    expect(iso(text, { format })).toBe(expected);
  });

  it('rounds custom and named formats up like the default one', () => {
    expect(up('01/2024', { format: 'MM/yyyy' })).toBe('2024-01-01T23:59:59.999Z');
    expect(up('2024-01-05 10:20', { format: 'yyyy-MM-dd HH:mm' })).toBe('2024-01-05T10:20:59.999Z');
    expect(up('1709164800', { format: 'epoch_second' })).toBe('2024-02-29T00:00:00.999Z');
    expect(up('-5', { format: 'epoch_second' })).toBe('1969-12-31T23:59:55.999Z');
  });

  it('reads basic_date in UTC unless rounding up, whatever the time_zone (an OpenSearch quirk)', () => {
    const paris = { format: 'basic_date', timeZone: 'Europe/Paris' };
    expect(iso('20240105', paris)).toBe('2024-01-05T00:00:00.000Z');
    expect(up('20240105', paris)).toBe('2024-01-05T22:59:59.999Z');
  });

  it('applies date math after a custom format', () => {
    expect(iso('2023||+1y', { format: 'yyyy' })).toBe('2024-01-01T00:00:00.000Z');
  });

  it.each([
    ['2024-01-01T10:00', 'date'],
    ['2024-01-01', 'qqq'],
    ['2024-01-01', "yyyy-MM-dd'"],
    ['2024-01-01', 'yyyy-MM-[dd]'],
    ['2024-13-01', 'yyyy-MM-dd'],
    ['2024-02-30', 'date'],
    ['x', 'epoch_millis'],
    ['1.5.5', 'epoch_second'],
  ])('refuses %s with %s', (text, format) => {
    expect(failure(text, { format }).reason).toBe(
      `failed to parse date field [${text}] with format [${format}]`
    );
  });
});
