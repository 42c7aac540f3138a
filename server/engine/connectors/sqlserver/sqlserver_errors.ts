/** SQL Server's errors (server error numbers, mssql/tedious codes) in words a user can act on. */
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
import type { SqlServerSpec } from './sqlserver_url';

function nested(err: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    chain.push(current);
    const e = current as { originalError?: unknown; cause?: unknown; errors?: unknown[] };
    current = e.originalError ?? e.cause ?? e.errors?.[0];
  }
  return chain;
}

/** The server's error number (18456 login failed, 4060 cannot open database, ...). */
function serverErrorNumber(err: unknown): number | undefined {
  for (const e of nested(err)) {
    const n = (e as { number?: unknown }).number;
    if (typeof n === 'number') return n;
  }
  return undefined;
}

function networkCode(err: unknown): string | undefined {
  return nested(err)
    .map(errorCode)
    .find((code) => code !== undefined && NETWORK_ERROR_CODES.has(code));
}

export type SqlServerErrorContext = ErrorContext<SqlServerSpec>;

/** Every mssql/tedious error a user can act on, in one place. */
export function translateSqlServerError(
  err: unknown,
  context: SqlServerErrorContext
): FederationError {
  if (err instanceof FederationError) return err;
  const { spec, limits, timeoutMs } = context;
  const address = connectionAddress(spec);
  const code = errorCode(err);
  const name = (err as { name?: string } | null)?.name;
  const message = errorMessage(err);
  const number = serverErrorNumber(err);
  if (number === 4060 || /Cannot open database/i.test(message)) {
    return unknownDatabaseError(spec.database ?? '', address, err);
  }
  if (code === 'ELOGIN' || number === 18456) {
    return authenticationError(spec.user, address, err);
  }
  const network = networkCode(err);
  if (network) return connectionError(address, networkDetail(network, message), err);
  if (code === 'ETIMEOUT') {
    return name === 'ConnectionError'
      ? connectionError(address, `no answer within ${limits.connectTimeoutMs}ms`, err)
      : timeoutError(timeoutMs, err);
  }
  if (code === 'ECANCEL') return abortedError(err);
  if (code === 'EINSTLOOKUP') {
    return connectionError(
      address,
      `the instance [${spec.instanceName ?? ''}] was not found through SQL Browser ` +
        '(UDP 1434); give its port in jdbc.url instead',
      err
    );
  }
  if (/acquir/i.test(message)) {
    return poolWaitError(address, limits, err);
  }
  if (name === 'ConnectionError' || code === 'ESOCKET' || code === 'ECONNCLOSED') {
    return connectionError(address, message, err);
  }
  return queryError(message, err);
}
