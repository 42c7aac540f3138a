import {
  DateTime,
  DateTime2,
  DateTimeOffset,
  Date as SqlDate,
  SmallDateTime,
  Time,
  NVarChar,
} from 'mssql';
import { describe, expect, it } from 'vitest';
import { sqlServerDateConverter } from './sqlserver_dates';

describe('sqlServerDateConverter', () => {
  // tedious with useUTC: the stored wall-clock value is in the Date's UTC fields.
  const value = new Date(Date.UTC(2024, 1, 29, 23, 30, 5, 120));

  it('rebuilds the stored text of wall-clock types', () => {
    expect(sqlServerDateConverter(SqlDate)?.(value)).toBe('2024-02-29');
    expect(sqlServerDateConverter(DateTime)?.(value)).toBe('2024-02-29 23:30:05.120');
    expect(sqlServerDateConverter(DateTime2)?.(value)).toBe('2024-02-29 23:30:05.120');
    expect(sqlServerDateConverter(SmallDateTime)?.(value)).toBe('2024-02-29 23:30:05.120');
    expect(sqlServerDateConverter(Time)?.(value)).toBe('23:30:05.120');
  });

  it('gives datetimeoffset as a UTC instant', () => {
    expect(sqlServerDateConverter(DateTimeOffset)?.(value)).toBe('2024-02-29T23:30:05.120Z');
  });

  it('leaves other types alone', () => {
    expect(sqlServerDateConverter(NVarChar)).toBeUndefined();
  });
});
