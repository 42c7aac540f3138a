import { describe, expect, it } from 'vitest';
import { sqliteMappedType } from './sqlite_types';

describe('sqliteMappedType (type affinity)', () => {
  it.each([
    ['INTEGER', 'long'],
    ['INT', 'long'],
    ['BIGINT', 'long'],
    ['UNSIGNED BIG INT', 'long'],
    ['int8', 'long'],
    ['MEDIUMINT', 'long'],
    ['POINT', 'long'], // contains INT: SQLite's rule 1, applied first
    ['VARCHAR(20)', 'keyword'],
    ['CHARACTER(20)', 'keyword'],
    ['NVARCHAR(100)', 'keyword'],
    ['TEXT', 'keyword'],
    ['CLOB', 'keyword'],
    ['REAL', 'double'],
    ['DOUBLE', 'double'],
    ['DOUBLE PRECISION', 'double'],
    ['FLOAT', 'double'],
    ['BOOLEAN', 'boolean'],
    ['BOOL', 'boolean'],
    ['DATE', 'date'],
    ['DATETIME', 'date'],
    ['TIMESTAMP', 'date'],
    ['NUMERIC', 'double'],
    ['DECIMAL(10,5)', 'double'],
    ['NUMBER', 'double'],
    ['varchar', 'keyword'],
  ])('%s -> %s', (type, mapped) => {
    expect(sqliteMappedType(type)).toBe(mapped);
  });

  it.each(['', '  ', 'BLOB', 'JSON', 'TIME', 'UUID'])('%j is skipped', (type) => {
    expect(sqliteMappedType(type)).toBeNull();
  });
});
