import { describe, expect, it } from 'vitest';
import { postgresMappedType, postgresTypeIsZoned } from './postgres_types';

describe('postgresMappedType', () => {
  it.each([
    ['character varying', 'keyword'],
    ['varchar(20)', 'keyword'],
    ['character', 'keyword'],
    ['char(3)', 'keyword'],
    ['bpchar', 'keyword'],
    ['text', 'keyword'],
    ['name', 'keyword'],
    ['citext', 'keyword'],
    ['uuid', 'keyword'],
    ['boolean', 'boolean'],
    ['bool', 'boolean'],
    ['date', 'date'],
    ['timestamp without time zone', 'date'],
    ['timestamp(3) without time zone', 'date'],
    ['timestamp', 'date'],
    ['timestamp with time zone', 'date'],
    ['timestamptz', 'date'],
    ['smallint', 'long'],
    ['integer', 'long'],
    ['bigint', 'long'],
    ['int2', 'long'],
    ['int4', 'long'],
    ['int8', 'long'],
    ['serial', 'long'],
    ['bigserial', 'long'],
    ['real', 'double'],
    ['double precision', 'double'],
    ['float8', 'double'],
    ['numeric', 'double'],
    ['numeric(10,2)', 'double'],
    ['decimal', 'double'],
    ['money', 'double'],
    ['DOUBLE PRECISION', 'double'],
  ])('%s -> %s', (type, mapped) => {
    expect(postgresMappedType(type)).toBe(mapped);
  });

  it.each([
    'json',
    'jsonb',
    'bytea',
    'xml',
    'interval',
    'time without time zone',
    'time with time zone',
    'integer[]',
    'int4[]',
    'text[]',
    'point',
    'geometry',
    'tsvector',
    'inet',
    'bit',
    'USER-DEFINED',
    'ARRAY',
    'hstore',
  ])('%s is skipped', (type) => {
    expect(postgresMappedType(type)).toBeNull();
  });

  it('maps an enum type by its kind, whatever its name', () => {
    expect(postgresMappedType('mood', true)).toBe('keyword');
    expect(postgresMappedType('mood')).toBeNull();
  });
});

describe('postgresTypeIsZoned', () => {
  it('is true for timestamptz only', () => {
    expect(postgresTypeIsZoned('timestamp with time zone')).toBe(true);
    expect(postgresTypeIsZoned('timestamptz')).toBe(true);
    expect(postgresTypeIsZoned('timestamp(6) with time zone')).toBe(true);
    expect(postgresTypeIsZoned('timestamp without time zone')).toBe(false);
    expect(postgresTypeIsZoned('date')).toBe(false);
  });
});
