import { ConnectionError, RequestError } from 'mssql';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONNECTOR_LIMITS } from '../connector_limits';
import { parseDatasourceConfig } from '../jdbc_url';
import type { SqlServerSpec } from './sqlserver_url';
import { translateSqlServerError } from './sqlserver_errors';

/** The limits the messages below name: a 1,500 ms connect timeout, a pool of 4. */
const LIMITS = { ...DEFAULT_CONNECTOR_LIMITS, poolSize: 4, connectTimeoutMs: 1_500 };

function spec(url: string): SqlServerSpec {
  const parsed = parseDatasourceConfig({
    driver: 'com.microsoft.sqlserver.jdbc.SQLServerDriver',
    url,
    username: 'sa',
    password: 'Hunter2!',
  });
  if (parsed.kind !== 'sqlserver') throw new Error('not sqlserver');
  return parsed;
}

describe('translateSqlServerError', () => {
  const context = {
    spec: spec('jdbc:sqlserver://db.local:1433;databaseName=sales'),
    limits: LIMITS,
    timeoutMs: 300,
  };
  const translate = (err: unknown) => translateSqlServerError(err, context);

  it('reports a refused login with the user and what to check', () => {
    const error = translate(new ConnectionError("Login failed for user 'sa'.", 'ELOGIN'));
    expect(error).toMatchObject({ status: 502, type: 'datasource_authentication_exception' });
    expect(error.reason).toContain('refused the login for user [sa]');
    expect(error.reason).toContain('jdbc.username and jdbc.password');
    expect(error.reason).toContain('db.local:1433');
  });

  it('names a database that cannot be opened', () => {
    const error = translate(
      new ConnectionError(
        'Cannot open database "sales" requested by the login. The login failed.',
        'ELOGIN'
      )
    );
    expect(error).toMatchObject({ status: 502, type: 'datasource_connection_exception' });
    expect(error.reason).toContain('database [sales]');
  });

  it('names host and port when the connection is refused', () => {
    const socketError = Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:1433'), {
      code: 'ECONNREFUSED',
    });
    const tediousError = Object.assign(
      new Error('Failed to connect to db.local:1433 - connect ECONNREFUSED'),
      { code: 'ESOCKET', cause: socketError }
    );
    const error = translate(new ConnectionError(tediousError as never, 'ESOCKET'));
    expect(error).toMatchObject({ status: 502, type: 'datasource_connection_exception' });
    expect(error.reason).toContain('[db.local:1433]');
    expect(error.reason).toContain('connection refused');
  });

  it('tells a connect timeout from a statement timeout', () => {
    expect(translate(new ConnectionError('Failed to connect in 1500ms', 'ETIMEOUT'))).toMatchObject(
      {
        status: 502,
        type: 'datasource_connection_exception',
      }
    );
    const statement = translate(
      new RequestError('Timeout: Request failed to complete in 300ms', 'ETIMEOUT')
    );
    expect(statement).toMatchObject({ status: 504, type: 'datasource_timeout_exception' });
    expect(statement.reason).toContain('[300ms]');
  });

  it('reports a cancelled request as aborted', () => {
    expect(translate(new RequestError('Canceled.', 'ECANCEL'))).toMatchObject({
      status: 499,
      type: 'request_aborted_exception',
    });
  });

  it('passes the server message of a failed statement on unchanged', () => {
    // The server never echoes the password, so nothing is cut out of its text, even where
    // the text happens to contain the password's characters.
    const error = translate(
      Object.assign(new RequestError("Invalid object name 'Hunter2!'.", 'EREQUEST'), {
        number: 208,
      })
    );
    expect(error).toMatchObject({ status: 502, type: 'datasource_query_exception' });
    expect(error.reason).toContain("Invalid object name 'Hunter2!'.");
  });

  it('explains an instance that SQL Browser does not know', () => {
    const error = translateSqlServerError(
      new ConnectionError('Port for X not found', 'EINSTLOOKUP'),
      {
        ...context,
        spec: spec('jdbc:sqlserver://db.local\\X'),
      }
    );
    expect(error.reason).toContain('instance [X]');
  });
});
