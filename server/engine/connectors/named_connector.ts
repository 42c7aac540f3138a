import { FederationError } from '../errors';
import type { Connector } from './connector';

/** The error with `datasource [id]: ` in front, so a user with many datasources knows which. */
export function withDatasourceName(id: string, err: unknown): unknown {
  if (!(err instanceof FederationError) || err.status < 500) return err;
  if (err.details.datasource === id) return err;
  return new FederationError(
    err.status,
    err.type,
    `datasource [${id}]: ${err.reason}`,
    { ...err.details, datasource: id },
    { cause: err.cause }
  );
}

/** The connector of datasource `id`, whose remote failures (5xx) name the datasource. */
export function namedConnector(id: string, connector: Connector): Connector {
  const name = <T>(promise: Promise<T>) =>
    promise.catch((err: unknown) => {
      throw withDatasourceName(id, err);
    });
  return {
    kind: connector.kind,
    dialect: connector.dialect,
    validate: (options) => name(connector.validate(options)),
    query: (sql, params, options) => name(connector.query(sql, params, options)),
    forEachRow: (sql, params, onRow, options) =>
      name(connector.forEachRow(sql, params, onRow, options)),
    describe: (resource, options) => name(connector.describe(resource, options)),
    metadata: (options) => name(connector.metadata(options)),
    async *stream(sql, params, options) {
      try {
        yield* connector.stream(sql, params, options);
      } catch (err) {
        throw withDatasourceName(id, err);
      }
    },
    close: () => connector.close(),
  };
}
