import type { Connector, QueryOptions } from './connector';

/**
 * The connector with `signal` added to every call's own: a request's statements are cancelled
 * when its caller leaves (RequestScope.signal), whatever layer started them and whether or not
 * that layer passed a signal of its own. The pool is the same; only the calls are bound.
 */
export function signalledConnector(
  connector: Connector,
  signal: AbortSignal | undefined
): Connector {
  if (signal === undefined) return connector;
  const bound = (options: QueryOptions | undefined): QueryOptions => ({
    ...options,
    signal: options?.signal ? AbortSignal.any([signal, options.signal]) : signal,
  });
  return {
    kind: connector.kind,
    dialect: connector.dialect,
    validate: (options) => connector.validate(bound(options)),
    query: (sql, params, options) => connector.query(sql, params, bound(options)),
    forEachRow: (sql, params, onRow, options) =>
      connector.forEachRow(sql, params, onRow, bound(options)),
    describe: (resource, options) => connector.describe(resource, bound(options)),
    metadata: (options) => connector.metadata(bound(options)),
    stream: (sql, params, options) => connector.stream(sql, params, bound(options)),
    close: () => connector.close(),
  };
}
