import { describe, expect, it } from 'vitest';
import type { VirtualIndexColumn } from '../../../common/catalog_types';
import { rowToSource, toIsoInstant } from './row_to_source';

const col = (
  name: string,
  type: VirtualIndexColumn['type'],
  zoned?: boolean
): VirtualIndexColumn => ({
  name,
  remote_type: 'x',
  type,
  zoned,
});

describe('rowToSource', () => {
  it('types values as the mapping says and keeps nulls', () => {
    const columns = [
      col('k', 'keyword'),
      col('n', 'long'),
      col('d', 'double'),
      col('b', 'boolean'),
      col('z', 'keyword'),
    ];
    expect(rowToSource({ k: 42, n: '7', d: '1.5', b: 't', z: null }, columns, 'UTC')).toEqual({
      k: '42',
      n: 7,
      d: 1.5,
      b: true,
      z: null,
    });
    expect(
      rowToSource({ n: '9007199254740993', b: 0 }, [col('n', 'long'), col('b', 'boolean')], 'UTC')
    ).toEqual({
      n: '9007199254740993',
      b: false,
    });
  });

  it('reads wall-clock dates in the datasource zone and returns UTC instants', () => {
    expect(toIsoInstant('2024-02-29 23:30:00', false, 'UTC')).toBe('2024-02-29T23:30:00.000Z');
    expect(toIsoInstant('2024-02-29 23:30:00', false, 'Europe/Helsinki')).toBe(
      '2024-02-29T21:30:00.000Z'
    );
    expect(toIsoInstant('2024-07-01', false, 'America/New_York')).toBe('2024-07-01T04:00:00.000Z');
    expect(toIsoInstant('2024-02-29 23:30:00.123456', false, 'UTC')).toBe(
      '2024-02-29T23:30:00.123Z'
    );
  });

  it('respects offsets carried by zoned values and Date objects', () => {
    expect(toIsoInstant('2024-02-29 23:30:00+02', true, 'America/New_York')).toBe(
      '2024-02-29T21:30:00.000Z'
    );
    expect(toIsoInstant(new Date('2024-01-01T00:00:00Z'), false, 'Asia/Tokyo')).toBe(
      '2024-01-01T00:00:00.000Z'
    );
    expect(toIsoInstant('not a date', false, 'UTC')).toBeNull();
  });
});
