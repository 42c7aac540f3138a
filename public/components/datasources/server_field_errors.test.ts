import { describe, expect, it } from 'vitest';
import { datasourceIdProblem } from '../../../server/engine/catalog/datasource_ids';
import { separateCredentials } from '../../../server/engine/catalog/jdbc_password';
import type { JdbcConfig } from '../../../server/engine/connectors/jdbc/jdbc_config';
import { parseDatasourceConfig } from '../../../server/engine/connectors/jdbc_url';
import { errorBody } from '../../../server/engine/error_body';
import { FederationError } from '../../../server/engine/errors';
import { FetchHttpError } from '../../services/fetch_http_client';
import { datasourceFieldOf } from './server_field_errors';

/** What the browser receives when the server throws `error` (its real wire format). */
function asHttpError(error: unknown): FetchHttpError {
  if (!(error instanceof FederationError)) throw error;
  const body = errorBody(error.status, error.type, error.reason, error.details);
  return new FetchHttpError(error.reason, new Response(null, { status: error.status }), body);
}

function refusal(jdbc: JdbcConfig): FetchHttpError {
  try {
    parseDatasourceConfig(separateCredentials(jdbc));
  } catch (error) {
    return asHttpError(error);
  }
  throw new Error(`the server accepted ${JSON.stringify(jdbc)}`);
}

describe('datasourceFieldOf', () => {
  it("finds the field the server's own refusals name", () => {
    const pg = 'org.postgresql.Driver';
    expect(datasourceFieldOf(refusal({ driver: 'org.h2.Driver', url: 'jdbc:h2:x' }))).toBe(
      'driver'
    );
    expect(datasourceFieldOf(refusal({ driver: pg, url: 'jdbc:mysql://h/db' }))).toBe('url');
    expect(datasourceFieldOf(refusal({ driver: pg, url: 'jdbc:postgresql://h:99999/db' }))).toBe(
      'url'
    );
    expect(
      datasourceFieldOf(refusal({ driver: pg, url: 'jdbc:postgresql://h/db', timezone: 'Mars/X' }))
    ).toBe('timezone');
    expect(
      datasourceFieldOf(refusal({ driver: pg, url: 'jdbc:postgresql://u:a@h/db', password: 'b' }))
    ).toBe('password');
    const idError = new FederationError(
      400,
      'illegal_argument_exception',
      `Invalid datasource id [-x]: ${datasourceIdProblem('-x')}`
    );
    expect(datasourceFieldOf(asHttpError(idError))).toBe('id');
  });

  it('names no field for failures that are not the form’s fault', () => {
    const down = new FederationError(
      502,
      'datasource_authentication_exception',
      'the datasource refused the login; check jdbc.username and jdbc.password'
    );
    expect(datasourceFieldOf(asHttpError(down))).toBeNull();
    expect(datasourceFieldOf(new Error('offline'))).toBeNull();
  });
});
