/** Unit checks of how the MySQL connector configures its driver. */
import mysql, { type FieldPacket } from 'mysql2';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONNECTOR_LIMITS } from '../connector_limits';
import { booleanColumns, mysqlPoolOptions, withBooleans } from './mysql_driver_config';

describe('MySQL driver configuration', () => {
  const spec = {
    kind: 'mysql' as const,
    host: 'h',
    port: 3306,
    database: 'db',
    user: 'u',
    password: 'p',
  };

  it('reads dates as text, big numbers exactly and pools with the limits', () => {
    expect(mysqlPoolOptions(spec, DEFAULT_CONNECTOR_LIMITS)).toMatchObject({
      host: 'h',
      port: 3306,
      database: 'db',
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
      decimalNumbers: true,
      timezone: 'Z',
      connectionLimit: DEFAULT_CONNECTOR_LIMITS.poolSize,
      connectTimeout: DEFAULT_CONNECTOR_LIMITS.connectTimeoutMs,
      idleTimeout: DEFAULT_CONNECTOR_LIMITS.idleTimeoutMs,
      multipleStatements: false,
    });
  });

  const field = (name: string, columnType: number, columnLength: number) =>
    ({ name, columnType, columnLength }) as FieldPacket;

  it('reads BIT(1) and TINYINT(1) as booleans and leaves the rest as mysql2 reads them', () => {
    const { BIT, TINY, LONG } = mysql.Types;
    const columns = booleanColumns([
      field('bit1', BIT, 1),
      field('tiny1', TINY, 1),
      field('tiny4', TINY, 4),
      field('bit8', BIT, 8),
      field('long1', LONG, 1),
    ]);
    expect(columns).toEqual(['bit1', 'tiny1']);
    expect(booleanColumns(undefined)).toEqual([]);
    const row = (bit1: unknown, tiny1: unknown) => ({
      bit1,
      tiny1,
      tiny4: 5,
      bit8: Buffer.from([3]),
    });
    expect(withBooleans(row(Buffer.from([1]), 1), columns)).toEqual(row(true, true));
    expect(withBooleans(row(Buffer.from([0]), 0), columns)).toEqual(row(false, false));
    expect(withBooleans(row(null, -1), columns)).toEqual(row(null, true));
  });
});
