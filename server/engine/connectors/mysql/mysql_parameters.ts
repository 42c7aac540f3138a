/**
 * Bound values for MySQL/MariaDB server-side prepared statements (mysql2 `execute`, binary
 * protocol). Values travel in the COM_STMT_EXECUTE packet, never in SQL text, so no escaping
 * is involved and nothing depends on the server's `sql_mode` (`NO_BACKSLASH_ESCAPES`,
 * `ANSI_QUOTES`) or on the connection's character set.
 *
 * mysql2 types a JS number as DOUBLE; compared with a BIGINT column that is a comparison of
 * doubles, which cannot tell 2^53 from 2^53 + 1. Integers therefore go as BIGINT, exactly, and
 * only fractional numbers as DOUBLE.
 */
import mysql from 'mysql2';
import { FederationError } from '../../errors';
import { JsonKeyList } from '../../sql/json_key_list';

/** The protocol counts a statement's parameters in 16 bits. */
export const MYSQL_MAX_PARAMETERS = 65_535;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

function integer(value: bigint): unknown {
  if (value >= INT64_MIN && value <= INT64_MAX) return mysql.TypedParameter.LONGLONG(value);
  if (value >= 0n && value <= UINT64_MAX) return mysql.TypedParameter.LONGLONG.unsigned(value);
  // Beyond 64 bits no column holds it; as DECIMAL text it still compares correctly.
  return mysql.TypedParameter.NEWDECIMAL(value.toString());
}

/** One value as mysql2 should bind it. */
export function mysqlParameter(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'bigint':
      return integer(value);
    case 'number':
      if (!Number.isFinite(value)) {
        throw new FederationError(
          400,
          'illegal_argument_exception',
          `[${value}] is not a finite number and cannot be searched for; search for a finite number`
        );
      }
      return Number.isSafeInteger(value) ? integer(BigInt(value)) : value;
    case 'object':
      // A Date is sent as DATETIME in the connection's zone (UTC); a Buffer as bytes.
      if (value instanceof Date || Buffer.isBuffer(value)) return value;
      if (value instanceof JsonKeyList) return value.text;
      break;
  }
  // Anything else (arrays, objects) would be sent as JSON by mysql2: never what a statement
  // built by the engine means, so it is a bug to surface, not to guess at.
  throw new TypeError(`cannot bind a ${Object.prototype.toString.call(value)} as a parameter`);
}

/** Every value, checked against the protocol's limit first. */
export function mysqlParameters(values: readonly unknown[]): unknown[] {
  if (values.length > MYSQL_MAX_PARAMETERS) {
    throw new FederationError(
      400,
      'illegal_argument_exception',
      `the request needs ${values.length} values in one statement, more than MySQL/MariaDB ` +
        `accepts (at most ${MYSQL_MAX_PARAMETERS}); split it into several requests or use ` +
        'fewer terms or ids'
    );
  }
  return values.map(mysqlParameter);
}
