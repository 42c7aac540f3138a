import mysql from 'mysql2';
import { describe, expect, it } from 'vitest';
import { FederationError } from '../../errors';
import { JsonKeyList } from '../../sql/json_key_list';
import { MYSQL_MAX_PARAMETERS, mysqlParameter, mysqlParameters } from './mysql_parameters';

const { Types } = mysql;

function typed(value: unknown): { type: number; value: unknown; unsigned: boolean } {
  return value as { type: number; value: unknown; unsigned: boolean };
}

describe('mysqlParameter', () => {
  it('binds integers as exact BIGINTs, not as doubles', () => {
    expect(typed(mysqlParameter(5))).toMatchObject({ type: Types.LONGLONG, value: 5n });
    expect(typed(mysqlParameter(2n ** 53n + 1n))).toMatchObject({
      type: Types.LONGLONG,
      value: 2n ** 53n + 1n,
      unsigned: false,
    });
    expect(typed(mysqlParameter(2n ** 64n - 1n))).toMatchObject({
      type: Types.LONGLONG,
      unsigned: true,
    });
    expect(typed(mysqlParameter(2n ** 70n))).toMatchObject({
      type: Types.NEWDECIMAL,
      value: (2n ** 70n).toString(),
    });
  });

  it('keeps fractions, strings, booleans, dates and null as mysql2 binds them', () => {
    expect(mysqlParameter(1.5)).toBe(1.5);
    expect(mysqlParameter("x' OR 1=1) -- ")).toBe("x' OR 1=1) -- ");
    expect(mysqlParameter(true)).toBe(true);
    const date = new Date(0);
    expect(mysqlParameter(date)).toBe(date);
    expect(mysqlParameter(null)).toBeNull();
  });

  it('binds a JSON key list as its text', () => {
    expect(mysqlParameter(new JsonKeyList('[1,2,3]', 144))).toBe('[1,2,3]');
  });

  it('refuses non-finite numbers with a 400', () => {
    expect(() => mysqlParameter(Number.NaN)).toThrow(FederationError);
    expect(() => mysqlParameter(Number.POSITIVE_INFINITY)).toThrow(/not a finite number/);
  });

  it('refuses arrays and objects, which mysql2 would send as JSON', () => {
    expect(() => mysqlParameter(['a'])).toThrow(TypeError);
    expect(() => mysqlParameter({ a: 1 })).toThrow(TypeError);
  });
});

describe('mysqlParameters', () => {
  it('accepts up to the protocol limit and refuses more with a 400', () => {
    expect(mysqlParameters(new Array(MYSQL_MAX_PARAMETERS).fill('a'))).toHaveLength(
      MYSQL_MAX_PARAMETERS
    );
    let error: unknown;
    try {
      mysqlParameters(new Array(MYSQL_MAX_PARAMETERS + 1).fill('a'));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(FederationError);
    expect((error as FederationError).status).toBe(400);
    expect((error as Error).message).toMatch(/65535 values|at most 65535/);
  });
});
