/** MySQL's and MariaDB's errors (error numbers, mysql2's codes) in words a user can act on. */
import { FederationError } from '../../errors';
import { connectionAddress } from '../connection_spec';
import {
  abortedError,
  authenticationError,
  connectionError,
  poolWaitError,
  type ErrorContext,
  queryError,
  timeoutError,
  unknownDatabaseError,
} from '../connector_errors';
import { errorCode, errorMessage, networkDetail, NETWORK_ERROR_CODES } from '../driver_errors';
import type { MysqlSpec } from './mysql_url';

/** The code of the error the connector raises when no pooled connection became free in time. */
export const POOL_WAIT_TIMEOUT = 'FEDERATION_POOL_WAIT_TIMEOUT';

export type MysqlErrorContext = ErrorContext<MysqlSpec>;

export function errno(err: unknown): number | undefined {
  const value = (err as { errno?: unknown } | null)?.errno;
  return typeof value === 'number' ? value : undefined;
}

/** mysql2 marks errors after which the connection is unusable as `fatal`. */
export function isFatal(err: unknown): boolean {
  return (err as { fatal?: unknown } | null)?.fatal === true;
}

/** Every driver error a user can act on, in one place. */
export function translateMysqlError(err: unknown, context: MysqlErrorContext): FederationError {
  if (err instanceof FederationError) return err;
  const { spec, limits, timeoutMs } = context;
  const address = connectionAddress(spec);
  const code = errorCode(err);
  const message = errorMessage(err);
  switch (errno(err)) {
    case 1045: // ER_ACCESS_DENIED_ERROR
    case 1698: // ER_ACCESS_DENIED_NO_PASSWORD_ERROR
      return authenticationError(spec.user, address, err);
    case 1044: // ER_DBACCESS_DENIED_ERROR: no grant, or (MariaDB) no such database
      return new FederationError(
        502,
        'datasource_authentication_exception',
        `user [${spec.user ?? ''}] may not use database [${spec.database ?? ''}] on ` +
          `the datasource at [${address}], or it does not exist; check jdbc.url and ` +
          "the user's grants",
        {},
        { cause: err }
      );
    case 1049: // ER_BAD_DB_ERROR
      return unknownDatabaseError(spec.database ?? '', address, err);
    case 1969: // ER_STATEMENT_TIMEOUT (MariaDB max_statement_time)
    case 3024: // ER_QUERY_TIMEOUT (MySQL max_execution_time)
      return timeoutError(timeoutMs, err);
    case 1317: // ER_QUERY_INTERRUPTED: someone else's KILL QUERY
      return abortedError(err);
  }
  if (code && NETWORK_ERROR_CODES.has(code)) {
    return connectionError(address, networkDetail(code, message), err);
  }
  if (code === POOL_WAIT_TIMEOUT) {
    return poolWaitError(address, limits, err);
  }
  if (isFatal(err) || code?.startsWith('PROTOCOL_')) {
    return connectionError(address, `the connection was lost: ${message}`, err);
  }
  return queryError(message, err);
}
