/**
 * One remote SQL database, reached through its Node driver. Each database has its own folder
 * here whose connector implements this interface; the engine never touches a driver directly.
 */
import type { SqlDialect } from '../sql/dialect';
import type { ConnectorKind, ResourceRef, Row } from '../sql/remote_types';

export type { ConnectorKind, ResourceRef, Row };

/** Index field types a remote column maps to (docs/api/interface.md §2.3); null: skipped, not understood. */
export type MappedType = 'keyword' | 'boolean' | 'date' | 'long' | 'double';

export interface RemoteColumn {
  name: string;
  /** The database's own type name, e.g. `character varying`, `bigint`, `DATETIME`. */
  remoteType: string;
  mappedType: MappedType | null;
  /**
   * For date columns: true when the value is an instant (PostgreSQL `timestamptz`), false when it
   * is a wall-clock value read in the datasource's `jdbc.timezone`.
   */
  zoned?: boolean;
  nullable: boolean;
  /**
   * For keyword columns, true when the column's collation is known to be deterministic: texts it
   * finds equal are byte for byte equal (PostgreSQL's default and libc collations; not an ICU
   * one made with `deterministic = false`, nor MariaDB's `_ci`). Absent: not known.
   */
  deterministic?: boolean;
}

export interface RemoteResource extends Required<Pick<ResourceRef, 'name'>> {
  catalog?: string;
  schema?: string;
  kind: 'table' | 'view';
}

export interface ConnectorMetadata {
  catalogs: string[];
  schemas: Array<{ catalog?: string; name: string }>;
  resources: RemoteResource[];
}

export interface QueryOptions {
  /** Cancels the statement on the server side when aborted. */
  signal?: AbortSignal;
  /** Statement timeout in milliseconds (the connector's default when absent). */
  timeoutMs?: number;
  /**
   * Rows per round trip when streaming (the connector's `connectorBatchSize` when absent): small
   * rows such as join keys are worth fetching in larger batches.
   */
  batchSize?: number;
}

export interface Connector {
  readonly kind: ConnectorKind;
  readonly dialect: SqlDialect;
  /** Opens a connection and runs a trivial statement; resolves with the server's version text. */
  validate(options?: QueryOptions): Promise<{ server: string }>;
  /**
   * Streams the rows of one parameterised statement with back-pressure: the next batch is read
   * from the server only as the consumer pulls. Breaking out of the loop releases the connection.
   */
  stream(sql: string, params: unknown[], options?: QueryOptions): AsyncIterable<Row>;
  /**
   * Runs one statement and hands each row to `onRow` as it arrives, holding none: for readers
   * that reduce rows synchronously (join keys). PostgreSQL reads it without a cursor, so the
   * server may plan it with parallel workers; the others read it as `stream` does. A throw from
   * `onRow` ends the statement (its connection is dropped) and rejects with that error.
   */
  forEachRow(
    sql: string,
    params: unknown[],
    onRow: (row: Row) => void,
    options?: QueryOptions
  ): Promise<void>;
  /** Runs a statement whose result is small (aggregations, counts) and returns all rows. */
  query(sql: string, params: unknown[], options?: QueryOptions): Promise<Row[]>;
  /** The columns of a table or view; throws a 404-type error when it does not exist. */
  describe(resource: ResourceRef, options?: QueryOptions): Promise<RemoteColumn[]>;
  /** Catalogs, schemas and tables/views visible to the connection. */
  metadata(options?: QueryOptions): Promise<ConnectorMetadata>;
  /** Closes every pooled connection. */
  close(): Promise<void>;
}
