import type { VirtualIndexColumn } from '../../../common/catalog_types';
import type { SqlDialect } from './dialect';
import { baseTypeName } from './dialects/type_names';

/** Bits of the signed integer types, by base type name (all four databases' spellings). */
const SIGNED_BITS: Record<string, number> = {
  smallint: 16,
  int2: 16,
  smallserial: 16,
  serial2: 16,
  mediumint: 24,
  int: 32,
  integer: 32,
  int4: 32,
  serial: 32,
  serial4: 32,
};

/**
 * The values an integer column can hold, from its remote type: a `long` field is 64 bits, but
 * the column behind it may be an `integer` that the database refuses to compare with 3000000000
 * (PostgreSQL binds the value as the column's type), so such a value must match nothing before
 * it reaches SQL. Unknown integer types are taken as 64-bit.
 */
export function integerRange(
  column: VirtualIndexColumn,
  dialect: Pick<SqlDialect, 'integers'>
): { min: bigint; max: bigint } {
  const remote = column.remote_type.toLowerCase();
  const unsigned = /\bunsigned\b/.test(remote);
  const type = baseTypeName(remote);
  if (type === 'tinyint') {
    // SQL Server's tinyint is unsigned; MySQL's is signed unless it says otherwise.
    return dialect.integers.tinyintUnsigned || unsigned ? range(8, true) : range(8, false);
  }
  if (type === 'year') return { min: 0n, max: 2155n };
  if (dialect.integers.always64Bit) return range(64, false);
  return range(SIGNED_BITS[type] ?? 64, unsigned);
}

function range(bits: number, unsigned: boolean): { min: bigint; max: bigint } {
  const size = 1n << BigInt(bits);
  return unsigned ? { min: 0n, max: size - 1n } : { min: -(size / 2n), max: size / 2n - 1n };
}

/** Whether an integer value (number or bigint) fits the column. */
export function fitsIntegerColumn(
  value: number | bigint,
  column: VirtualIndexColumn,
  dialect: Pick<SqlDialect, 'integers'>
): boolean {
  const { min, max } = integerRange(column, dialect);
  const n = BigInt(value);
  return n >= min && n <= max;
}
