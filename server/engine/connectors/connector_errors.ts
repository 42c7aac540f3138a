/** The errors a connector reports, in words a user can act on (jdbc.url, login, resource). */
import { FederationError } from '../errors';
import type { ResourceRef } from './connector';
import type { ConnectorLimits } from './connector_limits';
import { errorMessage } from './driver_errors';

/** What a database's error translation words its errors with. */
export interface ErrorContext<Spec> {
  spec: Spec;
  limits: ConnectorLimits;
  /** The statement timeout in force, for the 504's reason. */
  timeoutMs: number;
}

export function connectionError(address: string, detail: string, cause?: unknown) {
  return new FederationError(
    502,
    'datasource_connection_exception',
    `cannot connect to the datasource at [${address}]: ${detail}`,
    {},
    { cause }
  );
}

/** No pooled connection within the connect timeout: a silent server and a full pool look alike. */
export function poolWaitError(address: string, limits: ConnectorLimits, cause?: unknown) {
  return connectionError(
    address,
    `no connection within ${limits.connectTimeoutMs}ms (the server did not answer, ` +
      `or all ${limits.poolSize} pooled connections stayed busy)`,
    cause
  );
}

export function authenticationError(user: string | undefined, address: string, cause?: unknown) {
  // The driver's own words say which check failed (password, pg_hba entry, plugin); see
  // errorMessage for why they carry no secret.
  const driverSaid = cause === undefined ? '' : errorMessage(cause).trim();
  return new FederationError(
    502,
    'datasource_authentication_exception',
    `the datasource at [${address}] refused the login for user [${user ?? ''}]` +
      (driverSaid ? ` (${driverSaid})` : '') +
      '; check jdbc.username and jdbc.password',
    {},
    { cause }
  );
}

export function unknownDatabaseError(database: string, address: string, cause?: unknown) {
  return new FederationError(
    502,
    'datasource_connection_exception',
    `database [${database}] does not exist on the datasource at [${address}]; check jdbc.url`,
    {},
    { cause }
  );
}

export function timeoutError(timeoutMs: number, cause?: unknown) {
  return new FederationError(
    504,
    'datasource_timeout_exception',
    `the datasource statement did not complete within the statement timeout of [${timeoutMs}ms]`,
    {},
    { cause }
  );
}

export function abortedError(cause?: unknown) {
  return new FederationError(
    499,
    'request_aborted_exception',
    'the request was cancelled while the datasource statement ran',
    {},
    { cause }
  );
}

export function queryError(detail: string, cause?: unknown) {
  return new FederationError(
    502,
    'datasource_query_exception',
    `the datasource rejected the statement: ${detail}`,
    {},
    { cause }
  );
}

export function resourceNotFound(resource: ResourceRef) {
  return new FederationError(
    404,
    'resource_not_found_exception',
    `table or view [${qualifiedName(resource)}] does not exist in the datasource; check the [resource] name and its [schema]/[catalog]`,
    { resource: qualifiedName(resource) }
  );
}

export function qualifiedName(resource: ResourceRef): string {
  return [resource.catalog, resource.schema, resource.name].filter(Boolean).join('.');
}
