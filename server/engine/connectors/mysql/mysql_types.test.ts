import { describe, expect, it } from 'vitest';
import { mysqlMappedType, mysqlTypeIsZoned } from './mysql_types';

describe('mysqlMappedType', () => {
  it.each([
    ['varchar(20)', 'keyword'],
    ['char(3)', 'keyword'],
    ['tinytext', 'keyword'],
    ['text', 'keyword'],
    ['mediumtext', 'keyword'],
    ['longtext', 'keyword'],
    ["enum('a','b')", 'keyword'],
    ["set('x','y')", 'keyword'],
    ['uuid', 'keyword'],
    ['tinyint(1)', 'boolean'],
    ['bit(1)', 'boolean'],
    ['bit', 'boolean'],
    ['boolean', 'boolean'],
    ['date', 'date'],
    ['datetime', 'date'],
    ['datetime(3)', 'date'],
    ['timestamp', 'date'],
    ['timestamp(6)', 'date'],
    ['tinyint', 'long'],
    ['tinyint(4)', 'long'],
    ['tinyint(3) unsigned', 'long'],
    ['smallint(6)', 'long'],
    ['mediumint(9)', 'long'],
    ['int(11)', 'long'],
    ['int(10) unsigned', 'long'],
    ['int', 'long'],
    ['bigint(20) unsigned zerofill', 'long'],
    ['year(4)', 'long'],
    ['float', 'double'],
    ['double', 'double'],
    ['double precision', 'double'],
    ['decimal(10,2)', 'double'],
    ['decimal(10,2) unsigned', 'double'],
    ['numeric(5,0)', 'double'],
    ['INT(11)', 'long'],
  ])('%s -> %s', (type, mapped) => {
    expect(mysqlMappedType(type)).toBe(mapped);
  });

  it.each([
    'json',
    'blob',
    'tinyblob',
    'mediumblob',
    'longblob',
    'binary(16)',
    'varbinary(255)',
    'bit(8)',
    'time',
    'time(3)',
    'geometry',
    'point',
    'inet6',
    'vector(3)',
  ])('%s is skipped', (type) => {
    expect(mysqlMappedType(type)).toBeNull();
  });
});

describe('mysqlTypeIsZoned', () => {
  it('is true for TIMESTAMP, an instant read in the UTC session zone', () => {
    expect(mysqlTypeIsZoned('timestamp')).toBe(true);
    expect(mysqlTypeIsZoned('timestamp(3)')).toBe(true);
    expect(mysqlTypeIsZoned('datetime')).toBe(false);
    expect(mysqlTypeIsZoned('date')).toBe(false);
  });
});
