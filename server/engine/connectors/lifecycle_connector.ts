/**
 * What every connector does the same way on top of its StatementLifecycle: the version check,
 * rows streamed through the lifecycle, a small result collected from that stream, `forEachRow`
 * read as the stream, and a close that cannot hang. A database's connector supplies the
 * lifecycle's hooks, how a statement starts on a connection (`open`), its describe and metadata,
 * and overrides a reading only where its driver has a better one (PostgreSQL's `forEachRow`
 * without a cursor; PostgreSQL's and MySQL's one-round-trip `query`).
 */
import type { SqlDialect } from '../sql/dialect';
import type {
  Connector,
  ConnectorKind,
  ConnectorMetadata,
  QueryOptions,
  RemoteColumn,
  ResourceRef,
  Row,
} from './connector';
import type { ConnectorLimits } from './connector_limits';
import { withTimeout } from './deadlines';
import type { RowSource, StatementLifecycle } from './statement_lifecycle';

export abstract class LifecycleConnector<C> implements Connector {
  abstract readonly kind: ConnectorKind;
  abstract readonly dialect: SqlDialect;
  /** Built by the database's connector, once what its hooks use (a pool) exists. */
  protected abstract readonly lifecycle: StatementLifecycle<C>;

  constructor(protected readonly limits: ConnectorLimits) {}

  /** Starts `sql` on a set-up connection; its rows, a batch at a time. */
  protected abstract open(
    conn: C,
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined
  ): RowSource;

  /** Closes the pool (or the worker processes) for good. */
  protected abstract end(): Promise<void>;

  abstract describe(resource: ResourceRef, options?: QueryOptions): Promise<RemoteColumn[]>;

  abstract metadata(options?: QueryOptions): Promise<ConnectorMetadata>;

  async validate(options?: QueryOptions): Promise<{ server: string }> {
    const rows = await this.query(this.dialect.versionStatement, [], options);
    return { server: this.serverText(String(Object.values(rows[0] ?? {})[0] ?? '')) };
  }

  stream(sql: string, params: unknown[], options?: QueryOptions): AsyncIterable<Row> {
    return this.lifecycle.stream(options, (conn) => this.open(conn, sql, params, options));
  }

  async query(sql: string, params: unknown[], options?: QueryOptions): Promise<Row[]> {
    const rows: Row[] = [];
    for await (const row of this.stream(sql, params, options)) rows.push(row);
    return rows;
  }

  async forEachRow(
    sql: string,
    params: unknown[],
    onRow: (row: Row) => void,
    options?: QueryOptions
  ): Promise<void> {
    // A throw from onRow leaves the loop, which ends the stream: the lifecycle closes the
    // statement or drops its connection, and the consumer's own error is what rejects.
    for await (const row of this.stream(sql, params, options)) onRow(row);
  }

  async close(): Promise<void> {
    // A pooled connection to a server that stopped answering would hold the end forever.
    await withTimeout(this.end(), this.limits.connectTimeoutMs, undefined);
  }

  /** The server's version text as `validate` reports it. */
  protected serverText(version: string): string {
    return version;
  }
}
