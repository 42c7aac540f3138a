/** PostgreSQL's errors (SQLSTATEs, pg's messages) in words a user can act on. */
import type { FederationError } from '../../errors';
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
import type { PostgresSpec } from './postgres_url';

export type PostgresErrorContext = ErrorContext<PostgresSpec>;

/** A SQLSTATE means the server answered and the connection is still in a known state. */
export function sqlState(err: unknown): string | undefined {
  const code = errorCode(err);
  return code && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** Every driver error a user can act on, in one place. */
export function translatePostgresError(
  err: unknown,
  context: PostgresErrorContext
): FederationError {
  const { spec, limits, timeoutMs } = context;
  const address = connectionAddress(spec);
  const code = errorCode(err);
  const message = errorMessage(err);
  if (code && NETWORK_ERROR_CODES.has(code)) {
    return connectionError(address, networkDetail(code, message), err);
  }
  if (/timeout exceeded when trying to connect|connection timeout/i.test(message)) {
    return poolWaitError(address, limits, err);
  }
  switch (code) {
    case '28P01': // invalid_password
    case '28000': // invalid_authorization_specification, e.g. no pg_hba.conf entry
      return authenticationError(spec.user, address, err);
    case '3D000': // invalid_catalog_name
      return unknownDatabaseError(spec.database ?? spec.user ?? '', address, err);
    case '57014': // query_canceled: by statement_timeout, or by someone else's cancel
      return /statement timeout/i.test(message) ? timeoutError(timeoutMs, err) : abortedError(err);
    case '57P01': // admin_shutdown
    case '57P03': // cannot_connect_now
      return connectionError(address, message, err);
  }
  if (/password must be a string|no password/i.test(message)) {
    // pg's SASL client without jdbc.password.
    return authenticationError(spec.user, address, err);
  }
  if (!sqlState(err) && /terminated|closed|ended/i.test(message)) {
    return connectionError(address, `the connection was lost: ${message}`, err);
  }
  return queryError(message, err);
}
