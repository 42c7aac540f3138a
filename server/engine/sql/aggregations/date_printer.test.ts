import { describe, expect, it } from 'vitest';
import { datePrinter } from './date_printer';
import { zoneRulesOf } from './zone_rules';

const instant = Date.parse('2024-03-31T01:30:05.042Z');

describe('datePrinter', () => {
  it('prints the default format in UTC with Z, and with the offset elsewhere', () => {
    expect(datePrinter(undefined)(instant)).toBe('2024-03-31T01:30:05.042Z');
    expect(datePrinter(undefined, zoneRulesOf('Europe/Helsinki'))(instant)).toBe(
      '2024-03-31T04:30:05.042+03:00'
    );
    expect(datePrinter('strict_date_optional_time', zoneRulesOf('-05:30'))(instant)).toBe(
      '2024-03-30T20:00:05.042-05:30'
    );
  });

  it('uses the first format of a list; epoch formats print numbers', () => {
    expect(datePrinter('epoch_millis||yyyy')(instant)).toBe(String(instant));
    expect(datePrinter('epoch_second')(Date.parse('2024-01-01T00:00:00Z'))).toBe('1704067200');
    expect(datePrinter('yyyy-MM-dd||epoch_millis')(instant)).toBe('2024-03-31');
  });

  it('prints named formats and java.time patterns', () => {
    const zone = zoneRulesOf('America/New_York');
    expect(datePrinter('date_hour_minute', zone)(instant)).toBe('2024-03-30T21:30');
    expect(datePrinter('basic_date')(instant)).toBe('20240331');
    expect(datePrinter("EEE, d MMM yyyy HH:mm:ss.SS 'at' a xxx", zone)(instant)).toBe(
      'Sat, 30 Mar 2024 21:30:05.04 at PM -04:00'
    );
    expect(datePrinter('yy/M/d h:mm Z')(instant)).toBe('24/3/31 1:30 +0000');
    expect(datePrinter('DDD')(instant)).toBe('091');
  });
});
