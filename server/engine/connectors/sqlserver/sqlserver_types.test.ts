import { describe, expect, it } from 'vitest';
import { sqlServerMappedType, sqlServerTypeIsZoned } from './sqlserver_types';

describe('sqlServerMappedType', () => {
  it.each([
    ['char', 'keyword'],
    ['varchar', 'keyword'],
    ['nchar', 'keyword'],
    ['nvarchar', 'keyword'],
    ['nvarchar(max)', 'keyword'],
    ['text', 'keyword'],
    ['ntext', 'keyword'],
    ['sysname', 'keyword'],
    ['uniqueidentifier', 'keyword'],
    ['bit', 'boolean'],
    ['date', 'date'],
    ['datetime', 'date'],
    ['datetime2', 'date'],
    ['smalldatetime', 'date'],
    ['datetimeoffset', 'date'],
    ['tinyint', 'long'],
    ['smallint', 'long'],
    ['int', 'long'],
    ['bigint', 'long'],
    ['real', 'double'],
    ['float', 'double'],
    ['decimal', 'double'],
    ['numeric', 'double'],
    ['money', 'double'],
    ['smallmoney', 'double'],
    ['NVARCHAR', 'keyword'],
  ])('%s -> %s', (type, mapped) => {
    expect(sqlServerMappedType(type)).toBe(mapped);
  });

  it.each([
    'timestamp',
    'rowversion',
    'time',
    'binary',
    'varbinary',
    'image',
    'xml',
    'geography',
    'geometry',
    'hierarchyid',
    'sql_variant',
  ])('%s is skipped', (type) => {
    expect(sqlServerMappedType(type)).toBeNull();
  });
});

describe('sqlServerTypeIsZoned', () => {
  it('is true for datetimeoffset only', () => {
    expect(sqlServerTypeIsZoned('datetimeoffset')).toBe(true);
    expect(sqlServerTypeIsZoned('datetime2')).toBe(false);
    expect(sqlServerTypeIsZoned('datetime')).toBe(false);
  });
});
